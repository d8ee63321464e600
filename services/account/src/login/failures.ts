// A failed attempt, after it was counted: its audit events (the failure, and each delay it started)
// and its log line. The typed username of an unknown user is not kept (people type passwords there).
import { actorOf, type CallContext } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { clientAddress } from '../shared/rate-limit';
import { event, recordEvents, type PendingEvent } from '../shared/security-events';
import { delaysStarted, type LoginCandidate } from './rules';
import type { CountedAttempt } from './throttle';

export async function failedAttempt(
  ctx: AccountContext,
  call: CallContext,
  user: Pick<LoginCandidate, 'id' | 'username'> | undefined,
  counted: CountedAttempt,
  step: 'password' | 'second_factor',
  options: { login: boolean } = { login: true },
): Promise<void> {
  const attempted = user ? { user_id: user.id, username: user.username } : { user_id: null, username: null };
  const pending: PendingEvent[] = options.login ? [event('account.login.failed', { ...attempted, step })] : [];
  for (const delay of delaysStarted(counted.counts, ctx.throttle.numbers)) pending.push(event('account.login.throttled', { ...attempted, ...delay }));
  await recordEvents(ctx, pending, actorOf(call));
  ctx.logger.info({ ...call.trace, userId: user?.id ?? null, address: clientAddress(call.headers), step, attempts: counted.counts.pair }, 'Login failed');
}
