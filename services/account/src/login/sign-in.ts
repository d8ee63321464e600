// A login that succeeded (with the password alone, or with its second factor): the throttle starts
// afresh for this account and address, the address is remembered, and a session begins.
import type { account } from '@airwave/contracts';
import { actorOf, type CallContext } from '@airwave/service-kit';
import type { z } from 'zod';
import type { AccountContext } from '../shared/context';
import { clientAddress } from '../shared/rate-limit';
import { event, recordEvents } from '../shared/security-events';
import { rememberAddress } from './known-addresses';
import { touchLastAccess } from './queries';
import type { LoginCandidate } from './rules';
import type { CountedAttempt } from './throttle';

export async function signIn(
  ctx: AccountContext,
  call: CallContext,
  user: LoginCandidate,
  counted: CountedAttempt,
  secondFactor: 'none' | 'totp' | 'recovery_code',
): Promise<z.input<typeof account.login.output>> {
  const { sessions, db, logger } = ctx;
  const address = clientAddress(call.headers);
  await ctx.throttle.succeeded(counted);
  await rememberAddress(sessions, user.id, address);
  await ctx.refreshProfile(user.id);
  const session = await sessions.create(user.id);
  await touchLastAccess(db, user.id);
  const actor = { ...actorOf(call), userId: user.id, username: user.username };
  await recordEvents(ctx, [event('account.login.succeeded', { user_id: user.id, username: user.username, second_factor: secondFactor })], actor);
  logger.info({ ...call.trace, userId: user.id, address, secondFactor }, 'Login succeeded');
  return { id: user.id, key: session.key, key_expiry: session.expiresAt };
}
