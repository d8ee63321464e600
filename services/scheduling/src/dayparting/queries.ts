// The dayparting table.
import type { Insertable } from 'kysely';
import type { SchedulingDB, SchedulingSchema } from '../schema';

type RestrictionColumns = Omit<Insertable<SchedulingSchema['dayparting']>, 'id'>;

export const listRestrictions = (db: SchedulingDB) => db.selectFrom('dayparting').selectAll().orderBy('id').execute();

export const findRestriction = (db: SchedulingDB, id: number) => db.selectFrom('dayparting').selectAll().where('id', '=', id).executeTakeFirst();

/** The restriction locked for the rest of the transaction (its last state, before deleting it), or undefined. */
export const lockRestriction = (trx: SchedulingDB, id: number) => trx.selectFrom('dayparting').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Creates (id 0) or edits a restriction: its row as saved; undefined when there is none to edit. */
export const saveRestriction = (trx: SchedulingDB, id: number, values: RestrictionColumns) =>
  id
    ? trx.updateTable('dayparting').set(values).where('id', '=', id).returningAll().executeTakeFirst()
    : trx.insertInto('dayparting').values(values).returningAll().executeTakeFirstOrThrow();

export const deleteRestriction = async (trx: SchedulingDB, id: number) => {
  await trx.deleteFrom('dayparting').where('id', '=', id).execute();
};
