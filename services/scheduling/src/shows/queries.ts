// The shows table.
import type { Insertable } from 'kysely';
import type { SchedulingDB, SchedulingSchema } from '../schema';

export type ShowColumns = Omit<Insertable<SchedulingSchema['shows']>, 'id' | 'created'>;

export const findShow = (db: SchedulingDB, id: number) => db.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirst();

/** A show's player and owner (for the permission checks), or undefined. */
export const showOwner = (trx: SchedulingDB, id: number) => trx.selectFrom('shows').select(['player_id', 'user_id', 'start', 'local_start']).where('id', '=', id).executeTakeFirst();

export const insertShow = (trx: SchedulingDB, values: ShowColumns) => trx.insertInto('shows').values(values).returningAll().executeTakeFirstOrThrow();

export const updateShow = (trx: SchedulingDB, id: number, values: ShowColumns) => trx.updateTable('shows').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deleteShow = (trx: SchedulingDB, id: number) => trx.deleteFrom('shows').where('id', '=', id).execute();

export async function countShowsOf(trx: SchedulingDB, playerId: number) {
  const { n } = await trx.selectFrom('shows').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', playerId).executeTakeFirstOrThrow();
  return Number(n);
}

/** Flags the shows that air any of these media items, in the series or in one occurrence; answers which. */
export const flagShowsOfMedia = (trx: SchedulingDB, itemIds: number[], reason: string) =>
  trx
    .updateTable('shows')
    .set({ flagged: reason })
    .where((eb) =>
      eb.or([
        eb.and([eb('item_type', '=', 'media'), eb('item_id', 'in', itemIds)]),
        // An occurrence airing the item instead (an exception) needs attention too.
        eb('id', 'in', eb.selectFrom('show_exceptions').select('series_id').where('item_type', '=', 'media').where('item_id', 'in', itemIds)),
      ]),
    )
    .returning(['id', 'player_id'])
    .execute();
