// Sessions: login in one or two steps (password, then a second factor when the user has one), both
// throttled per account and address, per address and per account (docs/decisions/accounts.md), and
// logout.
import { account, twoFactor, unauthenticated } from '@airwave/contracts';
import { bindOperation, type OperationHandler } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { dummyHash, verifyPassword } from '../shared/passwords';
import { clientAddress } from '../shared/rate-limit';
import { useSecondFactor } from '../two-factor/verify';
import { failedAttempt } from './failures';
import { isKnownAddress } from './known-addresses';
import { findLoginUser, findLoginUserById } from './queries';
import { BAD_CODE, BAD_LOGIN, loginSucceeds, pastCeiling } from './rules';
import { signIn } from './sign-in';
import { pastCeilingRefusal } from './throttle';
import { codeAllowed, endTicket, readTicket, ticketRefusal } from './tickets';

const TICKET_GONE = 'This sign-in has expired or ended: log in again with your password.';

export function bindLogin(ctx: AccountContext) {
  const { bus, sessions } = ctx;
  return Promise.all([
    bindOperation(bus, account.login, passwordStep(ctx)),
    bindOperation(bus, twoFactor.login, codeStep(ctx)),
    bindOperation(bus, account.logout, async (_input, { principal }) => {
      if (principal.sessionId) await sessions.destroyById(principal.sessionId);
      return null;
    }),
  ]);
}

function passwordStep(ctx: AccountContext): OperationHandler<typeof account.login> {
  const { db, sessions, throttle } = ctx;
  return async ({ username, password }, call) => {
    const address = clientAddress(call.headers);
    const counted = await throttle.attempt(username, address);
    const user = await findLoginUser(db, username);
    // Same work and the same answer for an unknown user, a disabled one and a wrong password.
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    const past = pastCeiling(counted.counts, throttle.numbers);
    if (!loginSucceeds(user, valid)) {
      await failedAttempt(ctx, call, user, counted, 'password');
      throw past ? pastCeilingRefusal() : unauthenticated(BAD_LOGIN);
    }
    if (user.two_factor) {
      // The password was right; the code's attempts are counted in the second step.
      await throttle.notFailed(counted);
      throw await ticketRefusal(sessions, { userId: user.id, username: user.username });
    }
    if (past && !(await isKnownAddress(sessions, user.id, address))) {
      await throttle.notFailed(counted);
      throw pastCeilingRefusal();
    }
    return signIn(ctx, call, user, counted, 'none');
  };
}

function codeStep(ctx: AccountContext): OperationHandler<typeof twoFactor.login> {
  const { db, sessions, throttle } = ctx;
  return async ({ ticket, code }, call) => {
    const holder = await readTicket(sessions, ticket);
    if (!holder) throw unauthenticated(TICKET_GONE);
    const counted = await throttle.attempt(holder.username, clientAddress(call.headers));
    if (!(await codeAllowed(sessions, ticket))) {
      await throttle.notFailed(counted);
      throw unauthenticated(TICKET_GONE);
    }
    const user = await findLoginUserById(db, holder.userId);
    const factor = user?.enabled && user.two_factor ? await useSecondFactor(ctx, user.id, code) : null;
    if (!user || !factor) {
      await failedAttempt(ctx, call, user, counted, 'second_factor');
      throw unauthenticated(BAD_CODE);
    }
    if (!(await endTicket(sessions, ticket))) {
      await throttle.notFailed(counted);
      throw unauthenticated(TICKET_GONE);
    }
    return signIn(ctx, call, user, counted, factor);
  };
}
