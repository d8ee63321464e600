// Listener sessions past the station's retention deleted; the rest, and every open one, kept.
import { migrateSchema, openDatabase, type Database } from '@airwave/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulingMigrations, SCHEDULING_SCHEMA, type SchedulingDB } from '../schema';
import { pruneListenerSessions } from './retention';

const DAY = 86_400_000;

describe('pruneListenerSessions', () => {
  let database: Database;
  let db: SchedulingDB;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await migrateSchema(database, SCHEDULING_SCHEMA, schedulingMigrations);
    db = database.forSchema(SCHEDULING_SCHEMA) as SchedulingDB;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('deletes what ended longer ago than the retention, keeps the rest and every open session', async () => {
    const now = Date.UTC(2027, 5, 1);
    const { id } = await db.insertInto('players').values({ name: 'Kept FM', timezone: 'UTC' } as never).returning('id').executeTakeFirstOrThrow();
    const session = (client: string, startedDaysAgo: number, endedDaysAgo: number | null) => ({ player_id: id, mount: '/live', client, started: new Date(now - startedDaysAgo * DAY), ended: endedDaysAgo === null ? null : new Date(now - endedDaysAgo * DAY), address: 'h', agent: '' });
    await db.insertInto('listener_sessions').values([session('1', 100, 99), session('2', 91, 89), session('3', 200, null), session('4', 5, 4)]).execute();
    expect(await pruneListenerSessions({ db, listenerRetentionDays: 90 }, now)).toBe(1);
    const left = await db.selectFrom('listener_sessions').select('client').orderBy('client').execute();
    expect(left.map((r) => r.client)).toEqual(['2', '3', '4']);
    expect(await pruneListenerSessions({ db, listenerRetentionDays: 3 }, now)).toBe(2);
  });
});
