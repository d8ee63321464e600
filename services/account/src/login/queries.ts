import { sql } from 'kysely';
import type { AccountDB } from '../schema';
import type { LoginCandidate } from './rules';

function loginUsers(db: AccountDB) {
  return db
    .selectFrom('users')
    .leftJoin('two_factor', (join) => join.onRef('two_factor.user_id', '=', 'users.id').on('two_factor.enabled_at', 'is not', null))
    .select(['users.id', 'users.username', 'users.password_hash', 'users.enabled', sql<boolean>`two_factor.user_id is not null`.as('two_factor')]);
}

/** The user a login names, found regardless of case, with whether they sign in with a second factor. */
export function findLoginUser(db: AccountDB, username: string): Promise<LoginCandidate | undefined> {
  return loginUsers(db).where(sql<string>`lower(users.username)`, '=', username.toLowerCase()).executeTakeFirst();
}

export function findLoginUserById(db: AccountDB, id: number): Promise<LoginCandidate | undefined> {
  return loginUsers(db).where('users.id', '=', id).executeTakeFirst();
}

export async function touchLastAccess(db: AccountDB, userId: number): Promise<void> {
  await db.updateTable('users').set({ last_access: new Date() }).where('id', '=', userId).execute();
}
