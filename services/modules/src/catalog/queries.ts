import type { ModulesDB } from '../schema';

/** The names of the installed modules (not those still being installed), by name. */
export async function installedNames(db: ModulesDB): Promise<string[]> {
  return (await db.selectFrom('installed').select('name').where('state', '=', 'installed').orderBy('name').execute()).map((r) => r.name);
}

export function installedRows(db: ModulesDB) {
  return db.selectFrom('installed').selectAll().where('state', '=', 'installed').orderBy('name').execute();
}
