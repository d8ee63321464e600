import { sql } from 'kysely';
import type { ModulesDB } from '../schema';

/** Runs `work` in a transaction holding the module name's lock: install changes are serialized per module name across replicas. */
export function locked<T>(db: ModulesDB, name: string, work: (trx: ModulesDB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`airwave-module:${name}`}))`.execute(trx);
    return work(trx);
  });
}

export function installRow(db: ModulesDB, name: string) {
  return db.selectFrom('installed').select(['state', 'installed_at']).where('name', '=', name).executeTakeFirst();
}

/** Marks the name as being installed (replacing a stale claim). */
export async function claim(db: ModulesDB, name: string, version: string): Promise<void> {
  await db.deleteFrom('installed').where('name', '=', name).execute();
  await db.insertInto('installed').values({ name, version, state: 'installing', installed_at: new Date() }).execute();
}

/** Gives up a claim (a failed install). */
export async function release(db: ModulesDB, name: string): Promise<void> {
  await db.deleteFrom('installed').where('name', '=', name).where('state', '=', 'installing').execute();
}

export async function markInstalled(db: ModulesDB, name: string): Promise<void> {
  await db.updateTable('installed').set({ state: 'installed', installed_at: new Date() }).where('name', '=', name).execute();
}

/** Removes an installed module's row; its version, or undefined when it was not installed. */
export async function removeInstalled(db: ModulesDB, name: string): Promise<string | undefined> {
  const row = await db.deleteFrom('installed').where('name', '=', name).where('state', '=', 'installed').returning(['version']).executeTakeFirst();
  return row?.version;
}

export async function schemaExists(db: ModulesDB, schema: string): Promise<boolean> {
  return (await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(db)).rows[0]!.n > 0;
}
