// What a player's sync writes: its status row (connects, version, location, now playing) and its
// as-run log.
import type { AsRunInput } from '@airwave/contracts';
import { sql, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { SchedulingDB } from '../schema';
import type { PlayerStatusColumns } from '../schema-players';
import type { AsRunRow } from '../monitor/rules';

type StatusValues = Omit<Updateable<PlayerStatusColumns>, 'player_id'>;

/** Writes status columns, making the player's status row on its first report. */
export const writeStatus = (db: SchedulingDB, playerId: number, values: StatusValues) =>
  db
    .insertInto('player_status')
    .values({ player_id: playerId, ...values })
    .onConflict((oc) => oc.column('player_id').doUpdateSet(values))
    .execute();

/** The player's status row locked for the rest of the transaction (made empty first if it has none). */
export async function lockStatus(trx: SchedulingDB, playerId: number) {
  await trx.insertInto('player_status').values({ player_id: playerId }).onConflict((oc) => oc.column('player_id').doNothing()).execute();
  return trx.selectFrom('player_status').selectAll().where('player_id', '=', playerId).forUpdate().executeTakeFirstOrThrow();
}

/** The player's zone with its row share-locked (it cannot be deleted under the write), or undefined. */
export const lockPlayerForWrite = async (trx: SchedulingDB, playerId: number) =>
  (await trx.selectFrom('players').select('timezone').where('id', '=', playerId).forKeyShare().executeTakeFirst())?.timezone;

/** Inserts the entries not already logged (same start, item, context and alert); answers those it added. */
export async function insertAsRun(trx: SchedulingDB, playerId: number, entries: z.output<typeof AsRunInput>[]): Promise<AsRunRow[]> {
  if (entries.length === 0) return [];
  return trx
    .insertInto('asrun')
    .values(entries.map(({ timestamp, ...entry }) => ({ player_id: playerId, played_at: timestamp, ...entry })))
    .onConflict((oc) => oc.columns(['player_id', 'played_at', 'media_id', 'context', 'emerg_id']).doNothing())
    .returning(['id', 'player_id', 'media_id', 'artist', 'title', 'context', 'emerg_id', 'notes', sql<string>`played_at::text`.as('played_at')])
    .execute();
}

/** The latest start logged for the player, as stored ("0" when none). */
export async function lastPlayedAt(db: SchedulingDB, playerId: number): Promise<string> {
  const row = await db.selectFrom('asrun').select(sql<string | null>`max(played_at)::text`.as('last')).where('player_id', '=', playerId).executeTakeFirst();
  return row?.last ?? '0';
}
