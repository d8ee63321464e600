import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONGEST_WAIT_MS, nextAttemptAfterFailure, waitAfter } from './retries';

const HOUR = 3600_000;
const defaults = { firstRetryMs: 5000, windowMs: 24 * HOUR };

describe('webhook retries', () => {
  it('waits 5 s after the first failure, doubling each time, never more than 2 hours', () => {
    expect([1, 2, 3, 4].map((n) => waitAfter(n, defaults))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(waitAfter(12, defaults)).toBe(LONGEST_WAIT_MS);
    expect(waitAfter(10_000, defaults)).toBe(LONGEST_WAIT_MS);
  });

  it('retries for a day with the defaults, then gives up', () => {
    const start = new Date('2026-11-25T00:00:00Z');
    let now = start;
    let failures = 0;
    for (;;) {
      failures += 1;
      const next = nextAttemptAfterFailure(failures, start, now, defaults, () => 0.5);
      if (!next) break;
      now = next;
    }
    expect(now.getTime() - start.getTime()).toBeGreaterThan(22 * HOUR);
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(24 * HOUR);
    expect(failures).toBeGreaterThan(15);
    expect(failures).toBeLessThan(30);
  });

  it('never schedules past the window, and keeps within a tenth of the wait', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 30 * HOUR }), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), (failures, elapsed, random) => {
        const start = new Date('2026-11-25T00:00:00Z');
        const now = new Date(start.getTime() + elapsed);
        const next = nextAttemptAfterFailure(failures, start, now, defaults, () => random);
        const wait = waitAfter(failures, defaults);
        // Given up only when the wait, at most a tenth longer with its jitter, would end past the window.
        if (next === null) return now.getTime() + wait * 1.1 > start.getTime() + defaults.windowMs;
        const waited = next.getTime() - now.getTime();
        return next.getTime() <= start.getTime() + defaults.windowMs && waited >= wait * 0.9 && waited <= wait * 1.1;
      }),
      { numRuns: 2000 },
    );
  });
});
