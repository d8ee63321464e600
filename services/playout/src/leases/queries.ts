// Leases: exactly one replica airs a player. A replica renews the leases it holds and takes those
// that are free or expired, in one statement per player (an upsert that only wins when the row is
// its own or expired), so two replicas can never both hold a player.
import { sql } from 'kysely';
import type { PlayoutDB } from '../schema';

export interface Lease {
  player_id: number;
  holder: string;
  expires_at: Date;
  acquired_at: Date;
}

/**
 * Renews or takes the lease of each player for `ttlMs`; answers the players this holder holds
 * afterwards. A player held by another replica whose lease has not expired is left alone.
 */
export async function claimLeases(db: PlayoutDB, holder: string, playerIds: number[], ttlMs: number): Promise<number[]> {
  if (playerIds.length === 0) return [];
  const expires = sql<Date>`now() + ${`${ttlMs} milliseconds`}::interval`;
  const rows = await db
    .insertInto('leases')
    .values(playerIds.map((player_id) => ({ player_id, holder, expires_at: expires, acquired_at: sql<Date>`now()` })))
    .onConflict((oc) =>
      oc
        .column('player_id')
        .doUpdateSet({
          holder,
          expires_at: expires,
          // A renewal keeps when it was taken; a takeover starts anew.
          acquired_at: sql<Date>`case when leases.holder = ${holder} then leases.acquired_at else now() end`,
        })
        .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.expires_at', '<', sql<Date>`now()`)])),
    )
    .returning('player_id')
    .execute();
  return rows.map((row) => row.player_id).sort((a, b) => a - b);
}

/** Lets the holder's leases go at once (a clean stop: another replica takes over at its next round). */
export async function releaseLeases(db: PlayoutDB, holder: string, playerIds?: number[]): Promise<void> {
  let query = db.deleteFrom('leases').where('holder', '=', holder);
  if (playerIds) query = query.where('player_id', 'in', playerIds.length ? playerIds : [0]);
  await query.execute();
}

/** Every lease, for the status. */
export const listLeases = (db: PlayoutDB): Promise<Lease[]> => db.selectFrom('leases').selectAll().orderBy('player_id').execute();

/** How many live leases each holder has, to spread players over replicas. */
export async function liveHolders(db: PlayoutDB): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('leases')
    .select(['holder', (eb) => eb.fn.countAll<string>().as('held')])
    .where('expires_at', '>', sql<Date>`now()`)
    .groupBy('holder')
    .execute();
  return new Map(rows.map((row) => [row.holder, Number(row.held)]));
}

/**
 * Takes over at once the leases a dead replica of this host still holds for the players it aired
 * (its processes were found by their records, its pid gone): a restarted service goes on airing
 * them without waiting for the leases to expire. Rows another replica took meanwhile stay theirs.
 */
export async function inheritLeases(db: PlayoutDB, deadHolder: string, holder: string, playerIds: number[], ttlMs: number): Promise<number[]> {
  if (playerIds.length === 0 || deadHolder === holder) return [];
  const rows = await db
    .updateTable('leases')
    .set({ holder, expires_at: sql<Date>`now() + ${`${ttlMs} milliseconds`}::interval`, acquired_at: sql<Date>`now()` })
    .where('holder', '=', deadHolder)
    .where('player_id', 'in', playerIds)
    .returning('player_id')
    .execute();
  return rows.map((row) => row.player_id);
}
