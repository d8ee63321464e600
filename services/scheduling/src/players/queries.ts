// The players tables: settings (players), their station IDs (player_station_ids) and what their
// sync reports (player_status, read here with the player).
import { sql } from 'kysely';
import { SCHEDULING_SCHEMA, type SchedulingDB } from '../schema';
import type { PlayerSettings, PlayerWithStatus } from './rules';

// Raw SQL is not qualified by the handle's withSchema: it names the schema itself.
const playersTable = `${SCHEDULING_SCHEMA}.players`;

const statusColumns = [
  'player_status.version',
  'player_status.last_connect',
  'player_status.last_connect_schedule',
  'player_status.last_connect_emergency',
  'player_status.last_connect_playlog',
  'player_status.last_connect_media',
  'player_status.last_ip_address',
  'player_status.longitude',
  'player_status.latitude',
  'player_status.show_name',
  'player_status.playlist_id',
  'player_status.playlist_end',
  'player_status.media_id',
  'player_status.media_end',
  'player_status.now_playing_updated',
] as const;

/** Players with their status, for a search to narrow and order. */
export const playersWithStatus = (db: SchedulingDB) => db.selectFrom('players').leftJoin('player_status', 'player_status.player_id', 'players.id').selectAll('players').select(statusColumns);

export const findPlayer = (db: SchedulingDB, id: number): Promise<PlayerWithStatus | undefined> =>
  playersWithStatus(db).where('players.id', '=', id).executeTakeFirst() as Promise<PlayerWithStatus | undefined>;

/** Each player's station IDs, in the order they were given. */
export async function stationIdsOf(db: SchedulingDB, playerIds: number[]): Promise<Map<number, number[]>> {
  const ids = new Map<number, number[]>(playerIds.map((id) => [id, []]));
  if (playerIds.length === 0) return ids;
  const rows = await db.selectFrom('player_station_ids').select(['player_id', 'media_id']).where('player_id', 'in', playerIds).orderBy('player_id').orderBy('position').execute();
  for (const row of rows) ids.get(row.player_id)?.push(row.media_id);
  return ids;
}

export const playerExists = async (db: SchedulingDB, id: number) => (await db.selectFrom('players').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** The player row locked for the rest of the transaction (editing or deleting it), or undefined. */
export const lockPlayerRow = (trx: SchedulingDB, id: number) => trx.selectFrom('players').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** The columns a save writes: its settings but the station IDs, and a new password's hash when one was given. */
export type PlayerValues = Omit<PlayerSettings, 'station_ids'> & { password_hash?: string | null };

export const insertPlayer = (trx: SchedulingDB, values: PlayerValues) => trx.insertInto('players').values(values).returningAll().executeTakeFirstOrThrow();

// An upsert: a creation that drew this id before the lock was taken is edited, not doubled.
export const upsertPlayer = (trx: SchedulingDB, id: number, values: PlayerValues) =>
  trx
    .insertInto('players')
    .values({ id, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();

export async function replaceStationIds(trx: SchedulingDB, playerId: number, mediaIds: number[]) {
  await trx.deleteFrom('player_station_ids').where('player_id', '=', playerId).execute();
  if (mediaIds.length) await trx.insertInto('player_station_ids').values(mediaIds.map((media_id, position) => ({ player_id: playerId, position, media_id }))).execute();
}

export const deletePlayer = (trx: SchedulingDB, id: number) => trx.deleteFrom('players').where('id', '=', id).execute();

export async function countAlertsOf(trx: SchedulingDB, playerId: number) {
  const row = await trx.selectFrom('alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', playerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Makes way for a player created with an id of the caller's choosing (PUT /players/{id}): the id
 * sequence moves past it, never back, so later creations do not draw it. The table lock, which
 * every insert waits for, keeps a creation from drawing that id before the sequence has moved.
 */
export const claimPlayerId = async (trx: SchedulingDB, id: number) => {
  await sql`lock table ${sql.table(playersTable)} in share row exclusive mode`.execute(trx);
  await sql`select setval(seq, greatest(${id}::bigint, coalesce(pg_sequence_last_value(seq), 0)))
            from (select pg_get_serial_sequence(${playersTable}, 'id')::regclass as seq) as serial`.execute(trx);
};
