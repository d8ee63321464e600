import { AirwaveError, PrincipalProfile } from '@airwave/contracts';
import { Redis } from 'ioredis';
import { DEFAULT_SESSION_TTL_SECONDS, hashSessionKey, looksLikeSessionKey, newSessionKey, nowSeconds, type SessionStore } from './types';

export interface RedisSessionOptions {
  url: string;
  /** Prefix of every key, e.g. 'airwave:' (tests use a unique one). */
  prefix?: string;
  ttlSeconds?: number;
  /** Called when Redis fails (for logs and metrics); the caller gets AirwaveError('unavailable'). */
  onError?: (error: unknown) => void;
  /** How long one command may take before it fails with 'unavailable' (default 2000 ms). */
  commandTimeoutMs?: number;
}

// One round trip per authenticated request: slide the session's TTL and fetch the user's cached
// principal. KEYS[1] session key; ARGV[1] ttl seconds; ARGV[2] principal key prefix.
const AUTHENTICATE = `
local session = redis.call('GETEX', KEYS[1], 'EX', ARGV[1])
if not session then return nil end
local decoded = cjson.decode(session)
local profile = redis.call('GET', ARGV[2] .. decoded.userId)
return { session, profile or false }
`;

export function createRedisSessionStore(options: RedisSessionOptions): SessionStore & { redis: Redis } {
  const prefix = options.prefix ?? 'airwave:';
  const ttlSeconds = options.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS;
  // No offline queue and one retry: when Redis is down, calls fail at once (the gateway answers
  // 503) instead of hanging until Redis returns. The client keeps reconnecting in the background.
  // A Redis that is connected but does not answer (frozen, overloaded, a half-open connection)
  // fails each command after commandTimeout instead of holding every request forever.
  const redis = new Redis(options.url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', (error) => options.onError?.(error));
  // Until the first connection is up, calls wait for it (briefly); after that, a lost connection
  // fails calls at once.
  let everReady = false;
  const firstReady = new Promise<void>((resolve) => {
    redis.once('ready', () => {
      everReady = true;
      resolve();
    });
  });
  redis.defineCommand('airwaveAuthenticate', { numberOfKeys: 1, lua: AUTHENTICATE });

  const sessionKey = (hash: string) => `${prefix}session:${hash}`;
  const userSessionsKey = (userId: number) => `${prefix}user-sessions:${userId}`;
  const principalPrefix = `${prefix}principal:`;

  const startup = Promise.race([firstReady, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);

  async function guard<T>(work: () => Promise<T>): Promise<T> {
    if (!everReady) await startup;
    try {
      return await work();
    } catch (error) {
      options.onError?.(error);
      throw new AirwaveError('unavailable', 'The session store is unavailable; try again shortly.');
    }
  }

  const parseProfile = (raw: string | null | false): PrincipalProfile | null => {
    if (!raw) return null;
    const parsed = PrincipalProfile.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  };

  const destroyById = (hash: string) =>
    guard(async () => {
      const raw = await redis.get(sessionKey(hash));
      const multi = redis.multi().del(sessionKey(hash));
      if (raw) multi.srem(userSessionsKey((JSON.parse(raw) as { userId: number }).userId), hash);
      await multi.exec();
    });

  return {
    kind: 'redis',
    ttlSeconds,
    redis,
    create: (userId) =>
      guard(async () => {
        const key = newSessionKey();
        const hash = hashSessionKey(key);
        await redis
          .multi()
          .set(sessionKey(hash), JSON.stringify({ userId, created: nowSeconds() }), 'EX', ttlSeconds)
          .sadd(userSessionsKey(userId), hash)
          .exec();
        return { key, id: hash, userId, expiresAt: nowSeconds() + ttlSeconds };
      }),
    authenticate: async (key) => {
      if (!looksLikeSessionKey(key)) return null;
      const id = hashSessionKey(key);
      const result = await guard(
        () =>
          (redis as unknown as { airwaveAuthenticate(k: string, ttl: number, p: string): Promise<[string, string | false] | null> }).airwaveAuthenticate(
            sessionKey(id),
            ttlSeconds,
            principalPrefix,
          ),
      );
      if (!result) return null;
      const session = JSON.parse(result[0]) as { userId: number };
      return { session: { id, userId: session.userId, expiresAt: nowSeconds() + ttlSeconds }, profile: parseProfile(result[1]) };
    },
    destroy: (key) => destroyById(hashSessionKey(key)),
    destroyById: (hash) => destroyById(hash),
    destroyAllForUser: (userId, exceptId) =>
      guard(async () => {
        const hashes = (await redis.smembers(userSessionsKey(userId))).filter((hash) => hash !== exceptId);
        if (hashes.length === 0) return;
        const multi = redis.multi().srem(userSessionsKey(userId), ...hashes);
        for (const hash of hashes) multi.del(sessionKey(hash));
        await multi.exec();
      }),
    getProfile: (userId) => guard(async () => parseProfile(await redis.get(`${principalPrefix}${userId}`))),
    setProfile: (profile) =>
      guard(async () => {
        await redis.set(`${principalPrefix}${profile.userId}`, JSON.stringify(profile));
      }),
    deleteProfile: (userId) =>
      guard(async () => {
        await redis.del(`${principalPrefix}${userId}`);
      }),
    hit: (bucket, windowSeconds) =>
      guard(async () => {
        const key = `${prefix}hits:${bucket}`;
        const result = await redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
        const count = Number(result?.[0]?.[1] ?? 1);
        const ttl = Number(result?.[2]?.[1] ?? windowSeconds);
        return { count, resetInSeconds: ttl > 0 ? ttl : windowSeconds };
      }),
    clearHits: (bucket) =>
      guard(async () => {
        await redis.del(`${prefix}hits:${bucket}`);
      }),
    ping: () =>
      guard(async () => {
        await redis.ping();
      }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
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
