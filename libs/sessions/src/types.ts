import * as crypto from 'node:crypto';
import type { PrincipalProfile } from '@airwave/contracts';
import type { ThrottleAttempt, ThrottleRule } from './throttle';

export interface SessionInfo {
  /** The SHA-256 of the key: identifies the session without being able to authenticate. */
  id: string;
  userId: number;
  /** Unix seconds. */
  expiresAt: number;
}

export interface NewSession extends SessionInfo {
  /** The secret handed to the client; only its hash is stored. */
  key: string;
}

export interface SessionStore {
  readonly kind: 'redis' | 'memory';
  /** Seconds a session lives after its last use. */
  readonly ttlSeconds: number;
  create(userId: number): Promise<NewSession>;
  /**
   * Looks a key up and slides its expiry forward, returning the session and the cached principal
   * of its user (null when not cached) in one round trip. Null when the key is unknown or expired.
   */
  authenticate(key: string): Promise<{ session: SessionInfo; profile: PrincipalProfile | null } | null>;
  destroy(key: string): Promise<void>;
  destroyById(id: string): Promise<void>;
  /** Ends every session of a user (password reset, user deleted). */
  destroyAllForUser(userId: number, exceptId?: string): Promise<void>;
  getProfile(userId: number): Promise<PrincipalProfile | null>;
  setProfile(profile: PrincipalProfile): Promise<void>;
  deleteProfile(userId: number): Promise<void>;
  /**
   * Counts one attempt against `bucket` in a fixed window and returns the count so far and the
   * seconds until the window ends. Shared by every replica (Redis), for rate limits.
   */
  hit(bucket: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** Forgets a bucket's attempts (after a successful login, say). */
  clearHits(bucket: string): Promise<void>;
  /**
   * Counts one attempt in every rule's bucket, atomically, unless one of them still asks to wait
   * (then nothing is counted): growing delays instead of a lockout (throttle.ts). Shared by every
   * replica (Redis, on its clock).
   */
  throttleAttempt(rules: ThrottleRule[]): Promise<ThrottleAttempt>;
  /** Takes one counted attempt back from each bucket (the attempt turned out not to be a failure). */
  throttleGiveBack(buckets: string[]): Promise<void>;
  /** Forgets buckets entirely. */
  throttleClear(buckets: string[]): Promise<void>;
  /** Keeps a short-lived value (a two-factor ticket, an address known to a user) for `ttlSeconds`. */
  putValue(name: string, value: string, ttlSeconds: number): Promise<void>;
  /** A value kept with putValue, or null when unknown or expired. */
  getValue(name: string): Promise<string | null>;
  /** Deletes a value; true when it existed (so of two callers deleting it at once, one gets true). */
  deleteValue(name: string): Promise<boolean>;
  /**
   * Keeps `value` under `name` for `ttlSeconds` unless a live value is there already: null when this
   * caller claimed the name, else the value kept (of two callers claiming it at once, one gets null).
   */
  claimValue(name: string, value: string, ttlSeconds: number): Promise<string | null>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_SESSION_TTL_SECONDS = 3600;

export function newSessionKey(): string {
  return crypto.randomBytes(32).toString('base64url');
}

// crypto.hash (Node >= 20.12) hashes in one call, without a Hash object per authenticated request.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

export function hashSessionKey(key: string): string {
  return oneShotHash ? oneShotHash('sha256', key, 'hex') : crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A session key is 43 base64url characters; anything else is not looked up at all. */
export function looksLikeSessionKey(key: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(key);
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Freezes a value and everything inside it: principals the stores hand out are shared, never changed. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
