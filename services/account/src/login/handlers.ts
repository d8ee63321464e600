// Sessions: login (rate-limited per address and per username) and logout.
import { account, unauthenticated } from '@airwave/contracts';
import { bindOperation, type OperationHandler } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { dummyHash, verifyPassword } from '../shared/passwords';
import { clientAddress, limit } from '../shared/rate-limit';
import { findLoginUser, touchLastAccess } from './queries';
import { BAD_LOGIN, LOGIN_WINDOW_SECONDS, loginBuckets, loginSucceeds, TOO_MANY_FOR_ACCOUNT, TOO_MANY_FROM_ADDRESS } from './rules';

export function bindLogin(ctx: AccountContext) {
  const { bus, sessions } = ctx;
  return Promise.all([
    bindOperation(bus, account.login, login(ctx)),
    bindOperation(bus, account.logout, async (_input, { principal }) => {
      if (principal.sessionId) await sessions.destroyById(principal.sessionId);
      return null;
    }),
  ]);
}

function login({ db, sessions, logger, config, refreshProfile }: AccountContext): OperationHandler<typeof account.login> {
  return async ({ username, password }, { headers, trace }) => {
    const address = clientAddress(headers);
    const buckets = loginBuckets(username, address);
    await limit(sessions, buckets.address, config.loginMaxAttemptsPerAddress, LOGIN_WINDOW_SECONDS, TOO_MANY_FROM_ADDRESS);
    await limit(sessions, buckets.user, config.loginMaxAttempts, LOGIN_WINDOW_SECONDS, TOO_MANY_FOR_ACCOUNT);
    const user = await findLoginUser(db, username);
    // Same work and the same answer for an unknown user, a disabled one and a wrong password.
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    if (!loginSucceeds(user, valid)) {
      logger.info({ ...trace, username, address }, 'Login failed');
      throw unauthenticated(BAD_LOGIN);
    }
    await sessions.clearHits(buckets.user);
    await refreshProfile(user.id);
    const session = await sessions.create(user.id);
    await touchLastAccess(db, user.id);
    logger.info({ ...trace, userId: user.id, address }, 'Login succeeded');
    return { id: user.id, key: session.key, key_expiry: session.expiresAt };
  };
}
