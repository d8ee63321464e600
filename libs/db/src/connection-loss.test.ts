// A PostgreSQL that ends the service's connections (pg_terminate_backend, a restart, a failover) must
// not take the process down: the queries on those connections fail with an error the edge answers
// as 503, and the pool opens new connections by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabase, isTransientDatabaseError, openDatabase, type Database, type TestDatabase } from './index';
import { limit } from '../../../vitest.shared';

const baseUrl = process.env.DATABASE_URL;

/** Ends every connection to `database` except the admin's own; never another database's. */
async function terminateBackends(admin: pg.Client, database: string): Promise<number> {
  const result = await admin.query<{ pid: number }>(
    'select pg_terminate_backend(pid) as pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return result.rowCount ?? 0;
}

describe.skipIf(!baseUrl)('PostgreSQL ends the connections in use', () => {
  let t: TestDatabase;
  let db: Database;
  let admin: pg.Client;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    t = await createTestDatabase(baseUrl!, 'loss');
    db = await openDatabase({ url: t.url, poolSize: 4 });
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await db?.close();
    await admin?.end();
    await t?.drop();
  });

  it('fails the queries on them as transient errors, keeps the process, and answers again at once', { timeout: limit(30_000) }, async () => {
    // Connections checked out and busy (a query running, and a transaction between two statements).
    const running = [1, 2].map(() => sql`select pg_sleep(5)`.execute(db.root).then(() => 'ok', (error: unknown) => error));
    const inTransaction = db.root.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 2`.execute(trx);
    }).then(() => 'ok', (error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await terminateBackends(admin, t.name)).toBeGreaterThanOrEqual(3);
    const failures = await Promise.all([...running, inTransaction]);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(Error);
      expect(isTransientDatabaseError(failure)).toBe(true);
    }
    // The pool recovers alone: the next query within 2 s succeeds.
    const ended = Date.now();
    let answered = false;
    while (!answered && Date.now() - ended < 2000) {
      answered = await db.ping().then(() => true, () => false);
    }
    expect(answered).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uncaught).toEqual([]);
  });

  it('survives its idle connections ending too', { timeout: limit(30_000) }, async () => {
    await Promise.all([1, 2, 3].map(() => db.ping()));
    await terminateBackends(admin, t.name);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const results = await Promise.all([1, 2, 3, 4].map(() => db.ping().then(() => 'ok', (error: unknown) => error)));
    for (const result of results) if (result !== 'ok') expect(isTransientDatabaseError(result)).toBe(true);
    await expect(db.ping()).resolves.toBeUndefined();
    expect(uncaught).toEqual([]);
  });
});

describe('isTransientDatabaseError', () => {
  it('names connection loss, timeouts and serialization failures, not mistakes in a query', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['08006', '08001', '57P01', '57P03', '53300', '40001', '40P01', '57014', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isTransientDatabaseError(coded(code)), code).toBe(true);
    }
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransientDatabaseError(new Error('PGlite is closed'))).toBe(true);
    for (const code of ['23505', '42P01', '22P02']) expect(isTransientDatabaseError(coded(code)), code).toBe(false);
    expect(isTransientDatabaseError(new Error('boom'))).toBe(false);
    expect(isTransientDatabaseError('text')).toBe(false);
  });
});
