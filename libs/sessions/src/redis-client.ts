// The Redis client of a session store: how it connects, and how every call is guarded (waiting
// briefly for the first connection, then failing fast with 'unavailable').
import { AirwaveError } from '@airwave/contracts';
import { Redis } from 'ioredis';

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

/** Runs one call against Redis, turning any failure into AirwaveError('unavailable'). */
export type Guard = <T>(work: () => Promise<T>) => Promise<T>;

export function connectRedis(options: RedisSessionOptions): { redis: Redis; guard: Guard } {
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
  return { redis, guard };
}
