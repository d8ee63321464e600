// A series with exceptions, against an independent expansion: the oracle's occurrences over the
// whole series, each exception applied to the occurrence it names (skip: gone; move: new times;
// another item: unchanged times), then the window. Exceptions naming no occurrence change nothing.
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { effectiveOccurrences, firstOverlapOf, firstSelfOverlap, isOccurrence, type SeriesException } from './exceptions';
import type { Mode, Recurrence } from './recurrence';
import { oracle } from './test-support';
import { limit } from '../../../../vitest.shared';

const DAY = 86_400_000;
const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Australia/Adelaide', 'Asia/Kathmandu', 'America/St_Johns', 'America/Santiago', 'Pacific/Chatham', 'Asia/Tokyo', 'UTC'];

function independently(rule: Recurrence, exceptions: SeriesException[], from: number, to: number) {
  const all = oracle(rule, rule.start, (rule.stop ?? rule.start) + rule.duration * 1000 + 1);
  const out: { start: number; end: number; originalStart: number }[] = [];
  for (const original of all) {
    const exception = exceptions.find((e) => e.originalStart === original);
    if (exception?.skip) continue;
    const start = exception?.start ?? original;
    const end = exception?.start !== null && exception?.start !== undefined ? start + exception.duration! * 1000 : original + rule.duration * 1000;
    if (start < to && end > from) out.push({ start, end, originalStart: original });
  }
  return out.sort((a, b) => a.start - b.start || a.originalStart - b.originalStart);
}

const exceptionArbitrary = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom('skip', 'move', 'item', 'unmatched'),
  shiftMinutes: fc.integer({ min: -3 * 1440, max: 3 * 1440 }),
  duration: fc.integer({ min: 60, max: 4 * 3600 }),
});

describe('a series with exceptions', () => {
  it('happens as the independent expansion says, exceptions applied, in any window', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom<Mode>('daily', 'weekly', 'monthly', 'xdays', 'xweeks', 'xmonths'),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 2 * 365 }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 60, max: 3 * 3600 }),
        fc.array(exceptionArbitrary, { maxLength: 12 }),
        fc.integer({ min: -20, max: 200 }),
        fc.integer({ min: 1, max: 60 }),
        (zone, mode, x, startDay, minuteOfDay, duration, wanted, windowOffset, windowDays) => {
          const start = DateTime.fromObject({ year: 2025, month: 1, day: 1, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 }, { zone }).plus({ days: startDay }).toMillis();
          const rule: Recurrence = { mode, xData: x, start, duration, stop: start + 200 * DAY, zone };
          const occurrences = oracle(rule, rule.start, rule.stop! + 1);
          const exceptions: SeriesException[] = [];
          for (const [id, w] of wanted.entries()) {
            const original = w.kind === 'unmatched' ? occurrences[w.pick % occurrences.length]! + 60_000 : occurrences[w.pick % occurrences.length]!;
            if (exceptions.some((e) => e.originalStart === original)) continue;
            const moved = w.kind === 'move' ? original + w.shiftMinutes * 60_000 : null;
            exceptions.push({ id: id + 1, originalStart: original, skip: w.kind === 'skip', start: moved, duration: moved === null ? null : w.duration });
          }
          const from = start + windowOffset * DAY;
          const to = from + windowDays * DAY;
          const got = effectiveOccurrences(rule, exceptions, from, to).map(({ start, end, originalStart }) => ({ start, end, originalStart }));
          expect(got).toEqual(independently(rule, exceptions, from, to));
          for (const e of exceptions) expect(isOccurrence(rule, e.originalStart)).toBe(occurrences.includes(e.originalStart));
        },
      ),
      { numRuns: 250 },
    );
  }, limit(120_000));
});

describe('firstOverlapOf', () => {
  const o = (start: number, end: number) => ({ start, end });
  it('finds the first overlapping pair of two sorted lists; touching is no overlap', () => {
    expect(firstOverlapOf([o(0, 10), o(20, 30)], [o(10, 20), o(30, 40)])).toBeNull();
    expect(firstOverlapOf([o(0, 10), o(20, 30)], [o(5, 6), o(25, 26)])).toEqual({ a: o(0, 10), b: o(5, 6) });
    expect(firstOverlapOf([o(0, 100)], [o(10, 20), o(30, 40)])).toEqual({ a: o(0, 100), b: o(10, 20) });
    expect(firstOverlapOf([o(50, 60)], [o(0, 10), o(55, 70)])).toEqual({ a: o(50, 60), b: o(55, 70) });
  });
});

describe('firstSelfOverlap', () => {
  const o = (start: number, end: number) => ({ start, end });
  it('finds the first occurrence that starts before an earlier one of the same list has ended; touching is no overlap', () => {
    expect(firstSelfOverlap([o(0, 10), o(10, 20), o(20, 30)])).toBeNull();
    expect(firstSelfOverlap([o(0, 10), o(5, 8)])).toEqual({ earlier: o(0, 10), later: o(5, 8) });
    // A long one overlaps one that is not its neighbour.
    expect(firstSelfOverlap([o(0, 100), o(100, 110), o(110, 120)])).toBeNull();
    expect(firstSelfOverlap([o(0, 100), o(20, 30), o(50, 60)])).toEqual({ earlier: o(0, 100), later: o(20, 30) });
    expect(firstSelfOverlap([o(0, 10), o(10, 50), o(20, 30)])).toEqual({ earlier: o(10, 50), later: o(20, 30) });
    expect(firstSelfOverlap([])).toBeNull();
  });
});
