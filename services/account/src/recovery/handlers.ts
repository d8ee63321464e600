// Self-registration (and the switch administrators turn it on with) and password recovery.
import { accountMore, AirwaveError, badRequest, conflict, forbidden, usersMore } from '@airwave/contracts';
import { actorOf, bindOperation, type OperationHandler } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { hashPassword } from '../shared/passwords';
import { checkPasswordAgainstUsername } from '../shared/password-rules';
import { clientAddress, limit } from '../shared/rate-limit';
import { isUniqueViolation } from '../shared/rows';
import { userInfo } from '../users/queries';
import { enabledUserByEmail, insertRegisteredUser, insertToken, lockToken, registrationEnabled, setPasswordHash, setRegistrationEnabled, useAllTokens } from './queries';
import { BAD_LINK, FORGOT_LIMIT, newToken, REGISTER_LIMIT, REGISTRATION_DISABLED, RESET_LIMIT, RESET_MAILS_PER_ACCOUNT, resetLink, resetMail, tokenExpiry, tokenUsable, welcomeMail, type TokenPurpose } from './rules';

export function bindRecovery(ctx: AccountContext) {
  const { db, bus } = ctx;
  return Promise.all([
    bindOperation(bus, usersMore.canRegisterGet, () => registrationEnabled(db)),
    bindOperation(bus, accountMore.registrationOpen, () => registrationEnabled(db)),
    bindOperation(bus, usersMore.canRegisterSet, async ({ enabled }) => {
      await setRegistrationEnabled(db, enabled);
      return enabled;
    }),
    bindOperation(bus, accountMore.register, register(ctx)),
    bindOperation(bus, accountMore.forgot, forgot(ctx)),
    bindOperation(bus, accountMore.reset, reset(ctx)),
  ]);
}

/** Stores a new one-time token for the user and returns the link that carries it. */
async function issueLink({ db, config }: AccountContext, userId: number, purpose: TokenPurpose): Promise<string> {
  const token = newToken();
  await insertToken(db, userId, purpose, token, tokenExpiry(purpose, Date.now(), config.resetTtlMs));
  return resetLink(config.publicUrl, token);
}

function register(ctx: AccountContext): OperationHandler<typeof accountMore.register> {
  const { db, sessions, logger, mailer, events } = ctx;
  return async ({ name, email, username }, call) => {
    const { headers, trace } = call;
    await limit(sessions, `register:${clientAddress(headers)}`, REGISTER_LIMIT.max, REGISTER_LIMIT.windowSeconds, REGISTER_LIMIT.message);
    if (!(await registrationEnabled(db))) throw forbidden(REGISTRATION_DISABLED);
    let userId: number;
    try {
      userId = await db.transaction().execute(async (trx) => {
        const id = await insertRegisteredUser(trx, { username, email, name });
        await events.record(trx, 'account.user.created', await userInfo(trx, id), actorOf(call));
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That username or email address is already in use.');
      throw error;
    }
    events.kick();
    const link = await issueLink(ctx, userId, 'welcome');
    await mailer.send(welcomeMail({ email, name, username }, link), trace);
    logger.info({ ...trace, userId, username }, 'Account registered');
    return null;
  };
}

function forgot(ctx: AccountContext): OperationHandler<typeof accountMore.forgot> {
  const { db, sessions, logger, mailer } = ctx;
  return async ({ email }, { headers, trace }) => {
    await limit(sessions, `forgot:${clientAddress(headers)}`, FORGOT_LIMIT.max, FORGOT_LIMIT.windowSeconds, FORGOT_LIMIT.message);
    // Per-address limits above; per-account limits below are silent, so the reply never tells
    // whether the address belongs to an account.
    const work = (async () => {
      const user = await enabledUserByEmail(db, email);
      if (!user) return;
      const { count } = await sessions.hit(`forgot-user:${user.id}`, 3600);
      if (count > RESET_MAILS_PER_ACCOUNT) return;
      const link = await issueLink(ctx, user.id, 'reset');
      await mailer.send(resetMail(user, link), trace);
    })();
    // Answer without waiting for the lookup and the mail, so the timing says nothing either.
    work.catch((error: unknown) => logger.error({ ...trace, err: error }, 'Password reset mail failed'));
    return null;
  };
}

function reset({ db, sessions, logger, events, throttle }: AccountContext): OperationHandler<typeof accountMore.reset> {
  return async ({ token, password }, call) => {
    const { headers, trace } = call;
    await limit(sessions, `reset:${clientAddress(headers)}`, RESET_LIMIT.max, RESET_LIMIT.windowSeconds, RESET_LIMIT.message);
    const { userId, username } = await db.transaction().execute(async (trx) => {
      const row = await lockToken(trx, token);
      if (!row || !tokenUsable(row, Date.now())) throw new AirwaveError('bad_request', BAD_LINK);
      const weak = checkPasswordAgainstUsername(password, row.username);
      if (weak) throw badRequest(`Invalid input: password: ${weak}`);
      await setPasswordHash(trx, row.user_id, await hashPassword(password));
      // This token and every other outstanding token of the user stop working.
      await useAllTokens(trx, row.user_id);
      const subject = { user_id: row.user_id, username: row.username };
      await events.record(trx, 'account.password.reset', { ...subject, purpose: row.purpose }, { ...actorOf(call), userId: row.user_id, username: row.username });
      return { userId: row.user_id, username: row.username };
    });
    events.kick();
    // A new password from the mailed link: the account's failures (for the ceiling) start afresh.
    await throttle.passwordSet(username);
    await sessions.destroyAllForUser(userId);
    logger.info({ ...trace, userId }, 'Password set with a one-time token; all sessions ended');
    return null;
  };
}
