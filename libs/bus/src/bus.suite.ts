// One suite, run against every transport: the two must behave the same.
import { AirwaveError } from '@airwave/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus, IncomingEvent } from './types';

export interface BusPair {
  /** Two buses on the same network (two processes, or replicas). */
  a: Bus;
  b: Bus;
  cleanup(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await sleep(10);
  }
}

export function busSuite(name: string, makePair: () => Promise<BusPair>): void {
  describe(name, () => {
    let pair: BusPair;
    let a: Bus;
    let b: Bus;
    beforeAll(async () => {
      pair = await makePair();
      ({ a, b } = pair);
    });
    afterAll(async () => {
      await pair?.cleanup();
    });

    it('replies to a request', async () => {
      const sub = await a.handle('echo.reply', ({ data }) => ({ got: data }));
      await expect(b.request('echo.reply', { n: 1 })).resolves.toEqual({ got: { n: 1 } });
      await sub.unsubscribe();
    });

    it('carries a typed error across the bus', async () => {
      const sub = await a.handle('echo.typed', () => {
        throw new AirwaveError('conflict', 'Already taken.', { field: 'username' });
      });
      const error = await b.request('echo.typed', {}).catch((e: unknown) => e);
      expect(AirwaveError.is(error, 'conflict')).toBe(true);
      expect((error as AirwaveError).message).toBe('Already taken.');
      expect((error as AirwaveError).details).toEqual({ field: 'username' });
      await sub.unsubscribe();
    });

    it('hides an unexpected error behind internal', async () => {
      const sub = await a.handle('echo.crash', () => {
        throw new Error('secret detail');
      });
      const error = await b.request('echo.crash', {}).catch((e: unknown) => e);
      expect(AirwaveError.is(error, 'internal')).toBe(true);
      expect((error as Error).message).not.toContain('secret');
      await sub.unsubscribe();
    });

    it('times out a slow handler', async () => {
      const sub = await a.handle('echo.slow', async () => {
        await sleep(1000);
        return 'late';
      });
      const started = Date.now();
      const error = await b.request('echo.slow', {}, { timeoutMs: 200 }).catch((e: unknown) => e);
      expect(AirwaveError.is(error, 'timeout')).toBe(true);
      expect(Date.now() - started).toBeLessThan(900);
      await sub.unsubscribe();
    });

    it('fails fast when nobody answers', async () => {
      const started = Date.now();
      const error = await b.request('echo.nobody', {}, { timeoutMs: 3000 }).catch((e: unknown) => e);
      expect(AirwaveError.is(error, 'unavailable')).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('splits requests between two replicas of a queue group, each answered once', async () => {
      const counts = { a: 0, b: 0 };
      const subA = await a.handle('echo.queue', () => {
        counts.a += 1;
        return 'a';
      }, { queue: 'echo' });
      const subB = await b.handle('echo.queue', () => {
        counts.b += 1;
        return 'b';
      }, { queue: 'echo' });
      const replies = await Promise.all(Array.from({ length: 40 }, () => a.request('echo.queue', {})));
      expect(replies).toHaveLength(40);
      expect(counts.a + counts.b).toBe(40);
      expect(counts.a).toBeGreaterThan(0);
      expect(counts.b).toBeGreaterThan(0);
      await subA.unsubscribe();
      await subB.unsubscribe();
    });

    it('passes headers to the handler', async () => {
      const sub = await a.handle('echo.headers', ({ headers }) => headers['x-request-id'] ?? null);
      await expect(b.request('echo.headers', {}, { headers: { 'x-request-id': 'req-42' } })).resolves.toBe('req-42');
      await sub.unsubscribe();
    });

    it('delivers an event to two subscribers', async () => {
      const seenA: IncomingEvent[] = [];
      const seenB: IncomingEvent[] = [];
      const subA = await a.subscribe('test.thing.saved', (event) => {
        seenA.push(event);
      });
      const subB = await b.subscribe('test.thing.*', (event) => {
        seenB.push(event);
      });
      await a.publish('test.thing.saved', { id: 7 }, { headers: { 'x-request-id': 'ev-1' } });
      await until(() => seenA.length === 1 && seenB.length === 1);
      expect(seenA[0]).toMatchObject({ subject: 'test.thing.saved', data: { id: 7 }, deliveryCount: 1 });
      expect(seenB[0]?.headers['x-request-id']).toBe('ev-1');
      await subA.unsubscribe();
      await subB.unsubscribe();
    });

    it('shares a durable consumer: each event reaches one of its subscribers once', async () => {
      const seen: number[] = [];
      const handler = (event: IncomingEvent) => {
        seen.push((event.data as { n: number }).n);
      };
      const durable = `shared_${Math.random().toString(36).slice(2)}`;
      const subA = await a.subscribe('test.durable.>', handler, { durable });
      const subB = await b.subscribe('test.durable.>', handler, { durable });
      for (let n = 0; n < 10; n += 1) await b.publish('test.durable.made', { n });
      await until(() => seen.length >= 10);
      await sleep(200);
      expect([...seen].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      await subA.unsubscribe();
      await subB.unsubscribe();
    });

    it('deduplicates events published twice with the same id', async () => {
      const seen: unknown[] = [];
      const sub = await a.subscribe('test.dedupe', (event) => {
        seen.push(event.data);
      });
      await b.publish('test.dedupe', { n: 1 }, { id: 'same-id-1' });
      await b.publish('test.dedupe', { n: 1 }, { id: 'same-id-1' });
      await b.publish('test.dedupe', { n: 2 }, { id: 'same-id-2' });
      await until(() => seen.length >= 2);
      await sleep(200);
      expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
      await sub.unsubscribe();
    });

    it('redelivers an event whose handler failed', async () => {
      const attempts: number[] = [];
      const sub = await a.subscribe(
        'test.retry',
        (event) => {
          attempts.push(event.deliveryCount);
          if (event.deliveryCount < 3) throw new Error('not yet');
        },
        { durable: `retry_${Math.random().toString(36).slice(2)}` },
      );
      await b.publish('test.retry', {});
      await until(() => attempts.length >= 3, 8000);
      expect(attempts.slice(0, 3)).toEqual([1, 2, 3]);
      await sub.unsubscribe();
    });

    it('refuses requests once drained', async () => {
      const extra = pair.b;
      await extra.drain();
      const error = await extra.request('echo.reply', {}).catch((e: unknown) => e);
      expect(AirwaveError.is(error, 'unavailable')).toBe(true);
      expect(extra.status()).toBe('closed');
    });
  });
}
