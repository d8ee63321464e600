// The players table.
import { sql } from 'kysely';
import { SCHEDULING_SCHEMA, type SchedulingDB } from '../schema';

export interface PlayerFields {
  name: string;
  description: string;
  timezone: string;
}

// Raw SQL is not qualified by the handle's withSchema: it names the schema itself.
const playersTable = `${SCHEDULING_SCHEMA}.players`;

export const listPlayers = (db: SchedulingDB) => db.selectFrom('players').selectAll().orderBy('id').execute();

export const findPlayer = (db: SchedulingDB, id: number) => db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();

export const playerExists = async (db: SchedulingDB, id: number) => (await db.selectFrom('players').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** The player row locked for the rest of the transaction (deleting it), or undefined. */
export const lockPlayerRow = (trx: SchedulingDB, id: number) => trx.selectFrom('players').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertPlayer = (trx: SchedulingDB, fields: PlayerFields) => trx.insertInto('players').values(fields).returningAll().executeTakeFirstOrThrow();

// An upsert: a creation that drew this id before the lock was taken is edited, not doubled.
export const upsertPlayer = (trx: SchedulingDB, id: number, fields: PlayerFields) =>
  trx
    .insertInto('players')
    .values({ id, ...fields })
    .onConflict((oc) => oc.column('id').doUpdateSet(fields))
    .returningAll()
    .executeTakeFirstOrThrow();

export const deletePlayer = (trx: SchedulingDB, id: number) => trx.deleteFrom('players').where('id', '=', id).execute();

/**
 * Makes way for a player created with an id of the caller's choosing (PUT /players/{id}): the id
 * sequence moves past it, never back, so later creations do not draw it. The table lock, which
 * every insert waits for, keeps a creation from drawing that id before the sequence has moved.
 */
export const claimPlayerId = async (trx: SchedulingDB, id: number) => {
  await sql`lock table ${sql.table(playersTable)} in share row exclusive mode`.execute(trx);
  await sql`select setval(seq, greatest(${id}::bigint, coalesce(pg_sequence_last_value(seq), 0)))
            from (select pg_get_serial_sequence(${playersTable}, 'id')::regclass as seq) as serial`.execute(trx);
};
