import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemorySessionStore, createRedisSessionStore, deleteRedisPrefix, throttleDelayMs, type SessionStore, type ThrottleRule } from './index';
import { limit } from '../../../vitest.shared';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('throttle delays', () => {
  const rule = { freeAttempts: 5, baseDelayMs: 1000, maxDelayMs: 900_000 };

  it('are free for the first attempts, then double from the base up to the ceiling', () => {
    expect([1, 5].map((n) => throttleDelayMs(rule, n))).toEqual([0, 0]);
    expect([6, 7, 8, 15].map((n) => throttleDelayMs(rule, n))).toEqual([1000, 2000, 4000, 512_000]);
    expect(throttleDelayMs(rule, 16)).toBe(900_000);
    expect(throttleDelayMs(rule, 10_000)).toBe(900_000);
  });
});

function suite(name: string, make: () => SessionStore) {
  describe(`${name}: throttle buckets and values`, () => {
    const store = make();
    afterAll(() => store.close());
    const rule = (bucket: string, more: Partial<ThrottleRule> = {}): ThrottleRule => ({
      bucket,
      freeAttempts: 2,
      baseDelayMs: 400,
      maxDelayMs: 800,
      forgetAfterSeconds: 60,
      ...more,
    });

    it('counts attempts in every bucket, then asks to wait without counting', async () => {
      const id = randomBytes(4).toString('hex');
      const pair = rule(`pair:${id}`);
      const wide = rule(`wide:${id}`, { freeAttempts: 1_000_000 });
      expect(await store.throttleAttempt([pair, wide])).toEqual({ allowed: true, counts: [1, 1] });
      expect(await store.throttleAttempt([pair, wide])).toEqual({ allowed: true, counts: [2, 2] });
      expect(await store.throttleAttempt([pair, wide])).toEqual({ allowed: true, counts: [3, 3] });
      const refused = await store.throttleAttempt([pair, wide]);
      expect(refused.allowed).toBe(false);
      expect(!refused.allowed && refused.waitMs).toBeGreaterThan(200);
      expect(!refused.allowed && refused.waitMs).toBeLessThanOrEqual(400);
      // Another bucket is not held back by this one.
      expect(await store.throttleAttempt([rule(`pair:${id}-other`), wide])).toEqual({ allowed: true, counts: [1, 4] });
      await sleep(450);
      expect(await store.throttleAttempt([pair, wide])).toEqual({ allowed: true, counts: [4, 5] });
      const doubled = await store.throttleAttempt([pair]);
      expect(!doubled.allowed && doubled.waitMs).toBeGreaterThan(600);
      expect(!doubled.allowed && doubled.waitMs).toBeLessThanOrEqual(800);
    });

    it('takes attempts back and forgets buckets', async () => {
      const id = randomBytes(4).toString('hex');
      const pair = rule(`pair:${id}`);
      for (let i = 0; i < 3; i += 1) await store.throttleAttempt([pair]);
      await store.throttleGiveBack([pair.bucket]);
      expect(await store.throttleAttempt([pair])).toEqual({ allowed: true, counts: [3] });
      await store.throttleClear([pair.bucket]);
      expect(await store.throttleAttempt([pair])).toEqual({ allowed: true, counts: [1] });
      await store.throttleGiveBack([pair.bucket, `never-${id}`]);
      expect(await store.throttleAttempt([pair])).toEqual({ allowed: true, counts: [1] });
    });

    it('forgets a bucket after its last attempt', async () => {
      const pair = rule(`short:${randomBytes(4).toString('hex')}`, { forgetAfterSeconds: 1 });
      for (let i = 0; i < 3; i += 1) await store.throttleAttempt([pair]);
      await sleep(2100);
      expect(await store.throttleAttempt([pair])).toEqual({ allowed: true, counts: [1] });
    }, limit(10_000));

    it('keeps short-lived values, deleted once', async () => {
      const name = `ticket:${randomBytes(4).toString('hex')}`;
      expect(await store.getValue(name)).toBeNull();
      await store.putValue(name, '{"userId":3}', 60);
      expect(await store.getValue(name)).toBe('{"userId":3}');
      const deletions = await Promise.all([store.deleteValue(name), store.deleteValue(name)]);
      expect(deletions.sort()).toEqual([false, true]);
      expect(await store.getValue(name)).toBeNull();
      await store.putValue(`${name}-brief`, 'x', 1);
      await sleep(2100);
      expect(await store.getValue(`${name}-brief`)).toBeNull();
    }, limit(10_000));
  });
}

suite('memory store', () => createMemorySessionStore());

const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  const prefix = `airwave-test:${randomBytes(4).toString('hex')}:`;
  afterAll(() => deleteRedisPrefix(redisUrl, prefix));
  suite('Redis store', () => createRedisSessionStore({ url: redisUrl, prefix }));

  it('shares buckets between two clients of the same Redis (replicas)', async () => {
    const [a, b] = [createRedisSessionStore({ url: redisUrl, prefix }), createRedisSessionStore({ url: redisUrl, prefix })];
    try {
      const shared: ThrottleRule = { bucket: `shared:${randomBytes(4).toString('hex')}`, freeAttempts: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetAfterSeconds: 60 };
      expect(await a.throttleAttempt([shared])).toEqual({ allowed: true, counts: [1] });
      expect(await b.throttleAttempt([shared])).toEqual({ allowed: true, counts: [2] });
      expect(await a.throttleAttempt([shared])).toEqual({ allowed: true, counts: [3] });
      expect((await b.throttleAttempt([shared])).allowed).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
}
