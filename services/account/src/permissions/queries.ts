import { badRequest } from '@airwave/contracts';
import type { AccountDB } from '../schema';
import { moduleCatalogueRows, moduleCategory, permissionBases } from './rules';

/** Every permission's base name (before `:<id>`) must be in the catalogue. */
export async function assertKnownPermissions(db: AccountDB, permissions: string[]): Promise<void> {
  if (permissions.length === 0) return;
  const bases = permissionBases(permissions);
  const known = new Set((await db.selectFrom('permissions').select('name').where('name', 'in', bases).execute()).map((r) => r.name));
  const unknown = bases.filter((b) => !known.has(b));
  if (unknown.length) throw badRequest(`Invalid input: permissions: unknown permission ${unknown.join(', ')}.`, { unknown });
}

export function catalogue(db: AccountDB) {
  return db.selectFrom('permissions').select(['name', 'category', 'description']).orderBy('category').orderBy('name').execute();
}

/** Adds a module's permissions to the catalogue, or updates their description. */
export async function registerModulePermissions(db: AccountDB, module: string, permissions: { name: string; description: string }[]): Promise<void> {
  if (permissions.length === 0) return;
  await db
    .insertInto('permissions')
    .values(moduleCatalogueRows(module, permissions))
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ description: eb.ref('excluded.description'), category: eb.ref('excluded.category') })))
    .execute();
}

/** Removes a module's permissions from the catalogue; groups keep their grant rows for a reinstall. */
export async function unregisterModulePermissions(db: AccountDB, module: string): Promise<void> {
  await db.deleteFrom('permissions').where('category', '=', moduleCategory(module)).execute();
}
