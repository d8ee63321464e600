import type { PrincipalProfile } from '@airwave/contracts';
import { sql } from 'kysely';
import { ADMIN_GROUP_ID, type AccountDB } from '../schema';
import { hasTwoFactor, requiredPermissions } from '../two-factor/queries';
import { effectivePermissions } from '../two-factor/rules';

/** The groups of a user and every permission they grant, before any is withheld. */
export async function grantedPermissions(db: AccountDB, userId: number): Promise<{ groupIds: number[]; permissions: string[] }> {
  const groupIds = (await db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute()).map(
    (row) => row.group_id,
  );
  const permissions = groupIds.includes(ADMIN_GROUP_ID)
    ? await db.selectFrom('permissions').select('name').orderBy('name').execute()
    : groupIds.length === 0
      ? []
      : // Only permissions still in the catalogue count (an uninstalled module's are gone).
        await db
          .selectFrom('group_permissions')
          .select('permission as name')
          .distinct()
          .where('group_id', 'in', groupIds)
          .where(sql<string>`split_part(permission, ':', 1)`, 'in', db.selectFrom('permissions').select('name'))
          .orderBy('permission')
          .execute();
  return { groupIds, permissions: permissions.map((p) => p.name) };
}

/**
 * A user's principal as stored rows make it: null for an unknown or disabled user. Permissions an
 * administrator requires two-factor sign-in for are withheld until the user has it on.
 */
export async function loadProfile(db: AccountDB, userId: number): Promise<PrincipalProfile | null> {
  const user = await db.selectFrom('users').select(['id', 'username', 'enabled']).where('id', '=', userId).executeTakeFirst();
  if (!user || !user.enabled) return null;
  const { groupIds, permissions } = await grantedPermissions(db, userId);
  const required = await requiredPermissions(db);
  const twoFactorOn = required.length === 0 || (await hasTwoFactor(db, userId));
  return { userId: user.id, username: user.username, groupIds, permissions: effectivePermissions(permissions, required, twoFactorOn) };
}

export async function allUserIds(db: AccountDB): Promise<number[]> {
  return (await db.selectFrom('users').select('id').execute()).map((row) => row.id);
}

/** The members of a group, whose principals change with it. */
export async function groupMemberIds(db: AccountDB, groupId: number): Promise<number[]> {
  return (await db.selectFrom('user_groups').select('user_id').where('group_id', '=', groupId).execute()).map((row) => row.user_id);
}
