// The current password, asked again before a second factor is set up: counted by the login
// throttle like a login, and a wrong one recorded as a failed login.
import { forbidden } from '@airwave/contracts';
import type { AuthenticatedContext } from '@airwave/service-kit';
import { failedAttempt } from '../login/failures';
import { findLoginUserById } from '../login/queries';
import { loginSucceeds } from '../login/rules';
import type { AccountContext } from '../shared/context';
import { verifyPassword, dummyHash } from '../shared/passwords';
import { clientAddress } from '../shared/rate-limit';
import { WRONG_PASSWORD } from './rules';

export async function confirmPassword(ctx: AccountContext, call: AuthenticatedContext, password: string): Promise<void> {
  const { principal } = call;
  const counted = await ctx.throttle.attempt(principal.username, clientAddress(call.headers));
  const user = await findLoginUserById(ctx.db, principal.userId);
  const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
  if (!loginSucceeds(user, valid)) {
    await failedAttempt(ctx, call, user, counted, 'password');
    throw forbidden(WRONG_PASSWORD);
  }
  await ctx.throttle.notFailed(counted);
}
