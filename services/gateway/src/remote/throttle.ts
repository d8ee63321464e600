// The login throttle applied to players (docs/decisions/player-sync.md): a sync request counts an
// attempt before its password is checked, per player and address and per address (the same
// address bucket as users' logins, so guesses at both count together); a request that
// authenticates starts its player and address afresh and gives the address's attempt back.
import type { SessionStore, ThrottleRule } from '@airwave/sessions';

export interface PlayerThrottleNumbers {
  /** Failed syncs for one player from one address before each further one waits. */
  freePerPlayerAndAddress: number;
  /** Failed syncs and logins from one address before each further one waits. */
  freePerAddress: number;
  /** The wait after the first failure past the free ones; doubling, up to 15 minutes. */
  firstDelayMs: number;
}

export const DEFAULT_PLAYER_THROTTLE: PlayerThrottleNumbers = { freePerPlayerAndAddress: 5, freePerAddress: 50, firstDelayMs: 1000 };

const TIMING = { maxDelayMs: 15 * 60 * 1000, forgetAfterSeconds: 24 * 60 * 60 };

export interface CountedSync {
  pair: string;
  address: string;
}

/** Counts a sync attempt; the wait in ms when one of its buckets still asks to wait. */
export async function countSync(sessions: SessionStore, numbers: PlayerThrottleNumbers, playerId: number, address: string): Promise<CountedSync | { waitMs: number }> {
  const counted = { pair: `player-sync:${playerId}:${address}`, address: `login-address:${address}` };
  const rules: ThrottleRule[] = [
    { bucket: counted.pair, freeAttempts: numbers.freePerPlayerAndAddress, baseDelayMs: numbers.firstDelayMs, ...TIMING },
    { bucket: counted.address, freeAttempts: numbers.freePerAddress, baseDelayMs: numbers.firstDelayMs, ...TIMING },
  ];
  const result = await sessions.throttleAttempt(rules);
  return result.allowed ? counted : { waitMs: result.waitMs };
}

/** The sync authenticated: its player and address start afresh; the address's attempt is given back. */
export async function syncSucceeded(sessions: SessionStore, counted: CountedSync): Promise<void> {
  await Promise.all([sessions.throttleClear([counted.pair]), sessions.throttleGiveBack([counted.address])]);
}

/** The sync was no failure of credentials (a service did not answer): both attempts given back. */
export const syncNotFailed = (sessions: SessionStore, counted: CountedSync) => sessions.throttleGiveBack([counted.pair, counted.address]);

/** The numbers from the environment the account service's login throttle reads (LOGIN_FREE_FAILURES, …_PER_ADDRESS, LOGIN_FIRST_DELAY_SECONDS). */
export function playerThrottleFrom(env: Record<string, string | undefined>): PlayerThrottleNumbers {
  const whole = (value: string | undefined, fallback: number) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : fallback);
  return {
    freePerPlayerAndAddress: whole(env.LOGIN_FREE_FAILURES, DEFAULT_PLAYER_THROTTLE.freePerPlayerAndAddress),
    freePerAddress: whole(env.LOGIN_FREE_FAILURES_PER_ADDRESS, DEFAULT_PLAYER_THROTTLE.freePerAddress),
    firstDelayMs: whole(env.LOGIN_FIRST_DELAY_SECONDS, 1) * 1000,
  };
}
