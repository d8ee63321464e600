// The directory (docs/decisions/accounts.md, "The directory"): users and groups by name, for those
// who share media items and playlists with them (media_advanced_permissions) and administrators.
// It answers ids and names only: never an email, a group's permissions or whether a user is enabled.
import { forbidden, usersMore } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import { sql } from 'kysely';
import type { AccountDB } from '../schema';
import type { AccountContext } from '../shared/context';
import { containsPattern } from '../users/rules';

const SHOWN = 20;
const mayRead = ['manage_users', 'media_advanced_permissions'];

export function bindDirectory({ db, bus }: AccountContext) {
  return Promise.all([
    bindOperation(bus, usersMore.directory, async ({ q, user_ids, group_ids }, { principal }) => {
      if (!mayRead.some((p) => principal.permissions.includes(p))) throw forbidden('The directory needs manage_users or media_advanced_permissions.', { permission: 'media_advanced_permissions' });
      // Ids name those users and groups (none of a kind not asked for); else a search by words.
      const naming = user_ids !== undefined || group_ids !== undefined;
      return naming
        ? { users: user_ids ? await usersNamed(db, undefined, user_ids) : [], groups: group_ids ? await groupsNamed(db, undefined, group_ids) : [] }
        : { users: await usersNamed(db, q, undefined), groups: await groupsNamed(db, q, undefined) };
    }),
  ]);
}

/** A user's name as others choose them: "Display name (username)", or the username alone. */
const userName = (user: { username: string; display_name: string }) => (user.display_name && user.display_name !== user.username ? `${user.display_name} (${user.username})` : user.username);

async function usersNamed(db: AccountDB, q: string | undefined, ids: number[] | undefined) {
  let query = db.selectFrom('users').select(['id', 'username', 'display_name']);
  // A search offers those who can log in; ids are named whatever their state (a shared item keeps them).
  query = ids ? query.where('id', 'in', ids) : query.where('enabled', '=', true);
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb(sql`lower(username)`, 'like', pattern), eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(display_name)`, 'like', pattern)]));
  }
  const rows = await query.orderBy('username').limit(ids ? ids.length : SHOWN).execute();
  return rows.map((user) => ({ id: user.id, name: userName(user) }));
}

async function groupsNamed(db: AccountDB, q: string | undefined, ids: number[] | undefined) {
  let query = db.selectFrom('groups').select(['id', 'name']);
  if (ids) query = query.where('id', 'in', ids);
  if (q) query = query.where(sql`lower(name)`, 'like', containsPattern(q));
  return query.orderBy('name').limit(ids ? ids.length : SHOWN).execute();
}
