// The login throttle applied to players (docs/decisions/player-sync.md): a sync request counts an
// attempt before its password is checked, per player and address and per address (the same
// address bucket as users' logins, so guesses at both count together); a request that
// authenticates starts its player and address afresh and gives the address's attempt back. Past a
// ceiling of failures for one player from every address (guesses spread over many addresses),
// only an address the player synced from before (within KNOWN_ADDRESS_DAYS) is let through.
import type { SessionStore, ThrottleRule } from '@airwave/sessions';

export interface PlayerThrottleNumbers {
  /** Failed syncs for one player from one address before each further one waits. */
  freePerPlayerAndAddress: number;
  /** Failed syncs and logins from one address before each further one waits. */
  freePerAddress: number;
  /** The wait after the first failure past the free ones; doubling, up to 15 minutes. */
  firstDelayMs: number;
  /** Failed syncs for one player from every address (within a day of the last) past which only its known addresses get in. */
  playerCeiling: number;
}

export const DEFAULT_PLAYER_THROTTLE: PlayerThrottleNumbers = { freePerPlayerAndAddress: 5, freePerAddress: 50, firstDelayMs: 1000, playerCeiling: 1000 };

/** How long an address a player synced from stays known (past the ceiling, it still gets in). */
export const KNOWN_ADDRESS_DAYS = 30;

const TIMING = { maxDelayMs: 15 * 60 * 1000, forgetAfterSeconds: 24 * 60 * 60 };

export interface CountedSync {
  pair: string;
  address: string;
  /** The player's failures from every address, never delayed: counted for the ceiling. */
  player: string;
  /** The name under which this address is known to the player. */
  known: string;
}

/** Counts a sync attempt; the wait in ms when one of its buckets still asks to wait, or the ceiling when past it from an unknown address. */
export async function countSync(sessions: SessionStore, numbers: PlayerThrottleNumbers, playerId: number, address: string): Promise<CountedSync | { waitMs: number } | { pastCeiling: true }> {
  const counted = { pair: `player-sync:${playerId}:${address}`, address: `login-address:${address}`, player: `player-sync-all:${playerId}`, known: `player-sync-known:${playerId}:${address}` };
  const rules: ThrottleRule[] = [
    { bucket: counted.pair, freeAttempts: numbers.freePerPlayerAndAddress, baseDelayMs: numbers.firstDelayMs, ...TIMING },
    { bucket: counted.address, freeAttempts: numbers.freePerAddress, baseDelayMs: numbers.firstDelayMs, ...TIMING },
    { bucket: counted.player, freeAttempts: Number.MAX_SAFE_INTEGER, baseDelayMs: numbers.firstDelayMs, ...TIMING },
  ];
  const result = await sessions.throttleAttempt(rules);
  if (!result.allowed) return { waitMs: result.waitMs };
  // past the ceiling, an unknown address is refused before its password is checked; its attempt
  // stays counted, so the ceiling holds while the guessing goes on
  if (result.counts[2]! > numbers.playerCeiling && (await sessions.getValue(counted.known)) === null) return { pastCeiling: true };
  return counted;
}

/** The sync authenticated: its player and address start afresh, the address's and the player's attempts are given back, and the address is known. */
export async function syncSucceeded(sessions: SessionStore, counted: CountedSync): Promise<void> {
  await Promise.all([
    sessions.throttleClear([counted.pair]),
    sessions.throttleGiveBack([counted.address, counted.player]),
    sessions.putValue(counted.known, '1', KNOWN_ADDRESS_DAYS * 86_400),
  ]);
}

/** The sync was no failure of credentials (a service did not answer): its attempts given back. */
export const syncNotFailed = (sessions: SessionStore, counted: CountedSync) => sessions.throttleGiveBack([counted.pair, counted.address, counted.player]);

/** The numbers from the environment the account service's login throttle reads (LOGIN_FREE_FAILURES, …_PER_ADDRESS, LOGIN_ACCOUNT_CEILING, LOGIN_FIRST_DELAY_SECONDS). */
export function playerThrottleFrom(env: Record<string, string | undefined>): PlayerThrottleNumbers {
  const whole = (value: string | undefined, fallback: number) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : fallback);
  return {
    freePerPlayerAndAddress: whole(env.LOGIN_FREE_FAILURES, DEFAULT_PLAYER_THROTTLE.freePerPlayerAndAddress),
    freePerAddress: whole(env.LOGIN_FREE_FAILURES_PER_ADDRESS, DEFAULT_PLAYER_THROTTLE.freePerAddress),
    firstDelayMs: whole(env.LOGIN_FIRST_DELAY_SECONDS, 1) * 1000,
    playerCeiling: whole(env.LOGIN_ACCOUNT_CEILING, DEFAULT_PLAYER_THROTTLE.playerCeiling),
  };
}
