import { notFound } from '@airwave/contracts';
import { ADMIN_GROUP_ID, type AccountDB } from '../schema';

/** A group with its permissions (Admin: the whole catalogue); 404 for an unknown id. */
export async function groupInfo(db: AccountDB, id: number) {
  const group = await db.selectFrom('groups').select(['id', 'name', 'description']).where('id', '=', id).executeTakeFirst();
  if (!group) throw notFound('No such group.');
  const permissions =
    id === ADMIN_GROUP_ID
      ? await db.selectFrom('permissions').select('name as permission').orderBy('name').execute()
      : await db.selectFrom('group_permissions').select('permission').where('group_id', '=', id).orderBy('permission').execute();
  return { ...group, permissions: permissions.map((p) => p.permission) };
}

export async function groupIds(db: AccountDB): Promise<number[]> {
  return (await db.selectFrom('groups').select('id').orderBy('id').execute()).map((g) => g.id);
}

/** Inserts a group with its permissions; returns the new id. */
export async function insertGroup(db: AccountDB, group: { name: string; description: string }, permissions: string[]): Promise<number> {
  const { id } = await db.insertInto('groups').values(group).returning('id').executeTakeFirstOrThrow();
  if (permissions.length) await db.insertInto('group_permissions').values(permissions.map((permission) => ({ group_id: id, permission }))).execute();
  return id;
}

/** Locks a group's row for a change; 404 for an unknown id. */
export async function lockGroup(db: AccountDB, id: number): Promise<void> {
  const exists = await db.selectFrom('groups').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!exists) throw notFound('No such group.');
}

export async function updateGroup(db: AccountDB, id: number, set: { name?: string; description?: string }): Promise<void> {
  if (Object.keys(set).length) await db.updateTable('groups').set(set).where('id', '=', id).execute();
}

/** Replaces a group's permissions with `permissions`. */
export async function setGroupPermissions(db: AccountDB, id: number, permissions: string[]): Promise<void> {
  await db.deleteFrom('group_permissions').where('group_id', '=', id).execute();
  if (permissions.length) await db.insertInto('group_permissions').values(permissions.map((permission) => ({ group_id: id, permission }))).execute();
}

/** Deletes a group; 404 for an unknown id. */
export async function deleteGroup(db: AccountDB, id: number): Promise<void> {
  const result = await db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('No such group.');
}
