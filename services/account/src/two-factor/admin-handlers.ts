// What administrators set (manage_users): the permissions that need two-factor sign-in (withheld
// from a user until theirs is on; every cached principal is rebuilt), and turning a user's second
// factor off when they lost both their phone and their recovery codes.
import { conflict, notFound, twoFactorAdmin } from '@airwave/contracts';
import { actorOf, bindOperation, type OperationHandler } from '@airwave/service-kit';
import { assertKnownPermissions } from '../permissions/queries';
import { grantedPermissions } from '../principal/queries';
import type { AccountContext } from '../shared/context';
import { hasTwoFactor, removeTwoFactor, requiredPermissions, setRequiredPermissions } from './queries';
import { needingTwoFactor, REQUIRE_OWN_FIRST, uniqueSorted } from './rules';

export function bindTwoFactorAdmin(ctx: AccountContext) {
  const { db, bus } = ctx;
  return Promise.all([
    bindOperation(bus, twoFactorAdmin.requirementGet, async () => ({ permissions: await requiredPermissions(db) })),
    bindOperation(bus, twoFactorAdmin.requirementSet, setRequirement(ctx)),
    bindOperation(bus, twoFactorAdmin.reset, resetUser(ctx)),
  ]);
}

function setRequirement({ db, events, refreshAllProfiles }: AccountContext): OperationHandler<typeof twoFactorAdmin.requirementSet> {
  return async (input, call) => {
    const permissions = uniqueSorted(input.permissions);
    await assertKnownPermissions(db, permissions);
    const own = await grantedPermissions(db, call.principal.userId);
    if (needingTwoFactor(own.permissions, permissions).length > 0 && !(await hasTwoFactor(db, call.principal.userId))) throw conflict(REQUIRE_OWN_FIRST);
    await db.transaction().execute(async (trx) => {
      await setRequiredPermissions(trx, permissions);
      await events.record(trx, 'account.two_factor.requirement_saved', { permissions }, actorOf(call));
    });
    events.kick();
    await refreshAllProfiles();
    return { permissions };
  };
}

function resetUser({ db, events, refreshProfile, logger }: AccountContext): OperationHandler<typeof twoFactorAdmin.reset> {
  return async ({ id }, call) => {
    const user = await db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound('No such user.');
    const wasOn = await db.transaction().execute(async (trx) => {
      const on = await removeTwoFactor(trx, id);
      if (on) await events.record(trx, 'account.two_factor.disabled', { user_id: id, username: user.username, method: 'administrator' }, actorOf(call));
      return on;
    });
    events.kick();
    await refreshProfile(id);
    logger.info({ ...call.trace, userId: id, by: call.principal.userId, wasOn }, 'Two-factor sign-in turned off by an administrator');
    return null;
  };
}
