// A user's own two-factor sign-in: its state, enrolling (password, then a confirming code, which
// returns ten recovery codes once), turning it off and renewing the recovery codes with a code.
// Codes are counted by the login throttle; every change is an audited event.
import { badRequest, conflict, forbidden, twoFactor } from '@airwave/contracts';
import { actorOf, bindOperation, type AuthenticatedContext, type OperationHandler } from '@airwave/service-kit';
import { failedAttempt } from '../login/failures';
import { grantedPermissions } from '../principal/queries';
import type { AccountContext } from '../shared/context';
import { clientAddress } from '../shared/rate-limit';
import { confirmPassword } from './password-check';
import { enable, hasTwoFactor, recoveryCodesLeft, removeTwoFactor, replaceRecoveryCodes, requiredPermissions, savePending, twoFactorRow } from './queries';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { accountLabel, ALREADY_ON, needingTwoFactor, NOT_ON, NOTHING_TO_CONFIRM, sealContext, setupReply, WRONG_CODE, WRONG_CONFIRMING_CODE } from './rules';
import { matchingStep, newTotpSecret, otpauthUri, totpCode } from './totp';
import { availableBox, openSecret, useSecondFactor } from './verify';

export function bindTwoFactor(ctx: AccountContext) {
  const { bus } = ctx;
  return Promise.all([
    bindOperation(bus, twoFactor.status, status(ctx)),
    bindOperation(bus, twoFactor.setup, setup(ctx)),
    bindOperation(bus, twoFactor.confirm, confirm(ctx)),
    bindOperation(bus, twoFactor.disable, disable(ctx)),
    bindOperation(bus, twoFactor.recoveryCodes, renewRecoveryCodes(ctx)),
  ]);
}

const ownRef = ({ principal }: AuthenticatedContext) => ({ user_id: principal.userId, username: principal.username });

function status({ db, secrets }: AccountContext): OperationHandler<typeof twoFactor.status> {
  return async (_input, { principal }) => {
    const row = await twoFactorRow(db, principal.userId);
    const needing = needingTwoFactor((await grantedPermissions(db, principal.userId)).permissions, await requiredPermissions(db));
    return {
      enabled: Boolean(row?.enabled_at),
      enabled_at: row?.enabled_at?.toISOString() ?? null,
      recovery_codes_left: row?.enabled_at ? await recoveryCodesLeft(db, principal.userId) : 0,
      required: needing.length > 0,
      required_permissions: needing,
      available: secrets !== null,
    };
  };
}

function setup(ctx: AccountContext): OperationHandler<typeof twoFactor.setup> {
  const { db, secrets, config } = ctx;
  return async ({ password }, call) => {
    const box = availableBox(secrets);
    const { userId, username } = call.principal;
    if ((await twoFactorRow(db, userId))?.enabled_at) throw conflict(ALREADY_ON);
    await confirmPassword(ctx, call, password);
    const secret = newTotpSecret();
    if (!(await savePending(db, userId, box.seal(secret, sealContext(userId))))) throw conflict(ALREADY_ON);
    return setupReply(secret, otpauthUri(secret, accountLabel(username, config.publicUrl), 'Airwave'));
  };
}

function confirm(ctx: AccountContext): OperationHandler<typeof twoFactor.confirm> {
  const { db, secrets, events, throttle, refreshProfile } = ctx;
  return async ({ code }, call) => {
    const { userId, username } = call.principal;
    const row = await twoFactorRow(db, userId);
    if (row?.enabled_at) throw conflict(ALREADY_ON);
    if (!row) throw conflict(NOTHING_TO_CONFIRM);
    const counted = await throttle.attempt(username, clientAddress(call.headers));
    const typed = totpCode(code);
    const step = typed ? matchingStep(openSecret(secrets, userId, row.secret), typed, Date.now()) : null;
    if (step === null) {
      await failedAttempt(ctx, call, { id: userId, username }, counted, 'second_factor', { login: false });
      throw badRequest(WRONG_CONFIRMING_CODE);
    }
    await throttle.notFailed(counted);
    const codes = newRecoveryCodes();
    const enabled = await db.transaction().execute(async (trx) => {
      if (!(await enable(trx, userId, step))) return false;
      await replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode));
      await events.record(trx, 'account.two_factor.enabled', ownRef(call), actorOf(call));
      return true;
    });
    if (!enabled) throw conflict(NOTHING_TO_CONFIRM);
    events.kick();
    await refreshProfile(userId);
    return { recovery_codes: codes };
  };
}

/** Checks a code of the caller's own second factor, counted by the throttle; 403 when it is not right. */
async function ownSecondFactor(ctx: AccountContext, call: AuthenticatedContext, code: string) {
  const { userId, username } = call.principal;
  if (!(await hasTwoFactor(ctx.db, userId))) throw conflict(NOT_ON);
  const counted = await ctx.throttle.attempt(username, clientAddress(call.headers));
  const factor = await useSecondFactor(ctx, userId, code);
  if (!factor) {
    await failedAttempt(ctx, call, { id: userId, username }, counted, 'second_factor', { login: false });
    throw forbidden(WRONG_CODE);
  }
  await ctx.throttle.notFailed(counted);
  return factor;
}

function disable(ctx: AccountContext): OperationHandler<typeof twoFactor.disable> {
  const { db, events, refreshProfile } = ctx;
  return async ({ code }, call) => {
    const method = await ownSecondFactor(ctx, call, code);
    await db.transaction().execute(async (trx) => {
      await removeTwoFactor(trx, call.principal.userId);
      await events.record(trx, 'account.two_factor.disabled', { ...ownRef(call), method }, actorOf(call));
    });
    events.kick();
    await refreshProfile(call.principal.userId);
    return null;
  };
}

function renewRecoveryCodes(ctx: AccountContext): OperationHandler<typeof twoFactor.recoveryCodes> {
  const { db, events } = ctx;
  return async ({ code }, call) => {
    await ownSecondFactor(ctx, call, code);
    const codes = newRecoveryCodes();
    await db.transaction().execute(async (trx) => {
      await replaceRecoveryCodes(trx, call.principal.userId, codes.map(hashRecoveryCode));
      await events.record(trx, 'account.two_factor.recovery_codes_renewed', ownRef(call), actorOf(call));
    });
    events.kick();
    return { recovery_codes: codes };
  };
}
