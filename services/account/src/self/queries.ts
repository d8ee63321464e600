import type { Updateable } from 'kysely';
import type { AccountDB, UserTable } from '../schema';
import { withIsoTimes } from '../shared/rows';

export async function readSettings(db: AccountDB, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'display_name', 'language', 'theme', 'dyslexia_friendly_font', 'sidebar_display_left', 'created', 'last_access'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return withIsoTimes(user);
}

export async function updateSettings(db: AccountDB, userId: number, changes: Updateable<UserTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** The names of the groups a user is in, in group order. */
export async function groupNames(db: AccountDB, groupIds: number[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.selectFrom('groups').select('name').where('id', 'in', groupIds).orderBy('id').execute();
  return rows.map((row) => row.name);
}
