// The zone lookup: every time of an entry, a list window or a dayparting check is read in its
// player's zone (docs/decisions/scheduling.md, "Times").
import { badRequest } from '@airwave/contracts';
import type { SchedulingDB } from '../schema';

/** The zone of an entry's player; an unknown player is the request's mistake (400). */
export async function playerZone(trx: SchedulingDB, playerId: number) {
  const player = await trx.selectFrom('players').select('timezone').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw badRequest(`Invalid input: player_id: no player ${playerId}`);
  return player.timezone;
}

// A list's player may be unknown (it has nothing to list): its window is read in UTC.
export const listZone = async (db: SchedulingDB, playerId: number) => (await db.selectFrom('players').select('timezone').where('id', '=', playerId).executeTakeFirst())?.timezone ?? 'UTC';

/** Every player's zone, by player id. */
export async function playerZones(db: SchedulingDB) {
  const players = await db.selectFrom('players').select(['id', 'timezone']).execute();
  return new Map(players.map((p) => [p.id, p.timezone]));
}

/**
 * The zone of a player that a row about to be written refers to, its row share-locked for the rest
 * of the transaction, so the player cannot be deleted under the write (400 when it is gone already).
 */
export async function lockedPlayerZone(trx: SchedulingDB, playerId: number) {
  const player = await trx.selectFrom('players').select('timezone').where('id', '=', playerId).forKeyShare().executeTakeFirst();
  if (!player) throw badRequest(`Invalid input: player_id: no player ${playerId}`);
  return player.timezone;
}
