// Queries timeslots and shows share, on either table: a player's save lock, the entries that might
// collide with a new one, and the entries a listing window reaches.
import { sql } from 'kysely';
import type { SchedulingDB } from '../schema';
import type { EntryRow } from './entries';

export type EntryTable = 'timeslots' | 'shows';

/** Saves serialize per player and table: two saves that would collide cannot both win. */
export const lockPlayer = (trx: SchedulingDB, table: EntryTable, playerId: number) => sql`select pg_advisory_xact_lock(hashtext(${`airwave-${table}-${playerId}`}))`.execute(trx);

/** A player's entries whose series could overlap [from, to) (excluding the entry being saved). */
export async function overlapCandidates(trx: SchedulingDB, table: EntryTable, playerId: number, from: number, to: number, excludeId: number | undefined) {
  let query = trx
    .selectFrom(table)
    .select(['id', 'player_id', 'user_id', 'mode', 'x_data', 'start', 'duration', 'stop'])
    .where('player_id', '=', playerId)
    .where('start', '<', new Date(to))
    .where(sql<boolean>`coalesce(stop, start) + make_interval(secs => duration) > ${new Date(from)}`);
  if (excludeId) query = query.where('id', '<>', excludeId);
  return (await query.execute()) as EntryRow[];
}

/** Entries with an occurrence that may reach into [from, to), by id, of the players (all when null) and user asked for. */
export async function entriesInWindow(db: SchedulingDB, table: EntryTable, from: number, to: number, playerIds: number[] | null, userId?: number) {
  let query = db
    .selectFrom(table)
    .selectAll()
    .where('start', '<', new Date(to))
    .where(sql<boolean>`coalesce(stop, start) + make_interval(secs => duration) > ${new Date(from)}`);
  if (playerIds) query = query.where('player_id', 'in', playerIds.length ? playerIds : [0]);
  if (userId) query = query.where('user_id', '=', userId);
  return (await query.orderBy('id').execute()) as (EntryRow & Record<string, unknown>)[];
}
