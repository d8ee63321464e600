// The dayparting table.
import type { Insertable } from 'kysely';
import type { SchedulingDB, SchedulingSchema } from '../schema';

type RestrictionColumns = Omit<Insertable<SchedulingSchema['dayparting']>, 'id'>;

export const listRestrictions = (db: SchedulingDB) => db.selectFrom('dayparting').selectAll().orderBy('id').execute();

export const findRestriction = (db: SchedulingDB, id: number) => db.selectFrom('dayparting').selectAll().where('id', '=', id).executeTakeFirst();

/** Creates (id 0) or edits a restriction; undefined when there is none to edit. */
export const saveRestriction = (trx: SchedulingDB, id: number, values: RestrictionColumns) =>
  id
    ? trx.updateTable('dayparting').set(values).where('id', '=', id).returning('id').executeTakeFirst()
    : trx.insertInto('dayparting').values(values).returning('id').executeTakeFirstOrThrow();

/** Whether there was such a restriction. */
export const deleteRestriction = async (trx: SchedulingDB, id: number) => Number((await trx.deleteFrom('dayparting').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0;
