// Login decisions: which rate-limit buckets an attempt counts in, and when it succeeds.

/** The one answer for an unknown user, a disabled one and a wrong password. */
export const BAD_LOGIN = 'Invalid username or password.';

/** Attempts are counted per 15 minutes. */
export const LOGIN_WINDOW_SECONDS = 900;

export const TOO_MANY_FROM_ADDRESS = 'Too many login attempts from this address; try again later.';
export const TOO_MANY_FOR_ACCOUNT = 'Too many login attempts for this account; try again later.';

/** The buckets of an attempt: per client address, and per username regardless of case. */
export function loginBuckets(username: string, address: string): { address: string; user: string } {
  return { address: `login-address:${address}`, user: `login-user:${username.toLowerCase()}` };
}

export interface LoginCandidate {
  id: number;
  password_hash: string | null;
  enabled: boolean;
}

/** A login succeeds only for an existing, enabled user with a password, and the right one. */
export function loginSucceeds(user: LoginCandidate | undefined, passwordMatches: boolean): user is LoginCandidate {
  return user !== undefined && user.enabled && user.password_hash !== null && user.password_hash !== '' && passwordMatches;
}
