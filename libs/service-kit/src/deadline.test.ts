// A request held on the bus past its deadline (a frozen NATS delivering late) is not run, and a
// write whose transaction is still open at the deadline is rolled back: a caller that got its
// timeout can rely on nothing having changed.
import { createInProcessBus, withDeadline, type Bus } from '@airwave/bus';
import { AirwaveError, defineOperation } from '@airwave/contracts';
import { createTestDatabase, openDatabase, sql, type Database } from '@airwave/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commitDeadline, REPLY_MARGIN_MS } from './deadline';
import { bindOperation, callOperation } from './operations';

const saveNote = defineOperation({ subject: 'test.save-note', input: z.object({ name: z.string(), workMs: z.number() }), output: z.unknown(), auth: 'none' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bus whose requests wait `holdMs` before they are delivered, as messages in a paused NATS do. */
function holdingBus(inner: Bus, holdMs: number): Bus {
  return {
    ...inner,
    request: (subject, data, options = {}) => {
      const timeoutMs = options.timeoutMs ?? 5000;
      // The deadline is stamped when the caller sends, not when the message is finally delivered.
      const headers = withDeadline(options.headers, timeoutMs);
      const delivered = pause(holdMs).then(() => inner.request(subject, data, { headers, timeoutMs: 60_000 }));
      const timedOut = pause(timeoutMs).then(() => Promise.reject(new AirwaveError('timeout', `No reply on ${subject} within ${timeoutMs} ms.`)));
      delivered.catch(() => undefined);
      return Promise.race([delivered, timedOut]);
    },
  };
}

describe('commitDeadline', () => {
  it("leaves the reply's margin before the caller's deadline, at most half of the time left", () => {
    expect(commitDeadline({}, 1000)).toBeUndefined();
    expect(commitDeadline({ 'x-airwave-deadline': '11000' }, 1000)).toBe(11000 - REPLY_MARGIN_MS);
    expect(commitDeadline({ 'x-airwave-deadline': '1200' }, 1000)).toBe(1100);
    expect(commitDeadline({ 'x-airwave-deadline': '900' }, 1000)).toBe(900);
  });
});

function suite(name: string, open: () => Promise<{ database: Database; cleanup(): Promise<void> }>) {
  describe(name, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    const bus = createInProcessBus();
    const ran: string[] = [];
    const names = async () => (await sql<{ name: string }>`select name from note order by name`.execute(database.root)).rows.map((r) => r.name);
    const outcome = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: unknown) => (AirwaveError.is(error) ? error.code : error));

    beforeAll(async () => {
      ({ database, cleanup } = await open());
      await sql`create table note (name text primary key)`.execute(database.root);
      await bindOperation(bus, saveNote, async ({ name, workMs }) => {
        ran.push(name);
        await database.root.transaction().execute(async (trx) => {
          await sql`insert into note values (${name})`.execute(trx);
          await pause(workMs);
        });
        return null;
      });
    });
    afterAll(async () => {
      await bus.drain().catch(() => undefined);
      await database?.close();
      await cleanup();
    });

    it('does not run a request delivered after its deadline', async () => {
      const held = holdingBus(bus, 900);
      expect(await outcome(callOperation(held, saveNote, { name: 'held', workMs: 0 }, { timeoutMs: 400 }))).toBe('timeout');
      await pause(1000); // the held message is delivered now, long after the caller gave up
      expect(ran).not.toContain('held');
      expect(await names()).not.toContain('held');
    });

    it('rolls back a write still working at its deadline; the caller got its timeout and nothing changed', async () => {
      expect(await outcome(callOperation(bus, saveNote, { name: 'slow', workMs: 1200 }, { timeoutMs: 600 }))).toBe('timeout');
      await pause(1000);
      expect(ran).toContain('slow');
      expect(await names()).not.toContain('slow');
    });

    it('commits what is done in time', async () => {
      const held = holdingBus(bus, 50);
      expect(await outcome(callOperation(held, saveNote, { name: 'quick', workMs: 0 }, { timeoutMs: 3000 }))).toBe('ok');
      expect(await names()).toContain('quick');
    });
  });
}

suite('PGlite (embedded)', async () => ({ database: await openDatabase({ memory: true }), cleanup: async () => undefined }));
const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  suite('PostgreSQL', async () => {
    const t = await createTestDatabase(baseUrl, 'deadline');
    return { database: await openDatabase({ url: t.url }), cleanup: t.drop };
  });
}
