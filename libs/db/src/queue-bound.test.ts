// The embedded database's bounded queue: statements past the bound are refused at once, as a
// transient failure (503 with Retry-After at the edge), and the others all run.
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DatabaseBusyError, withQueueBound } from './queue-bound';
import { isTransientDatabaseError } from './transient';

describe('withQueueBound', () => {
  it('refuses what would wait past the bound, and runs the rest', async () => {
    const [{ PGlite }, { PGliteDialect }] = await Promise.all([import('@electric-sql/pglite'), import('kysely-pglite-dialect')]);
    const client = await PGlite.create();
    const db = new Kysely<Record<string, never>>({ dialect: withQueueBound(new PGliteDialect(client), 3) });
    try {
      // A transaction holds the one connection while 10 statements queue behind it.
      let release!: () => void;
      const held = db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await new Promise<void>((done) => (release = done));
      });
      await new Promise((done) => setTimeout(done, 20));
      const queued = Promise.allSettled(Array.from({ length: 10 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(db)));
      await new Promise((done) => setTimeout(done, 20));
      release();
      await held;
      const outcomes = await queued;
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(refused).toHaveLength(7);
      for (const o of refused) {
        const reason = (o as PromiseRejectedResult).reason as unknown;
        expect(reason).toBeInstanceOf(DatabaseBusyError);
        expect(isTransientDatabaseError(reason)).toBe(true);
      }
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
      expect((await sql<{ n: number }>`select 1::int as n`.execute(db)).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});
