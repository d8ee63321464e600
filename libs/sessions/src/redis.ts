// The Redis session store, shared by every replica of the gateway and the account service. Its
// parts: sessions (a key's hash → its user, with a sliding TTL, and each user's set of sessions),
// the cached principals of users, rate-limit hits, and the throttle's buckets and short-lived values
// (redis-throttle.ts). The client is set up in redis-client.ts, the batched lookups of
// authentication are in redis-authenticate.ts.
import { Redis } from 'ioredis';
import { batchedLookups, profileParser, type ProfileParser } from './redis-authenticate';
import { connectRedis, type Guard, type RedisSessionOptions } from './redis-client';
import { redisThrottlePart } from './redis-throttle';
import { DEFAULT_SESSION_TTL_SECONDS, hashSessionKey, looksLikeSessionKey, newSessionKey, nowSeconds, type SessionStore } from './types';

export { AUTHENTICATE_BATCH_MAX } from './redis-authenticate';
export type { RedisSessionOptions } from './redis-client';

/** Where a store keeps what: every key under its prefix. */
interface RedisKeys {
  session(hash: string): string;
  userSessions(userId: number): string;
  principalPrefix: string;
  hits(bucket: string): string;
}

const keysUnder = (prefix: string): RedisKeys => ({
  session: (hash) => `${prefix}session:${hash}`,
  userSessions: (userId) => `${prefix}user-sessions:${userId}`,
  principalPrefix: `${prefix}principal:`,
  hits: (bucket) => `${prefix}hits:${bucket}`,
});

export function createRedisSessionStore(options: RedisSessionOptions): SessionStore & { redis: Redis } {
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS;
  const prefix = options.prefix ?? 'airwave:';
  const keys = keysUnder(prefix);
  const { redis, guard } = connectRedis(options);
  const parseProfile = profileParser();
  return {
    kind: 'redis',
    ttlSeconds,
    redis,
    ...sessionsPart(redis, guard, keys, ttlSeconds, parseProfile),
    ...profilesPart(redis, guard, keys, parseProfile),
    ...hitsPart(redis, guard, keys),
    ...redisThrottlePart(redis, guard, prefix),
    ping: () =>
      guard(async () => {
        await redis.ping();
      }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

type SessionsPart = Pick<SessionStore, 'create' | 'authenticate' | 'destroy' | 'destroyById' | 'destroyAllForUser'>;

function sessionsPart(redis: Redis, guard: Guard, keys: RedisKeys, ttlSeconds: number, parseProfile: ProfileParser): SessionsPart {
  const lookup = batchedLookups(redis, ttlSeconds, keys.principalPrefix);
  const destroyById = (hash: string) =>
    guard(async () => {
      const raw = await redis.get(keys.session(hash));
      const multi = redis.multi().del(keys.session(hash));
      if (raw) multi.srem(keys.userSessions((JSON.parse(raw) as { userId: number }).userId), hash);
      await multi.exec();
    });
  return {
    create: (userId) =>
      guard(async () => {
        const key = newSessionKey();
        const hash = hashSessionKey(key);
        await redis
          .multi()
          .set(keys.session(hash), JSON.stringify({ userId, created: nowSeconds() }), 'EX', ttlSeconds)
          .sadd(keys.userSessions(userId), hash)
          .exec();
        return { key, id: hash, userId, expiresAt: nowSeconds() + ttlSeconds };
      }),
    authenticate: async (key) => {
      if (!looksLikeSessionKey(key)) return null;
      const id = hashSessionKey(key);
      const result = await guard(() => lookup(keys.session(id)));
      if (!result) return null;
      const session = JSON.parse(result[0]) as { userId: number };
      return { session: { id, userId: session.userId, expiresAt: nowSeconds() + ttlSeconds }, profile: parseProfile(result[1]) };
    },
    destroy: (key) => destroyById(hashSessionKey(key)),
    destroyById: (hash) => destroyById(hash),
    destroyAllForUser: (userId, exceptId) =>
      guard(async () => {
        const hashes = (await redis.smembers(keys.userSessions(userId))).filter((hash) => hash !== exceptId);
        if (hashes.length === 0) return;
        const multi = redis.multi().srem(keys.userSessions(userId), ...hashes);
        for (const hash of hashes) multi.del(keys.session(hash));
        await multi.exec();
      }),
  };
}

function profilesPart(redis: Redis, guard: Guard, keys: RedisKeys, parseProfile: ProfileParser): Pick<SessionStore, 'getProfile' | 'setProfile' | 'deleteProfile'> {
  return {
    getProfile: (userId) => guard(async () => parseProfile(await redis.get(`${keys.principalPrefix}${userId}`))),
    setProfile: (profile) =>
      guard(async () => {
        await redis.set(`${keys.principalPrefix}${profile.userId}`, JSON.stringify(profile));
      }),
    deleteProfile: (userId) =>
      guard(async () => {
        await redis.del(`${keys.principalPrefix}${userId}`);
      }),
  };
}

function hitsPart(redis: Redis, guard: Guard, keys: RedisKeys): Pick<SessionStore, 'hit' | 'clearHits'> {
  return {
    hit: (bucket, windowSeconds) =>
      guard(async () => {
        const key = keys.hits(bucket);
        const result = await redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
        const count = Number(result?.[0]?.[1] ?? 1);
        const ttl = Number(result?.[2]?.[1] ?? windowSeconds);
        return { count, resetInSeconds: ttl > 0 ? ttl : windowSeconds };
      }),
    clearHits: (bucket) =>
      guard(async () => {
        await redis.del(keys.hits(bucket));
      }),
  };
}

/** Deletes every key under a prefix (test cleanup). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
