// The timeslots table.
import type { Insertable } from 'kysely';
import type { SchedulingDB, SchedulingSchema } from '../schema';
import type { EntryRow } from '../schedule/entries';

export type TimeslotColumns = Omit<Insertable<SchedulingSchema['timeslots']>, 'id' | 'created'>;

export const findTimeslot = (db: SchedulingDB, id: number) => db.selectFrom('timeslots').selectAll().where('id', '=', id).executeTakeFirst();

/** Whose player a timeslot is on (for the permission check) and its first start (times.ts, localStartOf), or undefined. */
export const timeslotPlayer = (trx: SchedulingDB, id: number) => trx.selectFrom('timeslots').select(['player_id', 'start', 'local_start']).where('id', '=', id).executeTakeFirst();

export const insertTimeslot = (trx: SchedulingDB, values: TimeslotColumns) => trx.insertInto('timeslots').values(values).returningAll().executeTakeFirstOrThrow();

export const updateTimeslot = (trx: SchedulingDB, id: number, values: TimeslotColumns) =>
  trx.updateTable('timeslots').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deleteTimeslot = (trx: SchedulingDB, id: number) => trx.deleteFrom('timeslots').where('id', '=', id).execute();

export async function countTimeslotsOf(trx: SchedulingDB, playerId: number) {
  const { n } = await trx.selectFrom('timeslots').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', playerId).executeTakeFirstOrThrow();
  return Number(n);
}

/** A user's timeslots on a player (where they may schedule shows without manage_timeslots). */
export const timeslotsOfUser = async (trx: SchedulingDB, playerId: number, userId: number) =>
  (await trx
    .selectFrom('timeslots')
    .select(['id', 'player_id', 'user_id', 'mode', 'x_data', 'start', 'duration', 'stop', 'local_start'])
    .where('player_id', '=', playerId)
    .where('user_id', '=', userId)
    .execute()) as EntryRow[];
