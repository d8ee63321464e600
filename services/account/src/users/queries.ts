import { badRequest, conflict, notFound } from '@airwave/contracts';
import { sql, type Insertable, type Updateable } from 'kysely';
import { ADMIN_GROUP_ID, type AccountDB, type UserTable } from '../schema';
import { withIsoTimes } from '../shared/rows';
import { containsPattern } from './rules';

/** A user as administration shows it, with their groups; 404 for an unknown id. */
export async function userInfo(db: AccountDB, id: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'display_name', 'enabled', 'created', 'last_access'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw notFound('No such user.');
  const groups = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', id).orderBy('group_id').execute();
  return { ...withIsoTimes(user), group_ids: groups.map((g) => g.group_id) };
}

/** One page of the users whose username, name or email contains `q`, and how many there are. */
export async function searchUsers(db: AccountDB, { q, limit, offset }: { q?: string | undefined; limit: number; offset: number }) {
  let query = db.selectFrom('users');
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([eb(sql`lower(username)`, 'like', pattern), eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(email)`, 'like', pattern)]),
    );
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const ids = await query.select('id').orderBy('id').limit(limit).offset(offset).execute();
  return { total: Number(total), ids: ids.map((row) => row.id) };
}

/**
 * Refuses unknown groups (400). Inside a transaction, `lock` holds the groups found until it ends
 * (FOR KEY SHARE), so a group deleted meanwhile waits for it rather than failing its insert.
 */
export async function assertGroupsExist(db: AccountDB, ids: number[], lock = false): Promise<void> {
  if (ids.length === 0) return;
  const query = db.selectFrom('groups').select('id').where('id', 'in', ids);
  const found = await (lock ? query.forKeyShare() : query).execute();
  if (found.length !== new Set(ids).size) throw badRequest('Invalid input: group_ids: unknown group.');
}

/** Refuses a change that would leave no enabled user in the Admin group. */
export async function assertAdminRemains(db: AccountDB): Promise<void> {
  const row = await db
    .selectFrom('user_groups')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', ADMIN_GROUP_ID)
    .where('users.enabled', '=', true)
    .executeTakeFirstOrThrow();
  if (Number(row.n) === 0) throw conflict('At least one enabled user must stay in the Admin group.');
}

/** Inserts a user and their groups; returns the new id. */
export async function insertUser(db: AccountDB, values: Insertable<UserTable>, groupIds: number[]): Promise<number> {
  const user = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  if (groupIds.length) await db.insertInto('user_groups').values(groupIds.map((group_id) => ({ user_id: user.id, group_id }))).execute();
  return user.id;
}

/** Locks a user's row for a change; 404 for an unknown id. */
export async function lockUser(db: AccountDB, id: number): Promise<void> {
  const exists = await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!exists) throw notFound('No such user.');
}

export async function updateUser(db: AccountDB, id: number, set: Updateable<UserTable>): Promise<void> {
  if (Object.keys(set).length) await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/** Replaces a user's groups with `groupIds`. */
export async function setUserGroups(db: AccountDB, id: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('user_groups').where('user_id', '=', id).execute();
  if (groupIds.length) await db.insertInto('user_groups').values(groupIds.map((group_id) => ({ user_id: id, group_id }))).execute();
}

/** Deletes a user; 404 for an unknown id. */
export async function deleteUser(db: AccountDB, id: number): Promise<void> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('No such user.');
}
