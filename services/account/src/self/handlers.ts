// The logged-in user: who they are, their groups and permissions, and their own settings.
import { account, accountMore, conflict } from '@airwave/contracts';
import { actorOf, bindOperation, type OperationHandler } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { confirmPassword } from '../two-factor/password-check';
import { hashPassword } from '../shared/passwords';
import { isUniqueViolation, sentFields } from '../shared/rows';
import { userInfo } from '../users/queries';
import { groupNames, readSettings, updateSettings } from './queries';

const PROFILE_FIELDS = ['name', 'email', 'display_name'] as const;
import { assertPasswordChangeAllowed, passwordChangedNotice } from './rules';

export function bindSelf(ctx: AccountContext) {
  const { db, bus } = ctx;
  return Promise.all([
    bindOperation(bus, account.uid, (_input, { principal }) => ({ id: principal.userId, username: principal.username })),
    bindOperation(bus, account.permissions, (_input, { principal }) => principal.permissions),
    bindOperation(bus, account.groups, (_input, { principal }) => groupNames(db, principal.groupIds)),
    bindOperation(bus, account.settingsGet, (_input, { principal }) => readSettings(db, principal.userId)),
    bindOperation(bus, accountMore.settingsUpdate, updateOwnSettings(ctx)),
  ]);
}

function updateOwnSettings(ctx: AccountContext): OperationHandler<typeof accountMore.settingsUpdate> {
  const { db, sessions, logger, mailer, events, throttle } = ctx;
  return async (input, call) => {
    const { principal, trace } = call;
    const { password, password_again: _again, current_password: current, ...fields } = input;
    if (password !== undefined) {
      assertPasswordChangeAllowed(password, principal);
      // Counted by the login throttle like a login; a wrong one is a failed login (403).
      await confirmPassword(ctx, call, current ?? '');
    }
    const changes = sentFields(fields);
    const passwordHash = password !== undefined ? await hashPassword(password) : undefined;
    let settings: Awaited<ReturnType<typeof readSettings>>;
    if (Object.keys(changes).length > 0 || passwordHash) {
      try {
        // The reply is read inside the transaction: a read after COMMIT could fail (a lost
        // connection) and answer 503 for a change that was made (issue 32).
        settings = await db.transaction().execute(async (trx) => {
          await updateSettings(trx, principal.userId, { ...changes, ...(passwordHash ? { password_hash: passwordHash } : {}) });
          if (passwordHash) {
            await events.record(trx, 'account.password.changed', { user_id: principal.userId, username: principal.username, by_administrator: false }, actorOf(call));
          }
          // A change to what GET /users/{id} shows (name, email, display name) is the user's update, as an administrator's is.
          if (PROFILE_FIELDS.some((field) => field in changes)) {
            await events.record(trx, 'account.user.updated', await userInfo(trx, principal.userId), actorOf(call));
          }
          return readSettings(trx, principal.userId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('That email address is already in use.');
        throw error;
      }
    } else {
      settings = await readSettings(db, principal.userId);
    }
    events.kick();
    if (passwordHash) {
      await throttle.passwordSet(principal.username);
      // Every other session of the user ends; the one that changed the password stays.
      await sessions.destroyAllForUser(principal.userId, principal.sessionId);
      logger.info({ ...trace, userId: principal.userId }, 'Password changed; other sessions ended');
      if (settings.email) {
        mailer
          .send(passwordChangedNotice(settings), trace)
          .catch((error: unknown) => logger.error({ ...trace, err: error }, 'Password change notice failed'));
      }
    }
    return settings;
  };
}
