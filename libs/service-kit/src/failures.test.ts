// A service whose database connections are ended under it answers `unavailable` (the gateway's 503
// with Retry-After), never `internal`, keeps running, and answers again within 2 s.
import { createInProcessBus } from '@airwave/bus';
import { AirwaveError, defineOperation } from '@airwave/contracts';
import { CommitOutcomeUnknownError, createTestDatabase, openDatabase, sql, type Database, type TestDatabase } from '@airwave/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limit } from '../../../vitest.shared';
import { asEdgeFailure } from './failures';
import { bindOperation, callOperation } from './operations';

const slowRead = defineOperation({ subject: 'test.slow-read', input: z.object({ ms: z.number() }), output: z.unknown(), auth: 'none' });
const baseUrl = process.env.DATABASE_URL;

describe('asEdgeFailure', () => {
  it('answers a COMMIT of unknown outcome as unavailable that says the change may have been made', () => {
    const failure = asEdgeFailure(new CommitOutcomeUnknownError(new Error('Connection terminated unexpectedly')));
    expect(AirwaveError.is(failure)).toBe(true);
    expect((failure as AirwaveError).toWire()).toMatchObject({ code: 'unavailable', details: { outcome: 'unknown' } });
    expect((failure as AirwaveError).message).toMatch(/may have been made/);
  });

  it('turns transient database errors into unavailable and leaves the rest alone', () => {
    const lost = asEdgeFailure(new Error('Connection terminated unexpectedly'));
    expect(AirwaveError.is(lost, 'unavailable')).toBe(true);
    const serialization = asEdgeFailure(Object.assign(new Error('could not serialize access'), { code: '40001' }));
    expect(AirwaveError.is(serialization, 'unavailable')).toBe(true);
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(asEdgeFailure(unique)).toBe(unique);
    const notFound = new AirwaveError('not_found', 'No such show.');
    expect(asEdgeFailure(notFound)).toBe(notFound);
  });
});

describe.skipIf(!baseUrl)('a service whose PostgreSQL connections are terminated', () => {
  let t: TestDatabase;
  let database: Database;
  let admin: Database;
  const bus = createInProcessBus();

  beforeAll(async () => {
    t = await createTestDatabase(baseUrl!, 'edge');
    database = await openDatabase({ url: t.url, poolSize: 4 });
    admin = await openDatabase({ url: baseUrl!, poolSize: 1 });
    await bindOperation(bus, slowRead, async ({ ms }) => {
      await sql`select pg_sleep(${ms / 1000})`.execute(database.root);
      return 'read';
    });
  });
  afterAll(async () => {
    await bus.drain().catch(() => undefined);
    await database?.close();
    await admin?.close();
    await t?.drop();
  });

  it('answers unavailable for the requests on them, then answers within 2 s', { timeout: limit(30_000) }, async () => {
    const outcome = (promise: Promise<unknown>) => promise.then((value) => value, (error: unknown) => (AirwaveError.is(error) ? error.code : error));
    const inFlight = [1, 2, 3].map(() => outcome(callOperation(bus, slowRead, { ms: 3000 }, { timeoutMs: 10_000 })));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Only this suite's database: other databases on the shared server are never touched.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${t.name} and pid <> pg_backend_pid()`.execute(admin.root);
    expect(await Promise.all(inFlight)).toEqual(['unavailable', 'unavailable', 'unavailable']);
    const ended = Date.now();
    let answer: unknown;
    while (answer !== 'read' && Date.now() - ended < 2000) answer = await outcome(callOperation(bus, slowRead, { ms: 0 }));
    expect(answer).toBe('read');
  });
});
