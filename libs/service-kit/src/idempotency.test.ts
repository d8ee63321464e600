// A write's Idempotency-Key recorded where the write commits: the retry of a write that was made is
// answered its first reply and makes nothing; attempts that race make it once; a write that rolled
// back leaves no key; requests without a key are untouched. On PGlite and, when DATABASE_URL is
// set, on PostgreSQL (where the racing transactions truly overlap).
import { createInProcessBus, type Bus } from '@airwave/bus';
import { AirwaveError } from '@airwave/contracts';
import { createTestDatabase, migrateSchema, openDatabase, sql, type AnyDB, type Database } from '@airwave/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, idempotencyMigration, keyRecordingBus, recordKeyInTransaction } from './idempotency';

const SCHEMA = 'kit_keys';

const engines: [string, () => Promise<{ database: Database; drop?: () => Promise<void> }>][] = [['PGlite', async () => ({ database: await openDatabase({ memory: true }) })]];
if (process.env.DATABASE_URL) {
  engines.push([
    'PostgreSQL',
    async () => {
      const testDb = await createTestDatabase(process.env.DATABASE_URL!, 'keys');
      return { database: await openDatabase({ url: testDb.url, poolSize: 4 }), drop: testDb.drop };
    },
  ]);
}

describe.each(engines)('Idempotency-Key recorded with the write (%s)', (_name, open) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let db: AnyDB;
  let bus: Bus;
  /** What the handler is told to do before its transaction commits (the race waits here). */
  let beforeCommit: () => Promise<void> = async () => undefined;
  let fail = false;

  beforeAll(async () => {
    ({ database, drop } = await open());
    await migrateSchema(database, SCHEMA, {
      idempotency_0001: idempotencyMigration,
      writes_0001: { up: async (m) => void (await m.schema.createTable('writes').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('name', 'text').execute()) },
    });
    db = database.forSchema(SCHEMA) as AnyDB;
    bus = createInProcessBus({ prefix: `keys-${Math.random().toString(36).slice(2)}` });
    await keyRecordingBus(bus, db).handle('test.write', async (request) => {
      const { name } = request.data as { name: string };
      return db.transaction().execute(async (trx) => {
        await recordKeyInTransaction(trx);
        const row = await trx.insertInto('writes').values({ name }).returning('id').executeTakeFirstOrThrow();
        await beforeCommit();
        if (fail) throw new AirwaveError('conflict', 'refused after writing');
        return { id: row.id };
      });
    });
  });
  afterAll(async () => {
    await bus?.drain();
    await database?.close();
    await drop?.();
  });

  const write = (name: string, key?: string) => bus.request('test.write', { name }, key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {});
  const count = async (name: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(`${SCHEMA}.writes`)} where name = ${name}`.execute(database.root)).rows[0]!.n);

  it('answers a retry the first reply and makes nothing more', async () => {
    const first = await write('a', 'key-a');
    expect(await write('a', 'key-a')).toEqual(first);
    expect(await write('a', 'key-a')).toEqual(first);
    expect(await count('a')).toBe(1);
    // without a key, every request runs
    await write('b');
    await write('b');
    expect(await count('b')).toBe(2);
  });

  it('makes a write once when attempts race, each answered its reply or 409', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    beforeCommit = async () => {
      waiting += 1;
      if (waiting === 1) await held;
    };
    const attempts = [write('c', 'key-c'), write('c', 'key-c'), write('c', 'key-c')].map((p) => p.then((reply) => ({ reply }), (error: AirwaveError) => ({ error: error.code })));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const answers = await Promise.all(attempts);
    beforeCommit = async () => undefined;
    expect(await count('c')).toBe(1);
    const replies = answers.filter((a) => 'reply' in a);
    expect(replies.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect('reply' in a ? a.reply : a.error).toEqual('reply' in a ? replies[0]!.reply : 'conflict');
    // once it has answered, every retry gets its reply
    expect(await write('c', 'key-c')).toEqual(replies[0]!.reply);
  });

  it('leaves no key when the write rolled back: the retry runs', async () => {
    fail = true;
    await expect(write('d', 'key-d')).rejects.toMatchObject({ code: 'conflict' });
    fail = false;
    expect(await count('d')).toBe(0);
    await write('d', 'key-d');
    expect(await count('d')).toBe(1);
  });
});

describe('Idempotency-Key with the database away', () => {
  it("answers unavailable (503, try again), not an internal error, when the key's record cannot be read", async () => {
    // Compose's PostgreSQL killed: the service's first statement of a keyed write is the look-up of
    // its key, which failed with "getaddrinfo ENOTFOUND postgres" and reached the client as 500.
    const database = await openDatabase({ memory: true });
    await migrateSchema(database, SCHEMA, { idempotency_0001: idempotencyMigration });
    const bus = createInProcessBus({ prefix: `keys-away-${Math.random().toString(36).slice(2)}` });
    let ran = false;
    await keyRecordingBus(bus, database.forSchema(SCHEMA) as AnyDB).handle('test.write', async () => {
      ran = true;
      return { id: 1 };
    });
    await database.close();
    try {
      await expect(bus.request('test.write', {}, { headers: { [IDEMPOTENCY_HEADER]: 'key-away' } })).rejects.toMatchObject({ code: 'unavailable' });
      expect(ran).toBe(false);
    } finally {
      await bus.drain();
    }
  });
});
