import { sql } from 'kysely';
import type { AccountDB } from '../schema';

/** The user a login names, found regardless of case. */
export function findLoginUser(db: AccountDB, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'enabled'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function touchLastAccess(db: AccountDB, userId: number): Promise<void> {
  await db.updateTable('users').set({ last_access: new Date() }).where('id', '=', userId).execute();
}
