// Each play's figures settled with its as-run entry an hour after it ended, then read from there:
// the same figures before and after the sessions' retention deletes the sessions.
import { migrateSchema, openDatabase, type Database } from '@airwave/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulingMigrations, SCHEDULING_SCHEMA, type SchedulingDB } from '../schema';
import { figuresOf } from './figures';
import { pruneListenerSessions } from './retention';
import { settlePlays } from './settle';
import { playsIn } from './store';

const DAY = 86_400_000;
const MIN = 60_000;

describe('settled figures', () => {
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

  it('keeps each ended play’s figures past the sessions, settles nothing younger than an hour, and reads the rest from the sessions', async () => {
    const now = Date.UTC(2027, 5, 1, 12);
    const { id } = await db.insertInto('players').values({ name: 'Settled FM', timezone: 'UTC' } as never).returning('id').executeTakeFirstOrThrow();
    const T = now - 3 * 3_600_000;
    // three plays 3 h ago (the last one's end: the next play's start), one 30 min ago still young
    const play = (startMin: number, endMin: number | null, media: number) => ({ player_id: id, media_id: media, artist: 'A', title: `T${media}`, played_at: String((T + startMin * MIN) / 1000), ended_at: endMin === null ? null : String((T + endMin * MIN) / 1000), context: 'show', emerg_id: 0, notes: '' });
    await db.insertInto('asrun').values([play(0, 4, 1), play(4, 8, 2), play(8, null, 3), play(12, null, 4), { ...play(150, 154, 5) }] as never).execute();
    const session = (client: string, fromMin: number, toMin: number | null) => ({ player_id: id, mount: '/fm', client, started: new Date(T + fromMin * MIN), ended: toMin === null ? null : new Date(T + toMin * MIN), address: `h${client}`, agent: '' });
    await db.insertInto('listener_sessions').values([session('1', -10, 6), session('2', 2, 3), session('3', 5, null), session('4', 151, 152)]).execute();

    const plays = async () => playsIn(db, id, T - MIN, now);
    const before = await figuresOf(db, id, await plays(), now);
    expect(before.slice(0, 3)).toEqual([
      { at_start: 1, peak: 2, listener_seconds: 300, atp: 2 },
      { at_start: 1, peak: 2, listener_seconds: 120 + 180, atp: 2 },
      { at_start: 1, peak: 1, listener_seconds: 240, atp: 1 },
    ]);

    // the fourth play has no end yet (no next play) and the fifth ended under an hour ago: neither settles
    expect(await settlePlays({ db, listenerRetentionDays: 90 }, now)).toBe(3);
    expect(await settlePlays({ db, listenerRetentionDays: 90 }, now)).toBe(0);
    // the sessions gone (a retention shorter than their age), the settled figures stay
    await db.updateTable('listener_sessions').set({ ended: new Date(T + 9 * MIN) }).where('client', '=', '3').execute();
    expect(await pruneListenerSessions({ db, listenerRetentionDays: 0 }, now)).toBe(4);
    const after = await figuresOf(db, id, await plays(), now);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(after[4]).toEqual({ at_start: 0, peak: 0, listener_seconds: 0, atp: 0 });
  });

  it('settles nothing older than the retention (its sessions are gone)', async () => {
    const now = Date.UTC(2027, 9, 1);
    const { id } = await db.insertInto('players').values({ name: 'Old FM', timezone: 'UTC' } as never).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('asrun').values({ player_id: id, media_id: 9, artist: 'A', title: 'Old', played_at: String((now - 100 * DAY) / 1000), ended_at: String((now - 100 * DAY + MIN) / 1000), context: 'show', emerg_id: 0, notes: '' } as never).execute();
    expect(await settlePlays({ db, listenerRetentionDays: 90 }, now)).toBe(0);
  });
});
