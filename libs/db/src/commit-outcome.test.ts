// A COMMIT whose connection broke: the driver asks PostgreSQL what became of the transaction, so a
// change that committed is a success and one that did not stays an error (commit-outcome.ts).
import { CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommitOutcomeUnknownError, commitKnowingOutcome, isCommitOutcomeUnknown, transactionOutcome } from './commit-outcome';
import { createTestDatabase, runWithDeadline, type TestDatabase } from './index';
import { limit } from '../../../vitest.shared';

const baseUrl = process.env.DATABASE_URL;
const raw = (text: string, parameters: unknown[] = []) => CompiledQuery.raw(text, parameters);

describe.skipIf(!baseUrl)('the outcome of a COMMIT that lost its connection (PostgreSQL)', () => {
  let t: TestDatabase;
  let pool: pg.Pool;
  let driver: Driver;

  beforeAll(async () => {
    t = await createTestDatabase(baseUrl!, 'outcome');
    pool = new pg.Pool({ connectionString: t.url, max: 4 });
    // As open.ts does: a client's connection lost while it is checked out is not an uncaught error.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    driver = new PostgresDialect({ pool }).createDriver();
    await driver.init();
    await pool.query('create table notes (id serial primary key, body text not null)');
  });
  afterAll(async () => {
    await driver?.destroy();
    await t?.drop();
  });

  /** Inserts `body` in a transaction and commits it with `commit`; 'ok' or the error. */
  async function write(body: string, commit: (connection: DatabaseConnection, pid: number) => Promise<void>): Promise<unknown> {
    const connection = await driver.acquireConnection();
    try {
      await driver.beginTransaction(connection, {});
      const pid = (await connection.executeQuery<{ pid: number }>(raw('select pg_backend_pid() as pid'))).rows[0]!.pid;
      await connection.executeQuery(raw('insert into notes (body) values ($1)', [body]));
      return await commitKnowingOutcome(driver, connection, () => commit(connection, pid)).then(
        () => 'ok',
        (error: unknown) => error,
      );
    } finally {
      await driver.releaseConnection(connection);
    }
  }
  const stored = async (body: string) => (await pool.query('select 1 from notes where body = $1', [body])).rowCount;

  it('answers success when the transaction committed but the reply was lost', async () => {
    const outcome = await write('committed, reply lost', async (connection) => {
      await connection.executeQuery(raw('commit'));
      throw new Error('Connection terminated unexpectedly');
    });
    expect(outcome).toBe('ok');
    expect(await stored('committed, reply lost')).toBe(1);
  });

  it('keeps the error when PostgreSQL ended the connection before the COMMIT (rolled back)', { timeout: limit(10_000) }, async () => {
    const outcome = await write('ended before commit', async (connection, pid) => {
      await pool.query('select pg_terminate_backend($1)', [pid]);
      while ((await pool.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount) await new Promise((r) => setTimeout(r, 20));
      await connection.executeQuery(raw('commit'));
    });
    expect(outcome).toBeInstanceOf(Error);
    expect(await stored('ended before commit')).toBe(0);
  });

  it('keeps the error for a transaction that wrote nothing, without asking', async () => {
    const connection = await driver.acquireConnection();
    try {
      await driver.beginTransaction(connection, {});
      const failure = new Error('Connection terminated unexpectedly');
      const outcome = await commitKnowingOutcome({ acquireConnection: () => Promise.reject(new Error('asked')) } as unknown as Driver, connection, () => Promise.reject(failure)).catch((error: unknown) => error);
      expect(outcome).toBe(failure);
      await connection.executeQuery(raw('rollback'));
    } finally {
      await driver.releaseConnection(connection);
    }
  });

  it('says the outcome is unknown when the server cannot be asked before the deadline', async () => {
    const connection = await driver.acquireConnection();
    try {
      await driver.beginTransaction(connection, {});
      await connection.executeQuery(raw('insert into notes (body) values ($1)', ['outcome unknown']));
      const unreachable = { acquireConnection: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as Driver;
      const lost = new Error('Connection terminated unexpectedly');
      const outcome = await runWithDeadline(Date.now() + 300, () => commitKnowingOutcome(unreachable, connection, () => Promise.reject(lost))).catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(CommitOutcomeUnknownError);
      expect(isCommitOutcomeUnknown(outcome)).toBe(true);
      expect((outcome as CommitOutcomeUnknownError).cause).toBe(lost);
      await connection.executeQuery(raw('rollback'));
    } finally {
      await driver.releaseConnection(connection);
    }
  });

  it('answers unknown when the server cannot be asked before the deadline', async () => {
    const unreachable = { acquireConnection: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as Driver;
    const started = Date.now();
    expect(await runWithDeadline(Date.now() + 300, () => transactionOutcome(unreachable, '12345'))).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(limit(1000));
  });
});
