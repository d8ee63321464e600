// The alerts table.
import type { Insertable } from 'kysely';
import type { SchedulingDB } from '../schema';
import type { AlertColumns } from '../schema-players';

export type AlertValues = Omit<Insertable<AlertColumns>, 'id' | 'created'>;

export const findAlert = (db: SchedulingDB, id: number) => db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();

/** The alert row locked for the rest of the transaction (editing or deleting it), or undefined. */
export const lockAlert = (trx: SchedulingDB, id: number) => trx.selectFrom('alerts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertAlert = (trx: SchedulingDB, values: AlertValues) => trx.insertInto('alerts').values(values).returningAll().executeTakeFirstOrThrow();

export const updateAlert = (trx: SchedulingDB, id: number, values: AlertValues) => trx.updateTable('alerts').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deleteAlert = (trx: SchedulingDB, id: number) => trx.deleteFrom('alerts').where('id', '=', id).execute();

/** A player's own alerts, by start. */
export const alertsOf = (db: SchedulingDB, playerId: number) => db.selectFrom('alerts').selectAll().where('player_id', '=', playerId).orderBy('start').orderBy('id').execute();

/** A player's own alerts starting by `to` and stopping after `from` (OB's EmergAction), by start. */
export const alertsOverlapping = (db: SchedulingDB, playerId: number, from: Date, to: Date) =>
  db.selectFrom('alerts').selectAll().where('player_id', '=', playerId).where('start', '<=', to).where('stop', '>', from).orderBy('start').orderBy('id').execute();
