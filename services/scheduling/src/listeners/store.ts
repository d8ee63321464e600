// The listener tables (schema-listeners.ts): a batch of sessions written in two statements, the
// sessions of a window, a player's hook key, and the plays of a window from the as-run log.
import { sql } from 'kysely';
import { SCHEDULING_SCHEMA, type SchedulingDB } from '../schema';
import type { SessionBatch } from './session-batch';

const sessionsTable = sql.id(SCHEDULING_SCHEMA, 'listener_sessions');

/** Ends the sessions the batch closes, then opens its new ones (so a reconnect's close never ends the session it opens). */
export async function writeBatch(trx: SchedulingDB, playerId: number, batch: SessionBatch) {
  if (batch.closed.length) {
    const mounts = batch.closed.map((c) => c.mount);
    const clients = batch.closed.map((c) => c.client);
    const ends = batch.closed.map((c) => new Date(c.ended).toISOString());
    await sql`update ${sessionsTable} s set ended = greatest(s.started, c.ended)
      from (select unnest(${mounts}::text[]) as mount, unnest(${clients}::text[]) as client, unnest(${ends}::timestamptz[]) as ended) c
      where s.player_id = ${playerId} and s.mount = c.mount and s.client = c.client and s.ended is null`.execute(trx);
  }
  if (batch.opened.length) {
    const rows = batch.opened.map((s) => ({ player_id: playerId, mount: s.mount, client: s.client, started: new Date(s.started), ended: s.ended === null ? null : new Date(s.ended), address: s.address, country: s.country, agent: s.agent }));
    await trx
      .insertInto('listener_sessions')
      .values(rows)
      .onConflict((oc) => oc.columns(['player_id', 'mount', 'client']).where('ended', 'is', null).doNothing())
      .execute();
  }
}

/** The player's sessions that listened in [from, to). */
export async function sessionsIn(db: SchedulingDB, playerId: number, from: number, to: number) {
  const rows = await db
    .selectFrom('listener_sessions')
    .select(['started', 'ended', 'address', 'country'])
    .where('player_id', '=', playerId)
    .where('started', '<', new Date(to))
    .where((eb) => eb.or([eb('ended', 'is', null), eb('ended', '>', new Date(from))]))
    .execute();
  return rows.map((r) => ({ start: r.started.getTime(), end: r.ended?.getTime() ?? null, address: r.address, country: r.country }));
}

export const hookKeyHash = async (db: SchedulingDB, playerId: number) => (await db.selectFrom('listener_hooks').select('key_hash').where('player_id', '=', playerId).executeTakeFirst())?.key_hash;

export async function setHookKey(db: SchedulingDB, playerId: number, keyHash: string) {
  await db.insertInto('listener_hooks').values({ player_id: playerId, key_hash: keyHash }).onConflict((oc) => oc.column('player_id').doUpdateSet({ key_hash: keyHash })).execute();
}

/** Forgets the player's hook key: answers whether it had one. */
export async function removeHookKey(db: SchedulingDB, playerId: number): Promise<boolean> {
  const result = await db.deleteFrom('listener_hooks').where('player_id', '=', playerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The player's plays starting in [from, to), in order, each ending where it says or where the next begins. */
export async function playsIn(db: SchedulingDB, playerId: number, from: number, to: number) {
  const rows = await db
    .selectFrom('asrun')
    .select(['id', 'media_id', 'artist', 'title', 'played_at', 'ended_at', 'context'])
    .where('player_id', '=', playerId)
    .where(sql<boolean>`played_at >= ${from / 1000} and played_at < ${to / 1000}`)
    .orderBy('played_at')
    .execute();
  return rows.map((r, i) => {
    const start = Math.round(Number(r.played_at) * 1000);
    const next = rows[i + 1];
    const end = r.ended_at !== null ? Math.round(Number(r.ended_at) * 1000) : next ? Math.round(Number(next.played_at) * 1000) : null;
    return { id: r.id, mediaId: r.media_id, artist: r.artist, title: r.title, context: r.context, start, end };
  });
}
