// The driver keeps a deadline: nothing commits after it, a statement outside a transaction does not
// start after it, and on PostgreSQL no statement of a transaction runs past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, DeadlinePassedError, openDatabase, runWithDeadline, runWithoutDeadline, type Database } from './index';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function suite(name: string, open: () => Promise<{ db: Database; cleanup(): Promise<void> }>) {
  describe(name, () => {
    let db: Database;
    let cleanup: () => Promise<void> = async () => undefined;
    const names = async () => (await sql<{ name: string }>`select name from deadline_item order by name`.execute(db.root)).rows.map((r) => r.name);
    beforeAll(async () => {
      ({ db, cleanup } = await open());
      await sql`create table deadline_item (name text primary key)`.execute(db.root);
    });
    afterAll(async () => {
      await db?.close();
      await cleanup();
    });

    it('commits a transaction that ends before its deadline', async () => {
      await runWithDeadline(Date.now() + 5000, () => db.root.transaction().execute((trx) => sql`insert into deadline_item values ('in time')`.execute(trx)));
      expect(await names()).toContain('in time');
    });

    it('rolls back a transaction still open at its deadline, instead of committing it', async () => {
      const late = runWithDeadline(Date.now() + 150, () =>
        db.root.transaction().execute(async (trx) => {
          await sql`insert into deadline_item values ('too late')`.execute(trx);
          await pause(300);
        }),
      );
      await expect(late).rejects.toBeInstanceOf(DeadlinePassedError);
      expect(await names()).not.toContain('too late');
      // The connection went back clean: the next transaction commits.
      await db.root.transaction().execute((trx) => sql`insert into deadline_item values ('after')`.execute(trx));
      expect(await names()).toContain('after');
    });

    it('starts no statement and no transaction after the deadline', async () => {
      const passed = Date.now() - 1;
      await expect(runWithDeadline(passed, () => sql`insert into deadline_item values ('never')`.execute(db.root))).rejects.toBeInstanceOf(DeadlinePassedError);
      await expect(runWithDeadline(passed, () => db.root.transaction().execute((trx) => sql`insert into deadline_item values ('never')`.execute(trx)))).rejects.toBeInstanceOf(DeadlinePassedError);
      expect(await names()).not.toContain('never');
    });

    it('leaves work outside the deadline alone', async () => {
      await runWithDeadline(Date.now() - 1, () => runWithoutDeadline(() => sql`insert into deadline_item values ('background')`.execute(db.root)));
      expect(await names()).toContain('background');
    });
  });
}

suite('PGlite (embedded)', async () => ({ db: await openDatabase({ memory: true }), cleanup: async () => undefined }));

const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  suite('PostgreSQL', async () => {
    const t = await createTestDatabase(baseUrl, 'deadline');
    return { db: await openDatabase({ url: t.url }), cleanup: t.drop };
  });

  describe('PostgreSQL: statement_timeout from the time left', () => {
    it('cancels a statement of a transaction that would run past the deadline', async () => {
      const t = await createTestDatabase(baseUrl, 'deadline');
      const db = await openDatabase({ url: t.url });
      try {
        const started = Date.now();
        const slow = runWithDeadline(Date.now() + 300, () => db.root.transaction().execute((trx) => sql`select pg_sleep(5)`.execute(trx)));
        await expect(slow).rejects.toMatchObject({ code: '57014' });
        expect(Date.now() - started).toBeLessThan(3000);
        // The SET LOCAL ended with its transaction.
        const timeout = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db.root);
        expect(timeout.rows[0]?.statement_timeout).toBe('0');
      } finally {
        await db.close();
        await t.drop();
      }
    });
  });
}
