import type { PrincipalProfile } from '@airwave/contracts';
import { memoryThrottlePart } from './memory-throttle';
import { deepFreeze, DEFAULT_SESSION_TTL_SECONDS, hashSessionKey, looksLikeSessionKey, newSessionKey, nowSeconds, type SessionStore } from './types';

type Sessions = Map<string, { userId: number; expiresAtMs: number }>;
type Profiles = Map<number, PrincipalProfile>;
type Hits = Map<string, { count: number; resetAtMs: number }>;

/** The embedded default's store: same behaviour as Redis, kept in this process's memory. */
export function createMemorySessionStore(options: { ttlSeconds?: number } = {}): SessionStore {
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS;
  const sessions: Sessions = new Map();
  // A copy of what was stored, frozen and shared by every read, as the Redis store hands out its
  // parsed principals: callers copy what they change, and a change to the stored principal replaces
  // it. (A fresh JSON.parse on every request was 2.6 KB of garbage and ~1.5 µs.)
  const profiles: Profiles = new Map();
  const hits: Hits = new Map();
  const throttle = memoryThrottlePart();
  return {
    kind: 'memory',
    ttlSeconds,
    ...sessionsPart(sessions, profiles, ttlSeconds),
    ...profilesPart(profiles),
    ...hitsPart(hits),
    throttleAttempt: throttle.throttleAttempt,
    throttleGiveBack: throttle.throttleGiveBack,
    throttleClear: throttle.throttleClear,
    putValue: throttle.putValue,
    getValue: throttle.getValue,
    deleteValue: throttle.deleteValue,
    claimValue: throttle.claimValue,
    async ping() {},
    async close() {
      sessions.clear();
      profiles.clear();
      throttle.clear();
    },
  };
}

function sessionsPart(sessions: Sessions, profiles: Profiles, ttlSeconds: number): Pick<SessionStore, 'create' | 'authenticate' | 'destroy' | 'destroyById' | 'destroyAllForUser'> {
  const live = (hash: string) => {
    const entry = sessions.get(hash);
    if (!entry) return null;
    if (entry.expiresAtMs <= Date.now()) {
      sessions.delete(hash);
      return null;
    }
    return entry;
  };
  return {
    async create(userId) {
      const key = newSessionKey();
      const expiresAtMs = Date.now() + ttlSeconds * 1000;
      sessions.set(hashSessionKey(key), { userId, expiresAtMs });
      return { key, id: hashSessionKey(key), userId, expiresAt: Math.floor(expiresAtMs / 1000) };
    },
    async authenticate(key) {
      if (!looksLikeSessionKey(key)) return null;
      const id = hashSessionKey(key);
      const entry = live(id);
      if (!entry) return null;
      entry.expiresAtMs = Date.now() + ttlSeconds * 1000;
      const profile = profiles.get(entry.userId);
      return { session: { id, userId: entry.userId, expiresAt: nowSeconds() + ttlSeconds }, profile: profile ?? null };
    },
    async destroy(key) {
      sessions.delete(hashSessionKey(key));
    },
    async destroyById(id) {
      sessions.delete(id);
    },
    async destroyAllForUser(userId, exceptId) {
      for (const [hash, entry] of sessions) if (entry.userId === userId && hash !== exceptId) sessions.delete(hash);
    },
  };
}

function profilesPart(profiles: Profiles): Pick<SessionStore, 'getProfile' | 'setProfile' | 'deleteProfile'> {
  return {
    async getProfile(userId) {
      return profiles.get(userId) ?? null;
    },
    async setProfile(profile) {
      profiles.set(profile.userId, deepFreeze(JSON.parse(JSON.stringify(profile)) as PrincipalProfile));
    },
    async deleteProfile(userId) {
      profiles.delete(userId);
    },
  };
}

function hitsPart(hits: Hits): Pick<SessionStore, 'hit' | 'clearHits'> {
  return {
    async hit(bucket, windowSeconds) {
      const now = Date.now();
      const entry = hits.get(bucket);
      if (!entry || entry.resetAtMs <= now) {
        hits.set(bucket, { count: 1, resetAtMs: now + windowSeconds * 1000 });
        return { count: 1, resetInSeconds: windowSeconds };
      }
      entry.count += 1;
      return { count: entry.count, resetInSeconds: Math.ceil((entry.resetAtMs - now) / 1000) };
    },
    async clearHits(bucket) {
      hits.delete(bucket);
    },
  };
}
