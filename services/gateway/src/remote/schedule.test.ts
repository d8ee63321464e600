// What `action=schedule` tells OB Player of each block: the start on a whole second (never a
// fraction cut off silently), the duration ending where the next block starts, items at their
// offsets inside their show in whole ms; OB's rule for a show whose items end sooner.
import type { RundownBlock, RundownItem } from '@airwave/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerTiming, scheduleDocument, showDuration } from './schedule';

const item = (order: number, offset: number, duration: number): RundownItem => ({ order, media_id: null, type: 'breakpoint', title: '', artist: '', offset, duration, crossfade: 0 });
const block = (start: number, end: number, items: RundownItem[], kind: RundownBlock['kind'] = 'default_playlist'): RundownBlock => ({
  start: new Date(start).toISOString(),
  end: new Date(end).toISOString(),
  kind,
  show_id: 0,
  occurrence_start: null,
  playlist_id: 1,
  name: 'Fill',
  description: 'Default Playlist',
  last_updated: 1_800_000_000,
  items,
});
const T = Date.parse('2027-03-10T10:00:00Z');

describe('playerTiming', () => {
  it('keeps a block on whole seconds as it is, items in whole ms', () => {
    const items = [item(0, 0, 40.0455), item(1, 40.0455, 39.9545)];
    expect(playerTiming(block(T, T + 80_000, items))).toEqual({ start: T, end: T + 80_000, items: [item(0, 0, 40.046), item(1, 40.046, 39.954)] });
  });

  it('moves a block starting at a fraction to the second before it, its items by as much, so each airs at its own instant', () => {
    const timing = playerTiming(block(T + 400, T + 80_000, [item(0, 0, 50), item(1, 50, 40)]));
    expect(timing).toEqual({ start: T, end: T + 80_000, items: [item(0, 0.4, 50), item(1, 50.4, 29.6)] });
  });
});

describe('showDuration', () => {
  it('is the block’s length when its items reach its end, OB’s rule when they end sooner', () => {
    expect(showDuration(block(T, T + 80_000, [item(0, 0, 40), item(1, 40, 40)]), 80)).toBe(80);
    expect(showDuration(block(T, T + 80_000, [item(0, 0, 30), item(1, 30, 20)], 'show'), 80)).toBe(50);
    expect(showDuration(block(T, T + 80_000, [], 'show'), 80)).toBe(80);
  });
});

describe('scheduleDocument', () => {
  it('tells contiguous blocks, whole seconds or not, as shows each ending where the next begins, items inside', () => {
    const chain = fc.array(fc.tuple(fc.integer({ min: 1, max: 600_000 }), fc.array(fc.integer({ min: 1, max: 300_000 }), { minLength: 1, maxLength: 5 })), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), chain, (first, lengths) => {
        let at = T + first;
        const blocks = lengths.map(([length, itemLengths]) => {
          let offset = 0;
          const items = itemLengths.map((ms, order) => item(order, (offset += ms) / 1000 - ms / 1000, ms / 1000));
          // A default block: its items reach its end (the last one cut there).
          const filled = Math.min(length, offset);
          const made = block(at, at + filled, items);
          at += filled;
          return made;
        });
        const shows = [...scheduleDocument(blocks, new Map()).matchAll(/<show>(.*?)<\/show>/g)].map(([, show]) => {
          const [, date, time] = /<date>(.*)<\/date><time>(.*)<\/time>/.exec(show!)!;
          const duration = Number(/<\/last_updated><duration>([^<]*)<\/duration>/.exec(show!)![1]);
          const items = [...show!.matchAll(/<item><duration>([^<]*)<\/duration><type>breakpoint<\/type><order>\d+<\/order><offset>([^<]*)<\/offset><\/item>/g)].map(([, d, o]) => ({ duration: Number(d), offset: Number(o) }));
          return { start: Date.parse(`${date}T${time}Z`), duration, items };
        });
        for (const [i, show] of shows.entries()) {
          const next = shows[i + 1]?.start ?? Math.floor(at / 1000) * 1000;
          expect(Math.round(show.start + show.duration * 1000)).toBe(next);
          for (const it of show.items) expect(Math.round((it.offset + it.duration) * 1000)).toBeLessThanOrEqual(Math.round(show.duration * 1000));
        }
      }),
      { numRuns: 300 },
    );
  });
});
