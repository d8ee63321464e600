// Administration of groups and the permissions they grant (permission manage_users). A change of a
// group's permissions rewrites the cached principal of each member.
import { conflict, users, usersMore } from '@airwave/contracts';
import { actorOf, bindOperation, type OperationHandler } from '@airwave/service-kit';
import { assertKnownPermissions } from '../permissions/queries';
import { groupMemberIds } from '../principal/queries';
import type { AccountContext } from '../shared/context';
import { isUniqueViolation } from '../shared/rows';
import { deleteGroup, groupIds, groupInfo, insertGroup, lockGroup, setGroupPermissions, updateGroup } from './queries';
import { assertDeletable, assertPermissionsEditable, GROUP_NAME_TAKEN, groupChanges, uniquePermissions } from './rules';

export function bindGroups(ctx: AccountContext) {
  const { db, bus } = ctx;
  return Promise.all([
    bindOperation(bus, users.groupCreate, createGroup(ctx)),
    bindOperation(bus, usersMore.groupList, async () => Promise.all((await groupIds(db)).map((id) => groupInfo(db, id)))),
    bindOperation(bus, usersMore.groupUpdate, editGroup(ctx)),
    bindOperation(bus, usersMore.groupDelete, removeGroup(ctx)),
  ]);
}

function createGroup({ db, events }: AccountContext): OperationHandler<typeof users.groupCreate> {
  return async (input, call) => {
    const permissions = uniquePermissions(input.permissions);
    await assertKnownPermissions(db, permissions);
    try {
      const created = await db.transaction().execute(async (trx) => {
        const id = await insertGroup(trx, { name: input.name, description: input.description }, permissions);
        await events.record(trx, 'account.group.saved', { id, name: input.name, permissions }, actorOf(call));
        return { id };
      });
      // Published at once, like every other change (not at the outbox's next poll).
      events.kick();
      return created;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(GROUP_NAME_TAKEN);
      throw error;
    }
  };
}

function editGroup({ db, events, refreshProfile }: AccountContext): OperationHandler<typeof usersMore.groupUpdate> {
  return async ({ id, name, description, permissions }, call) => {
    assertPermissionsEditable(id, permissions);
    if (permissions) await assertKnownPermissions(db, permissions);
    try {
      await db.transaction().execute(async (trx) => {
        await lockGroup(trx, id);
        await updateGroup(trx, id, groupChanges({ name, description }));
        if (permissions) await setGroupPermissions(trx, id, uniquePermissions(permissions));
        const saved = await groupInfo(trx, id);
        await events.record(trx, 'account.group.saved', { id, name: saved.name, permissions: saved.permissions }, actorOf(call));
      });
      events.kick();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(GROUP_NAME_TAKEN);
      throw error;
    }
    await Promise.all((await groupMemberIds(db, id)).map((userId) => refreshProfile(userId)));
    return groupInfo(db, id);
  };
}

function removeGroup({ db, events, refreshProfile }: AccountContext): OperationHandler<typeof usersMore.groupDelete> {
  return async ({ id }, call) => {
    assertDeletable(id);
    // Read before the delete: the membership rows go with the group.
    const members = await groupMemberIds(db, id);
    await db.transaction().execute(async (trx) => {
      await deleteGroup(trx, id);
      await events.record(trx, 'account.group.deleted', { id }, actorOf(call));
    });
    events.kick();
    await Promise.all(members.map((userId) => refreshProfile(userId)));
    return null;
  };
}
