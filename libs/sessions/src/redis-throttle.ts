// The Redis store's throttle buckets and short-lived values: every gateway and account replica
// shares them. The rules are throttle.ts's, run as scripts so that an attempt is counted atomically
// in all its buckets, on Redis's clock.
import type { Redis } from 'ioredis';
import type { ThrottlePart } from './memory-throttle';
import type { Guard } from './redis-client';
import { THROTTLE_ATTEMPT_SCRIPT, THROTTLE_GIVE_BACK_SCRIPT, throttleArguments } from './throttle';

interface ThrottleCommands {
  airwaveThrottleAttempt(count: number, ...args: (string | number)[]): Promise<number[]>;
  airwaveThrottleGiveBack(count: number, ...keys: string[]): Promise<number>;
}

export function redisThrottlePart(redis: Redis, guard: Guard, prefix: string): ThrottlePart {
  redis.defineCommand('airwaveThrottleAttempt', { lua: THROTTLE_ATTEMPT_SCRIPT });
  redis.defineCommand('airwaveThrottleGiveBack', { lua: THROTTLE_GIVE_BACK_SCRIPT });
  const commands = redis as unknown as ThrottleCommands;
  const bucketKey = (bucket: string) => `${prefix}throttle:${bucket}`;
  const valueKey = (name: string) => `${prefix}value:${name}`;
  return {
    throttleAttempt: (rules) =>
      guard(async () => {
        if (rules.length === 0) return { allowed: true, counts: [] };
        const reply = await commands.airwaveThrottleAttempt(rules.length, ...rules.map((rule) => bucketKey(rule.bucket)), ...throttleArguments(rules));
        const [allowed, ...rest] = reply.map(Number);
        return allowed === 1 ? { allowed: true, counts: rest } : { allowed: false, waitMs: Math.max(1, rest[0] ?? 1) };
      }),
    throttleGiveBack: (buckets) =>
      guard(async () => {
        if (buckets.length > 0) await commands.airwaveThrottleGiveBack(buckets.length, ...buckets.map(bucketKey));
      }),
    throttleClear: (buckets) =>
      guard(async () => {
        if (buckets.length > 0) await redis.del(...buckets.map(bucketKey));
      }),
    putValue: (name, value, ttlSeconds) =>
      guard(async () => {
        await redis.set(valueKey(name), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
      }),
    getValue: (name) => guard(() => redis.get(valueKey(name))),
    deleteValue: (name) => guard(async () => (await redis.del(valueKey(name))) === 1),
    claimValue: (name, value, ttlSeconds) =>
      guard(async () => {
        // SET NX, then GET what is there; a value that expired in between is claimed again.
        for (let attempt = 0; attempt < 3; attempt += 1) {
          if ((await redis.set(valueKey(name), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) === 'OK') return null;
          const kept = await redis.get(valueKey(name));
          if (kept !== null) return kept;
        }
        throw new Error(`Cannot claim ${name}.`);
      }),
  };
}
