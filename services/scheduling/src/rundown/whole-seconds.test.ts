// Default blocks on whole seconds (docs/decisions/rundown.md, "Gaps"): with playlists of any
// length, fractional ones (MP3s of 40.046 s) and short ones (a station ID loop of a few seconds,
// repeated within its block by repeat.ts), every block starts on a whole second, ends where the next
// begins, the gaps are covered to the second within the day's budget, in any zone on any day
// (DST included), and any two windows agree on the blocks they share.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockEnd, layOut, MAX_FILL_BLOCKS, type Fill, type Span } from './blocks';
import { localMidnights, startOfLocalDay, startOfNextLocalDay } from './midnights';
import { MIN_FILL_SECONDS, repeatedToLength } from './repeat';

const H = 3_600_000;
const M = 60_000;
const at = (iso: string) => Date.parse(iso);

/** The natural length (ms) the rundown gives a default block of a playlist of `lengthMs` (one item), repeated when short. */
const repeated = (lengthMs: number, maxMs: number) => {
  const item = { order: 0, media_id: 1, type: 'audio' as const, title: 'ID', artist: '', offset: 0, duration: lengthMs / 1000, crossfade: 0 };
  return Math.round(repeatedToLength({ name: 'Fill', description: '', playlistId: 1, items: [item], duration: lengthMs / 1000 }, MIN_FILL_SECONDS, maxMs / 1000).duration * 1000);
};

/** A default playlist whose length (ms, fractional seconds) depends on the block's start, as dynamic picks do. */
const playlistOf = (lengths: readonly number[]): Fill => async (start, maxMs) => repeated(lengths[Math.floor(start / 1000) % lengths.length]!, maxMs);

async function day(zone: string, date: string, shows: Span[], fill: Fill, window?: Span) {
  const start = startOfLocalDay(at(`${date}T12:00:00Z`), zone);
  const range = { start, end: startOfNextLocalDay(start, zone) };
  const laid = await layOut(shows, range, localMidnights(range.start, range.end, zone), window ?? range, fill);
  const blocks = [...laid.shows.map((s) => ({ ...s, kind: 'show' })), ...laid.fills.map((s) => ({ ...s, kind: 'fill' }))].sort((a, b) => a.start - b.start);
  return { range, blocks, unfilled: laid.unfilled };
}

describe('blockEnd', () => {
  it('ends a block at the last whole second of its natural end, or at its gap', () => {
    const s = at('2026-06-01T10:00:00Z');
    expect(blockEnd(s, 80_092, s + H)).toBe(s + 80_000);
    expect(blockEnd(s, 80_000, s + H)).toBe(s + 80_000);
    expect(blockEnd(s, 80_999, s + H)).toBe(s + 80_000);
    expect(blockEnd(s, 80_092, s + 30_000)).toBe(s + 30_000);
    // After a show ending at a fraction (not made by the schedule API, but possible): the next whole second.
    expect(blockEnd(s + 400, 80_092, s + H)).toBe(s + 80_000);
    expect(blockEnd(s, 600, s + H)).toBe(s);
  });
});

describe('default blocks of any length', () => {
  const daysAndShows = fc
    .record({
      date: fc.constantFrom('2026-03-29', '2026-10-25', '2026-06-01', '2026-11-01'),
      zone: fc.constantFrom('Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'),
      // Shows as [seconds after midnight, length in seconds], made non-overlapping below.
      shows: fc.array(fc.tuple(fc.integer({ min: -7200, max: 26 * 3600 }), fc.integer({ min: 1, max: 4 * 3600 })), { maxLength: 8 }),
      // Playlist lengths in ms: station ID loops of under a second to a few seconds, MP3s of fractional seconds, hours.
      lengths: fc.array(fc.oneof(fc.integer({ min: 300, max: 5_000 }), fc.integer({ min: 5_000, max: 120_000 }), fc.integer({ min: 120_000, max: 3 * H })), { minLength: 1, maxLength: 5 }),
    })
    .map(({ date, zone, shows, lengths }) => {
      const midnight = startOfLocalDay(at(`${date}T12:00:00Z`), zone);
      const spans: Span[] = [];
      for (const [from, length] of [...shows].sort((a, b) => a[0] - b[0])) {
        const start = Math.max(midnight + from * 1000, spans.at(-1)?.end ?? -Infinity);
        spans.push({ start, end: start + length * 1000 });
      }
      return { date, zone, spans, fill: playlistOf(lengths) };
    });

  it('starts every block on a whole second and ends it where the next begins, covering the day, within the budget', async () => {
    await fc.assert(
      fc.asyncProperty(daysAndShows, async ({ date, zone, spans, fill }) => {
        const { range, blocks, unfilled } = await day(zone, date, spans, fill);
        expect(unfilled).toEqual([]);
        expect(blocks.filter((b) => b.kind === 'fill').length).toBeLessThanOrEqual(MAX_FILL_BLOCKS);
        let cursor = Math.min(range.start, blocks[0]?.start ?? range.start);
        for (const block of blocks) {
          expect(block.start % 1000).toBe(0);
          expect(block.start).toBe(cursor);
          expect(block.end).toBeGreaterThan(block.start);
          cursor = block.end;
        }
        expect(cursor).toBeGreaterThanOrEqual(range.end);
      }),
      { numRuns: 150 },
    );
  });

  it('gives any window the blocks of the whole day that overlap it', async () => {
    await fc.assert(
      fc.asyncProperty(daysAndShows, fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.integer({ min: 1, max: 6 * 60 }), async ({ date, zone, spans, fill }, from, length) => {
        const whole = await day(zone, date, spans, fill);
        const window = { start: whole.range.start + from * M, end: Math.min(whole.range.start + (from + length) * M, whole.range.end) };
        fc.pre(window.end > window.start);
        const part = await day(zone, date, spans, fill, window);
        expect(part.blocks).toEqual(whole.blocks.filter((b) => b.start < window.end && b.end > window.start));
      }),
      { numRuns: 100 },
    );
  });

  it('fills a 14-hour gap with a 4.046-second station ID loop: blocks of a minute, from the show before to the show after', async () => {
    const shows = [
      { start: at('2026-06-01T00:00:00Z'), end: at('2026-06-01T06:00:00Z') },
      { start: at('2026-06-01T20:00:00Z'), end: at('2026-06-02T00:00:00Z') },
    ];
    const { blocks, unfilled } = await day('UTC', '2026-06-01', shows, playlistOf([4046]));
    const fills = blocks.filter((b) => b.kind === 'fill');
    expect(unfilled).toEqual([]);
    expect(fills[0]!.start).toBe(shows[0]!.end);
    expect(fills.at(-1)!.end).toBe(shows[1]!.start);
    // 15 airings of 4.046 s (60.69 s) end on the minute: the 15th loses its last 0.69 s.
    expect(new Set(fills.map((b) => b.end - b.start))).toEqual(new Set([M]));
    expect(fills).toHaveLength(14 * 60);
  });
});
