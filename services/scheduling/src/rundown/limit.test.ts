// The limiter: never more than n tasks at once, every task's own answer or error, none left waiting.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limiter } from './limit';

describe('limiter', () => {
  it('runs at most n tasks at once and answers each its own result or error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.array(fc.record({ ms: fc.integer({ min: 0, max: 3 }), fails: fc.boolean() }), { maxLength: 30 }), async (n, tasks) => {
        const limit = limiter(n);
        let running = 0;
        let most = 0;
        const results = await Promise.allSettled(
          tasks.map((task, i) =>
            limit(async () => {
              running += 1;
              most = Math.max(most, running);
              await new Promise((done) => setTimeout(done, task.ms));
              running -= 1;
              if (task.fails) throw new Error(`task ${i}`);
              return i;
            }),
          ),
        );
        expect(most).toBeLessThanOrEqual(n);
        if (tasks.length >= n) expect(most).toBe(n);
        results.forEach((result, i) => expect(result).toEqual(tasks[i]!.fails ? { status: 'rejected', reason: new Error(`task ${i}`) } : { status: 'fulfilled', value: i }));
      }),
      { numRuns: 50 },
    );
  });
});
