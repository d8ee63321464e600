// Administration of users (permission manage_users).
import { conflict, users, usersMore } from '@airwave/contracts';
import { actorOf, bindOperation, type OperationHandler } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { hashPassword } from '../shared/passwords';
import { isUniqueViolation, sentFields } from '../shared/rows';
import { assertAdminRemains, assertGroupsExist, deleteUser, insertUser, lockUser, searchUsers, setUserGroups, updateUser, userInfo } from './queries';
import { endsSessions, mayLeaveAdminEmpty, uniqueIds } from './rules';

export function bindUsers(ctx: AccountContext) {
  const { db, bus } = ctx;
  return Promise.all([
    bindOperation(bus, users.create, createUser(ctx)),
    bindOperation(bus, usersMore.list, async (page) => {
      const { total, ids } = await searchUsers(db, page);
      return { total, users: await Promise.all(ids.map((id) => userInfo(db, id))) };
    }),
    bindOperation(bus, usersMore.get, ({ id }) => userInfo(db, id)),
    bindOperation(bus, usersMore.update, editUser(ctx)),
    bindOperation(bus, usersMore.delete, removeUser(ctx)),
  ]);
}

function createUser({ db, logger, events }: AccountContext): OperationHandler<typeof users.create> {
  return async (input, call) => {
    const { trace } = call;
    const groupIds = uniqueIds(input.group_ids);
    await assertGroupsExist(db, groupIds);
    const passwordHash = await hashPassword(input.password);
    try {
      const id = await db.transaction().execute(async (trx) => {
        // Checked again under lock: a group may have been deleted while the password was hashed.
        await assertGroupsExist(trx, groupIds, true);
        const values = { username: input.username, email: input.email, name: input.name, display_name: input.display_name ?? input.name, password_hash: passwordHash };
        const userId = await insertUser(trx, values, groupIds);
        await events.record(trx, 'account.user.created', await userInfo(trx, userId), actorOf(call));
        return userId;
      });
      events.kick();
      logger.info({ ...trace, userId: id, username: input.username }, 'User created');
      return { id };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That username or email is already taken.');
      throw error;
    }
  };
}

function editUser({ db, sessions, logger, events, refreshProfile, throttle }: AccountContext): OperationHandler<typeof usersMore.update> {
  return async ({ id, password, group_ids, enabled, ...fields }, call) => {
    const { principal, trace } = call;
    if (group_ids) await assertGroupsExist(db, group_ids);
    const passwordHash = password ? await hashPassword(password) : undefined;
    const changes = sentFields(fields);
    let username: string;
    try {
      username = await db.transaction().execute(async (trx) => {
        await lockUser(trx, id);
        await updateUser(trx, id, { ...changes, ...(passwordHash ? { password_hash: passwordHash } : {}), ...(enabled !== undefined ? { enabled } : {}) });
        if (group_ids) {
          await assertGroupsExist(trx, group_ids, true);
          await setUserGroups(trx, id, uniqueIds(group_ids));
        }
        if (mayLeaveAdminEmpty({ group_ids, enabled })) await assertAdminRemains(trx);
        // The user as GET /users/{id} answers it now (group_ids: their groups, changed or not).
        const after = await userInfo(trx, id);
        await events.record(trx, 'account.user.updated', after, actorOf(call));
        if (passwordHash) await events.record(trx, 'account.password.changed', { user_id: id, username: after.username, by_administrator: true }, actorOf(call));
        return after.username;
      });
      events.kick();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That email address is already in use.');
      throw error;
    }
    if (endsSessions({ enabled, passwordHash })) await sessions.destroyAllForUser(id);
    if (passwordHash) await throttle.passwordSet(username);
    await refreshProfile(id);
    logger.info({ ...trace, userId: id, by: principal.userId }, 'User updated');
    return userInfo(db, id);
  };
}

function removeUser({ db, sessions, logger, events }: AccountContext): OperationHandler<typeof usersMore.delete> {
  return async ({ id }, call) => {
    const { principal, trace } = call;
    if (id === principal.userId) throw conflict('You cannot delete your own account.');
    await db.transaction().execute(async (trx) => {
      await lockUser(trx, id);
      // Their last state, read under the lock before the row goes.
      const last = await userInfo(trx, id);
      await deleteUser(trx, id);
      await assertAdminRemains(trx);
      await events.record(trx, 'account.user.deleted', last, actorOf(call));
    });
    events.kick();
    await sessions.destroyAllForUser(id);
    await sessions.deleteProfile(id);
    logger.info({ ...trace, userId: id, by: principal.userId }, 'User deleted');
    return null;
  };
}
