import type { AccountDB } from '../schema';
import type { Endpoint } from './rules';

const INFO = ['id', 'name', 'permissions', 'created', 'last_access'] as const;

export function ownKeys(db: AccountDB, userId: number) {
  return db.selectFrom('app_keys').select(INFO).where('user_id', '=', userId).orderBy('id').execute();
}

export function insertKey(db: AccountDB, userId: number, key: { name: string; keyHash: string; permissions: Endpoint[] }) {
  return db
    .insertInto('app_keys')
    .values({ user_id: userId, name: key.name, key_hash: key.keyHash, permissions: JSON.stringify(key.permissions) })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** Changes an own key; undefined when the user has no key with that id. */
export function updateOwnKey(db: AccountDB, userId: number, id: number, change: { permissions: Endpoint[]; name?: string | undefined }) {
  return db
    .updateTable('app_keys')
    .set({ permissions: JSON.stringify(change.permissions), ...(change.name ? { name: change.name } : {}) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(INFO)
    .executeTakeFirst();
}

/** Deletes an own key; false when the user has no key with that id. */
export async function deleteOwnKey(db: AccountDB, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('app_keys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function keyById(db: AccountDB, id: number) {
  return db.selectFrom('app_keys').select(['id', 'user_id', 'key_hash', 'permissions']).where('id', '=', id).executeTakeFirst();
}

export async function touchKey(db: AccountDB, id: number): Promise<void> {
  await db.updateTable('app_keys').set({ last_access: new Date() }).where('id', '=', id).execute();
}
