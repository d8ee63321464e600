import { AirwaveError, PrincipalProfile } from '@airwave/contracts';
import { Redis } from 'ioredis';
import { deepFreeze, DEFAULT_SESSION_TTL_SECONDS, hashSessionKey, looksLikeSessionKey, newSessionKey, nowSeconds, type SessionStore } from './types';

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

// Authenticates every session key presented in one turn of the event loop with one script call:
// for each key, slide the session's TTL and fetch the user's cached principal. Under load this is
// one Redis command per batch instead of one per request (Redis's CPU and the gateway's socket
// writes per request fall with the batch size). KEYS: session keys; ARGV[1] ttl seconds;
// ARGV[2] principal key prefix. Reply: per key nil (no such session, or one that cannot be read:
// one bad value must not fail the other keys of its batch), or [session JSON, principal JSON or nil].
const AUTHENTICATE_MANY = `
local out = {}
for i, key in ipairs(KEYS) do
  local session = redis.call('GETEX', key, 'EX', ARGV[1])
  local ok, decoded = false, nil
  if session then ok, decoded = pcall(cjson.decode, session) end
  if ok and type(decoded) == 'table' and decoded.userId then
    out[i] = { session, redis.call('GET', ARGV[2] .. decoded.userId) }
  else
    out[i] = false
  end
end
return out
`;

/** Most parsed principals kept per store (the cache is emptied when full). */
const PROFILE_CACHE_MAX = 10_000;

/** Most keys in one batch (a larger turn is sent as several commands). */
export const AUTHENTICATE_BATCH_MAX = 64;

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
  redis.defineCommand('airwaveAuthenticateMany', { lua: AUTHENTICATE_MANY });
  const authenticateMany = (redis as unknown as { airwaveAuthenticateMany(...args: (string | number)[]): Promise<([string, string | null] | null)[]> }).airwaveAuthenticateMany.bind(redis);

  const sessionKey = (hash: string) => `${prefix}session:${hash}`;
  const userSessionsKey = (userId: number) => `${prefix}user-sessions:${userId}`;
  const principalPrefix = `${prefix}principal:`;

  // Lookups wait for the end of the event loop's turn (setImmediate: after the I/O of every request
  // that arrived in it), then go out together. Each batch is its own command with its own timeout,
  // so a frozen Redis fails each batch after commandTimeout, never queueing later ones behind it.
  type Lookup = { key: string; resolve(value: [string, string | null] | null): void; reject(error: unknown): void };
  let batch: Lookup[] = [];
  const flush = () => {
    const lookups = batch;
    batch = [];
    if (lookups.length === 0) return;
    const fail = (error: unknown) => lookups.forEach((lookup) => lookup.reject(error));
    try {
      authenticateMany(lookups.length, ...lookups.map((lookup) => lookup.key), ttlSeconds, principalPrefix).then(
        (results) => lookups.forEach((lookup, i) => lookup.resolve(results[i] ?? null)),
        fail,
      );
    } catch (error) {
      fail(error);
    }
  };
  const lookup = (key: string) =>
    new Promise<[string, string | null] | null>((resolve, reject) => {
      batch.push({ key, resolve, reject });
      if (batch.length === 1) setImmediate(flush);
      else if (batch.length >= AUTHENTICATE_BATCH_MAX) flush();
    });

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

  // Parsed principals by their stored JSON: a user's requests present the same text again and
  // again, so it is parsed and validated once, not on every request. The cached values are frozen
  // (callers copy what they change); a changed principal is new text, so nothing goes stale.
  const parsedProfiles = new Map<string, PrincipalProfile | null>();
  const parseProfile = (raw: string | null | false): PrincipalProfile | null => {
    if (!raw) return null;
    const cached = parsedProfiles.get(raw);
    if (cached !== undefined) return cached;
    let profile: PrincipalProfile | null = null;
    try {
      const parsed = PrincipalProfile.safeParse(JSON.parse(raw));
      if (parsed.success) profile = deepFreeze(parsed.data);
    } catch {
      // Not JSON: treated as no cached principal (the gateway asks the account service).
    }
    if (parsedProfiles.size >= PROFILE_CACHE_MAX) parsedProfiles.clear();
    parsedProfiles.set(raw, profile);
    return profile;
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
      const result = await guard(() => lookup(sessionKey(id)));
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
