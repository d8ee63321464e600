// Login decisions: which throttle buckets an attempt counts in and with which numbers, when a
// login succeeds, when the account's ceiling is passed, and which delays a failure started
// (docs/decisions/accounts.md, "Login throttling").
import { throttleDelayMs, type ThrottleRule } from '@airwave/sessions';

/** The one answer for an unknown user, a disabled one and a wrong password. */
export const BAD_LOGIN = 'Invalid username or password.';
export const BAD_CODE = 'Invalid code.';
export const TOO_MANY_ATTEMPTS = 'Too many failed sign-ins from your address: wait before trying again.';
export const PAST_CEILING =
  'This account has had too many failed sign-ins from many addresses: sign in with your second factor, from an address you signed in from before, or set a new password with a reset link (forgot password).';

/** Delays start at the first delay (one second by default) and double with each further failure, up
 * to 15 minutes; a bucket is forgotten a day after its last failure. */
export const THROTTLE_TIMING = { maxDelayMs: 15 * 60 * 1000, forgetAfterSeconds: 24 * 60 * 60 };

/** The numbers an operator may change (LOGIN_FREE_FAILURES, …_PER_ADDRESS, LOGIN_ACCOUNT_CEILING, LOGIN_FIRST_DELAY_SECONDS). */
export interface ThrottleNumbers {
  freePerAccountAndAddress: number;
  freePerAddress: number;
  accountCeiling: number;
  /** The delay after the first failure past the free ones. */
  firstDelayMs: number;
}

const timing = (numbers: ThrottleNumbers) => ({ ...THROTTLE_TIMING, baseDelayMs: numbers.firstDelayMs });

export interface LoginBuckets {
  /** One account (by username, regardless of case, existing or not) from one address. */
  pair: string;
  /** One address, whatever the account. */
  address: string;
  /** One account from every address: counted for the ceiling, never delayed. */
  account: string;
}

export type Counts = Record<keyof LoginBuckets, number>;

/** One account's bucket for the ceiling, whatever the address. */
export const accountBucket = (username: string): string => `login-account:${username.toLowerCase()}`;

export function loginBuckets(username: string, address: string): LoginBuckets {
  return { pair: `login-pair:${username.toLowerCase()}:${address}`, address: `login-address:${address}`, account: accountBucket(username) };
}

export function loginRules(buckets: LoginBuckets, numbers: ThrottleNumbers): ThrottleRule[] {
  return [
    { bucket: buckets.pair, freeAttempts: numbers.freePerAccountAndAddress, ...timing(numbers) },
    { bucket: buckets.address, freeAttempts: numbers.freePerAddress, ...timing(numbers) },
    { bucket: buckets.account, freeAttempts: Number.MAX_SAFE_INTEGER, ...timing(numbers) },
  ];
}

/** Whether this attempt is past the account's ceiling (its own count included). */
export const pastCeiling = (counts: Counts, numbers: ThrottleNumbers): boolean => counts.account > numbers.accountCeiling;

export interface StartedDelay {
  scope: 'account_address' | 'address' | 'account';
  attempts: number;
  wait_seconds: number;
}

/** The delays a failure (counted as `counts`) started or lengthened, and the ceiling when it was just passed. */
export function delaysStarted(counts: Counts, numbers: ThrottleNumbers): StartedDelay[] {
  const delay = (free: number, count: number) => Math.ceil(throttleDelayMs({ freeAttempts: free, ...timing(numbers) }, count) / 1000);
  const started: StartedDelay[] = [];
  if (counts.pair > numbers.freePerAccountAndAddress) started.push({ scope: 'account_address', attempts: counts.pair, wait_seconds: delay(numbers.freePerAccountAndAddress, counts.pair) });
  if (counts.address > numbers.freePerAddress) started.push({ scope: 'address', attempts: counts.address, wait_seconds: delay(numbers.freePerAddress, counts.address) });
  if (counts.account === numbers.accountCeiling + 1) started.push({ scope: 'account', attempts: counts.account, wait_seconds: 0 });
  return started;
}

export interface LoginCandidate {
  id: number;
  username: string;
  password_hash: string | null;
  enabled: boolean;
  /** Whether the user signs in with a second factor. */
  two_factor: boolean;
}

/** A login succeeds only for an existing, enabled user with a password, and the right one. */
export function loginSucceeds(user: LoginCandidate | undefined, passwordMatches: boolean): user is LoginCandidate {
  return user !== undefined && user.enabled && user.password_hash !== null && user.password_hash !== '' && passwordMatches;
}
