// Where the rundown's blocks fall: gaps between shows, cut at local midnights, filled one block
// after another; windows that cut blocks; days of 23 and 25 hours.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { gapSegments, layOut, MAX_FILL_BLOCKS, type Fill, type Span } from './blocks';
import { localMidnights, startOfLocalDay, startOfNextLocalDay } from './midnights';

const H = 3_600_000;
const M = 60_000;
const london = 'Europe/London';
const at = (iso: string) => Date.parse(iso);
/** A default playlist of a fixed length. */
const fixed = (ms: number): Fill => async (_start, maxMs) => Math.min(ms, maxMs);
/** A default playlist whose length depends on where the block starts (as a dynamic item's picks do). */
const varying: Fill = async (start, maxMs) => Math.min(((start / M) % 7) * 5 * M + 20 * M, maxMs);

async function day(zone: string, date: string, shows: Span[], fill: Fill, window?: Span) {
  const start = startOfLocalDay(at(`${date}T12:00:00Z`), zone);
  const range = { start, end: startOfNextLocalDay(start, zone) };
  const laid = await layOut(shows, range, localMidnights(range.start, range.end, zone), window ?? range, fill);
  return { range, blocks: [...laid.shows.map((s) => ({ ...s, kind: 'show' })), ...laid.fills.map((s) => ({ ...s, kind: 'fill' }))].sort((a, b) => a.start - b.start) };
}

describe('gapSegments', () => {
  it('leaves the time between shows, cut at midnight', () => {
    const range = { start: at('2026-06-01T00:00:00Z'), end: at('2026-06-03T00:00:00Z') };
    const shows = [
      { start: at('2026-06-01T06:00:00Z'), end: at('2026-06-01T08:00:00Z') },
      { start: at('2026-06-01T08:00:00Z'), end: at('2026-06-01T09:00:00Z') },
    ];
    expect(gapSegments(shows, range, [at('2026-06-02T00:00:00Z')])).toEqual([
      { start: range.start, end: shows[0]!.start },
      { start: shows[1]!.end, end: at('2026-06-02T00:00:00Z') },
      { start: at('2026-06-02T00:00:00Z'), end: range.end },
    ]);
  });

  it('starts after a show that runs into the range', () => {
    const range = { start: at('2026-06-01T00:00:00Z'), end: at('2026-06-02T00:00:00Z') };
    expect(gapSegments([{ start: at('2026-05-31T23:00:00Z'), end: at('2026-06-01T01:00:00Z') }], range, [])).toEqual([{ start: at('2026-06-01T01:00:00Z'), end: range.end }]);
  });
});

describe('layOut', () => {
  it('fills a day without shows with whole playlists, the last one cut at midnight', async () => {
    const { blocks } = await day('UTC', '2026-06-01', [], fixed(7 * H));
    expect(blocks.map((b) => [(b.start % 86_400_000) / H, (b.end - b.start) / H])).toEqual([
      [0, 7],
      [7, 7],
      [14, 7],
      [21, 3],
    ]);
  });

  it('answers the blocks overlapping a window whole, placed as the whole day places them', async () => {
    const shows = [{ start: at('2026-06-01T10:00:00Z'), end: at('2026-06-01T11:00:00Z') }];
    const window = { start: at('2026-06-01T08:30:00Z'), end: at('2026-06-01T10:30:00Z') };
    const { blocks } = await day('UTC', '2026-06-01', shows, fixed(3 * H), window);
    expect(blocks.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString(), b.kind])).toEqual([
      ['2026-06-01T06:00:00.000Z', '2026-06-01T09:00:00.000Z', 'fill'],
      ['2026-06-01T09:00:00.000Z', '2026-06-01T10:00:00.000Z', 'fill'],
      ['2026-06-01T10:00:00.000Z', '2026-06-01T11:00:00.000Z', 'show'],
    ]);
  });

  it('leaves the gaps empty when there is nothing to fill with', async () => {
    const shows = [{ start: at('2026-06-01T10:00:00Z'), end: at('2026-06-01T11:00:00Z') }];
    expect((await day('UTC', '2026-06-01', shows, fixed(0))).blocks.map((b) => b.kind)).toEqual(['show']);
  });

  it('has 23 hours of blocks on the day the clocks go forward and 25 on the day they go back', async () => {
    for (const [date, hours] of [
      ['2026-03-29', 23],
      ['2026-10-25', 25],
      ['2026-06-01', 24],
    ] as const) {
      const { range, blocks } = await day(london, date, [], fixed(2 * H));
      expect((range.end - range.start) / H).toBe(hours);
      expect(blocks.reduce((sum, b) => sum + (b.end - b.start), 0) / H).toBe(hours);
      expect(blocks.at(-1)!.end).toBe(range.end);
    }
  });

  const daysAndShows = fc
    .record({
      date: fc.constantFrom('2026-03-29', '2026-10-25', '2026-06-01', '2026-11-01'),
      zone: fc.constantFrom(london, 'America/New_York', 'Australia/Lord_Howe', 'UTC'),
      // Shows as [minutes after midnight, length in minutes], made non-overlapping below.
      shows: fc.array(fc.tuple(fc.integer({ min: -120, max: 26 * 60 }), fc.integer({ min: 1, max: 240 })), { maxLength: 8 }),
    })
    .map(({ date, zone, shows }) => {
      const midnight = startOfLocalDay(at(`${date}T12:00:00Z`), zone);
      const spans: Span[] = [];
      for (const [from, length] of [...shows].sort((a, b) => a[0] - b[0])) {
        const start = Math.max(midnight + from * M, spans.at(-1)?.end ?? -Infinity);
        spans.push({ start, end: start + length * M });
      }
      return { date, zone, spans };
    });

  it('covers every moment of the day exactly once, shows where the schedule puts them (any zone, any day)', async () => {
    await fc.assert(
      fc.asyncProperty(daysAndShows, async ({ date, zone, spans }) => {
        const { range, blocks } = await day(zone, date, spans, varying);
        const inRange = spans.filter((s) => s.start < range.end && s.end > range.start);
        expect(blocks.filter((b) => b.kind === 'show').map((b) => b.start)).toEqual(inRange.map((s) => s.start));
        let cursor = Math.min(range.start, blocks[0]?.start ?? range.start);
        for (const block of blocks) {
          expect(block.start).toBe(cursor);
          expect(block.end).toBeGreaterThan(block.start);
          cursor = block.end;
        }
        expect(cursor).toBeGreaterThanOrEqual(range.end);
      }),
      { numRuns: 200 },
    );
  });

  it('gives any window the blocks of the whole day that overlap it: where a block falls never depends on the window', async () => {
    await fc.assert(
      fc.asyncProperty(daysAndShows, fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 1, max: 6 * 60 }), async ({ date, zone, spans }, from, length) => {
        const whole = await day(zone, date, spans, varying);
        const window = { start: whole.range.start + from * M, end: Math.min(whole.range.start + (from + length) * M, whole.range.end) };
        fc.pre(window.end > window.start);
        const part = await day(zone, date, spans, varying, window);
        expect(part.blocks).toEqual(whole.blocks.filter((b) => b.start < window.end && b.end > window.start));
      }),
      { numRuns: 200 },
    );
  });

  it('fills the gaps at the same time but stops at MAX_FILL_BLOCKS a day in time order, whatever order the resolutions finish in; the rest is unfilled', async () => {
    // A day of 20-second blocks (4,140 wanted), each resolution finishing after a random delay; the
    // next day has its own budget.
    const range = { start: at('2026-06-01T00:00:00Z'), end: at('2026-06-03T00:00:00Z') };
    const shows = [{ start: at('2026-06-01T12:00:00Z'), end: at('2026-06-01T13:00:00Z') }];
    const midnights = [range.start, at('2026-06-02T00:00:00Z'), range.end];
    let inFlight = 0;
    let most = 0;
    const slow: Fill = async (start, maxMs) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((done) => setTimeout(done, Math.random() * 2));
      inFlight -= 1;
      return start < midnights[1]! ? Math.min(20_000, maxMs) : Math.min(H, maxMs);
    };
    const { fills, unfilled } = await layOut(shows, range, midnights, range, slow);
    expect(most).toBeGreaterThan(1);
    const first = fills.filter((b) => b.start < midnights[1]!);
    expect(first.map((b) => b.start)).toEqual(Array.from({ length: MAX_FILL_BLOCKS }, (_, i) => range.start + i * 20_000));
    expect(unfilled).toEqual([
      { start: range.start + MAX_FILL_BLOCKS * 20_000, end: shows[0]!.start },
      { start: shows[0]!.end, end: midnights[1] },
    ]);
    expect(fills.filter((b) => b.start >= midnights[1]!)).toHaveLength(24);
  }, limit(60_000));
});
