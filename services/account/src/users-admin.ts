// Administration of users, groups and the permission catalogue (permission manage_users).
import { badRequest, conflict, notFound, usersMore, users, type Principal } from '@airwave/contracts';
import { bindOperation, type LogTrace } from '@airwave/service-kit';
import { sql } from 'kysely';
import { isUniqueViolation, type AccountContext } from './context';
import { hashPassword } from './passwords';
import { ADMIN_GROUP_ID, USERS_GROUP_ID, type AccountDB } from './schema';

async function userInfo(db: AccountDB, id: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'display_name', 'enabled', 'created', 'last_access'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw notFound('No such user.');
  const groups = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', id).orderBy('group_id').execute();
  return {
    ...user,
    group_ids: groups.map((g) => g.group_id),
    created: user.created.toISOString(),
    last_access: user.last_access?.toISOString() ?? null,
  };
}

async function groupInfo(db: AccountDB, id: number) {
  const group = await db.selectFrom('groups').select(['id', 'name', 'description']).where('id', '=', id).executeTakeFirst();
  if (!group) throw notFound('No such group.');
  const permissions =
    id === ADMIN_GROUP_ID
      ? await db.selectFrom('permissions').select('name as permission').orderBy('name').execute()
      : await db.selectFrom('group_permissions').select('permission').where('group_id', '=', id).orderBy('permission').execute();
  return { ...group, permissions: permissions.map((p) => p.permission) };
}

/** Every permission's base name (before `:<id>`) must be in the catalogue. */
export async function assertKnownPermissions(db: AccountDB, permissions: string[]): Promise<void> {
  if (permissions.length === 0) return;
  const bases = [...new Set(permissions.map((p) => p.split(':')[0]!))];
  const known = new Set((await db.selectFrom('permissions').select('name').where('name', 'in', bases).execute()).map((r) => r.name));
  const unknown = bases.filter((b) => !known.has(b));
  if (unknown.length) throw badRequest(`Invalid input: permissions: unknown permission ${unknown.join(', ')}.`, { unknown });
}

async function assertGroupsExist(db: AccountDB, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.selectFrom('groups').select('id').where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw badRequest('Invalid input: group_ids: unknown group.');
}

/** Refuses a change that would leave no enabled user in the Admin group. */
async function assertAdminRemains(db: AccountDB): Promise<void> {
  const row = await db
    .selectFrom('user_groups')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', ADMIN_GROUP_ID)
    .where('users.enabled', '=', true)
    .executeTakeFirstOrThrow();
  if (Number(row.n) === 0) throw conflict('At least one enabled user must stay in the Admin group.');
}

export function bindUsersAdmin(ctx: AccountContext) {
  const { db, bus, sessions, logger, refreshProfile, events } = ctx;

  const refreshMembers = async (groupId: number) => {
    const members = await db.selectFrom('user_groups').select('user_id').where('group_id', '=', groupId).execute();
    await Promise.all(members.map((m) => refreshProfile(m.user_id)));
  };

  return Promise.all([
    bindOperation(bus, users.create, async (input, { principal, trace }) => {
      const groupIds = [...new Set(input.group_ids)];
      await assertGroupsExist(db, groupIds);
      const passwordHash = await hashPassword(input.password);
      try {
        const id = await db.transaction().execute(async (trx) => {
          const user = await trx
            .insertInto('users')
            .values({ username: input.username, email: input.email, name: input.name, display_name: input.display_name ?? input.name, password_hash: passwordHash })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (groupIds.length) await trx.insertInto('user_groups').values(groupIds.map((group_id) => ({ user_id: user.id, group_id }))).execute();
          await events.record(trx, 'account.user.created', { id: user.id, username: input.username }, principal);
          return user.id;
        });
        events.kick();
        logger.info({ ...trace, userId: id, username: input.username }, 'User created');
        return { id };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('That username or email is already taken.');
        throw error;
      }
    }),
    bindOperation(bus, usersMore.list, async ({ limit, offset, q }) => {
      let query = db.selectFrom('users');
      if (q) {
        const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb(sql`lower(username)`, 'like', pattern), eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(email)`, 'like', pattern)]),
        );
      }
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const ids = await query.select('id').orderBy('id').limit(limit).offset(offset).execute();
      return { total: Number(total), users: await Promise.all(ids.map((row) => userInfo(db, row.id))) };
    }),
    bindOperation(bus, usersMore.get, ({ id }) => userInfo(db, id)),
    bindOperation(bus, usersMore.update, async ({ id, password, group_ids, enabled, ...fields }, { principal, trace }) => {
      if (group_ids) await assertGroupsExist(db, group_ids);
      const passwordHash = password ? await hashPassword(password) : undefined;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      try {
        await db.transaction().execute(async (trx) => {
          const exists = await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
          if (!exists) throw notFound('No such user.');
          const set = { ...changes, ...(passwordHash ? { password_hash: passwordHash } : {}), ...(enabled !== undefined ? { enabled } : {}) };
          if (Object.keys(set).length) await trx.updateTable('users').set(set).where('id', '=', id).execute();
          if (group_ids) {
            await trx.deleteFrom('user_groups').where('user_id', '=', id).execute();
            const unique = [...new Set(group_ids)];
            if (unique.length) await trx.insertInto('user_groups').values(unique.map((group_id) => ({ user_id: id, group_id }))).execute();
          }
          if (group_ids || enabled === false) await assertAdminRemains(trx as unknown as AccountDB);
          const after = await trx.selectFrom('users').select(['username', 'enabled']).where('id', '=', id).executeTakeFirstOrThrow();
          await events.record(trx, 'account.user.updated', { id, username: after.username, enabled: after.enabled }, principal);
        });
        events.kick();
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('That email address is already in use.');
        throw error;
      }
      if (enabled === false || passwordHash) await sessions.destroyAllForUser(id);
      await refreshProfile(id);
      logger.info({ ...trace, userId: id, by: principal.userId }, 'User updated');
      return userInfo(db, id);
    }),
    bindOperation(bus, usersMore.delete, async ({ id }, { principal, trace }: { principal: Principal; trace: LogTrace }) => {
      if (id === principal.userId) throw conflict('You cannot delete your own account.');
      await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw notFound('No such user.');
        await assertAdminRemains(trx as unknown as AccountDB);
        await events.record(trx, 'account.user.deleted', { id }, principal);
      });
      events.kick();
      await sessions.destroyAllForUser(id);
      await sessions.deleteProfile(id);
      logger.info({ ...trace, userId: id, by: principal.userId }, 'User deleted');
      return null;
    }),
    bindOperation(bus, users.groupCreate, async (input, { principal }) => {
      const permissions = [...new Set(input.permissions)];
      await assertKnownPermissions(db, permissions);
      try {
        return await db.transaction().execute(async (trx) => {
          const group = await trx.insertInto('groups').values({ name: input.name, description: input.description }).returning('id').executeTakeFirstOrThrow();
          if (permissions.length) await trx.insertInto('group_permissions').values(permissions.map((permission) => ({ group_id: group.id, permission }))).execute();
          await events.record(trx, 'account.group.saved', { id: group.id, name: input.name, permissions }, principal);
          return { id: group.id };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A group with that name already exists.');
        throw error;
      }
    }),
    bindOperation(bus, usersMore.groupList, async () => {
      const groups = await db.selectFrom('groups').select('id').orderBy('id').execute();
      return Promise.all(groups.map((g) => groupInfo(db, g.id)));
    }),
    bindOperation(bus, usersMore.groupUpdate, async ({ id, name, description, permissions }, { principal }) => {
      if (permissions && id === ADMIN_GROUP_ID) throw badRequest('The Admin group always holds every permission; its permissions cannot be edited.');
      if (permissions) await assertKnownPermissions(db, permissions);
      try {
        await db.transaction().execute(async (trx) => {
          const exists = await trx.selectFrom('groups').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
          if (!exists) throw notFound('No such group.');
          const set = { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) };
          if (Object.keys(set).length) await trx.updateTable('groups').set(set).where('id', '=', id).execute();
          if (permissions) {
            await trx.deleteFrom('group_permissions').where('group_id', '=', id).execute();
            const unique = [...new Set(permissions)];
            if (unique.length) await trx.insertInto('group_permissions').values(unique.map((permission) => ({ group_id: id, permission }))).execute();
          }
          const saved = await groupInfo(trx as unknown as AccountDB, id);
          await events.record(trx, 'account.group.saved', { id, name: saved.name, permissions: saved.permissions }, principal);
        });
        events.kick();
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A group with that name already exists.');
        throw error;
      }
      await refreshMembers(id);
      return groupInfo(db, id);
    }),
    bindOperation(bus, usersMore.groupDelete, async ({ id }, { principal }) => {
      if (id === ADMIN_GROUP_ID || id === USERS_GROUP_ID) throw conflict('The Admin and Users groups cannot be deleted.');
      const members = await db.selectFrom('user_groups').select('user_id').where('group_id', '=', id).execute();
      await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw notFound('No such group.');
        await events.record(trx, 'account.group.deleted', { id }, principal);
      });
      events.kick();
      await Promise.all(members.map((m) => refreshProfile(m.user_id)));
      return null;
    }),
    bindOperation(bus, usersMore.permissionList, () => db.selectFrom('permissions').select(['name', 'category', 'description']).orderBy('category').orderBy('name').execute()),
    bindOperation(bus, usersMore.canRegisterGet, async () => {
      const row = await db.selectFrom('settings').select('value').where('name', '=', 'can_register').executeTakeFirst();
      return row?.value === true;
    }),
    bindOperation(bus, usersMore.canRegisterSet, async ({ enabled }) => {
      await db
        .insertInto('settings')
        .values({ name: 'can_register', value: JSON.stringify(enabled) })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(enabled) }))
        .execute();
      return enabled;
    }),
  ]);
}
