// The last_player table: the player a user last chose on the timeslots or shows page.
import type { SchedulingDB } from '../schema';

export type Page = 'timeslots' | 'shows' | 'alerts';

export const lastPlayerOf = async (db: SchedulingDB, userId: number, page: Page) =>
  (await db.selectFrom('last_player').select('player_id').where('user_id', '=', userId).where('page', '=', page).executeTakeFirst())?.player_id ?? null;

export const rememberPlayer = (db: SchedulingDB, userId: number, page: Page, playerId: number) =>
  db
    .insertInto('last_player')
    .values({ user_id: userId, page, player_id: playerId })
    .onConflict((oc) => oc.columns(['user_id', 'page']).doUpdateSet({ player_id: playerId }))
    .execute();

/** A deleted player is nobody's last player any more. */
export const forgetPlayer = (trx: SchedulingDB, playerId: number) => trx.deleteFrom('last_player').where('player_id', '=', playerId).execute();

export const forgetUser = (db: SchedulingDB, userId: number) => db.deleteFrom('last_player').where('user_id', '=', userId).execute();
