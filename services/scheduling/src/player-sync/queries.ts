// What a player's sync writes: its status row (connects, version, location, now playing) and its
// as-run log.
import type { AsRunInput } from '@airwave/contracts';
import { sql, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { SchedulingDB } from '../schema';
import type { PlayerStatusColumns } from '../schema-players';
import { AS_RUN_COLUMNS, type AsRunRow } from '../monitor/rules';
import { onePerPlay } from './rules';

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

type Entry = z.output<typeof AsRunInput>;

/**
 * Inserts the entries not already logged (same start, item, context and alert) and sets the end of a
 * logged play that has none from an entry that carries one; answers the rows it added or ended.
 */
export async function insertAsRun(trx: SchedulingDB, playerId: number, entries: Entry[]): Promise<(AsRunRow & { inserted: boolean })[]> {
  if (entries.length === 0) return [];
  return trx
    .insertInto('asrun')
    .values(onePerPlay(entries).map(({ timestamp, end, show_name, ...entry }) => ({ player_id: playerId, played_at: timestamp, ended_at: end ?? null, show_name: show_name ?? null, ...entry })))
    .onConflict((oc) =>
      oc
        .columns(['player_id', 'played_at', 'media_id', 'context', 'emerg_id'])
        .doUpdateSet({ ended_at: (eb) => eb.ref('excluded.ended_at') })
        .where('asrun.ended_at', 'is', null)
        .where('excluded.ended_at', 'is not', null),
    )
    .returning([...AS_RUN_COLUMNS, sql<boolean>`xmax = 0`.as('inserted')])
    .execute();
}

/** The latest start logged for the player, as stored ("0" when none). */
export async function lastPlayedAt(db: SchedulingDB, playerId: number): Promise<string> {
  const row = await db.selectFrom('asrun').select(sql<string | null>`max(played_at)::text`.as('last')).where('player_id', '=', playerId).executeTakeFirst();
  return row?.last ?? '0';
}
