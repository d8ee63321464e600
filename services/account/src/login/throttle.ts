// The login throttle over the session store (shared by every replica): an attempt is counted
// before its password or code is checked, so parallel guesses cannot slip past a delay; an attempt
// that turns out not to be a failure is taken back. Refused attempts count nothing.
import { AirwaveError } from '@airwave/contracts';
import type { SessionStore } from '@airwave/sessions';
import { accountBucket, loginBuckets, loginRules, PAST_CEILING, THROTTLE_TIMING, TOO_MANY_ATTEMPTS, type Counts, type LoginBuckets, type ThrottleNumbers } from './rules';

export type { ThrottleNumbers } from './rules';

export interface CountedAttempt {
  buckets: LoginBuckets;
  counts: Counts;
}

export interface LoginThrottle {
  readonly numbers: ThrottleNumbers;
  /** Counts an attempt for the username from the address; 429 with Retry-After while either must wait. */
  attempt(username: string, address: string): Promise<CountedAttempt>;
  /** The attempt signed in: its account and address start afresh, the rest is taken back. */
  succeeded(attempt: CountedAttempt): Promise<void>;
  /** The attempt was no failure (a right password, refused for another reason): taken back. */
  notFailed(attempt: CountedAttempt): Promise<void>;
  /** A new password was set: the account's count (for the ceiling) starts afresh. */
  passwordSet(username: string): Promise<void>;
}

export const tooManyAttempts = (waitMs: number) => new AirwaveError('rate_limited', TOO_MANY_ATTEMPTS, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
export const pastCeilingRefusal = () => new AirwaveError('rate_limited', PAST_CEILING, { retryAfterSeconds: THROTTLE_TIMING.maxDelayMs / 1000 });

export function loginThrottle(sessions: SessionStore, numbers: ThrottleNumbers): LoginThrottle {
  return {
    numbers,
    async attempt(username, address) {
      const buckets = loginBuckets(username, address);
      const result = await sessions.throttleAttempt(loginRules(buckets, numbers));
      if (!result.allowed) throw tooManyAttempts(result.waitMs);
      const [pair = 0, perAddress = 0, account = 0] = result.counts;
      return { buckets, counts: { pair, address: perAddress, account } };
    },
    async succeeded({ buckets }) {
      await sessions.throttleClear([buckets.pair]);
      await sessions.throttleGiveBack([buckets.address, buckets.account]);
    },
    async notFailed({ buckets }) {
      await sessions.throttleGiveBack([buckets.pair, buckets.address, buckets.account]);
    },
    async passwordSet(username) {
      await sessions.throttleClear([accountBucket(username)]);
    },
  };
}
