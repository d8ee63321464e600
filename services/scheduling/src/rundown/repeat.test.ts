// A short default playlist repeated within its block: how many times, the items end to end in
// airing order, a playlist of a minute or more never repeated, the gap's end and the item cap.
import type { RundownItem } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_REPEATED_ITEMS, MIN_FILL_SECONDS, repeatedToLength, repeatsFor } from './repeat';
import type { Resolved } from './resolve';

const item = (order: number, offset: number, duration: number, crossfade = 0): RundownItem => ({ order, media_id: 100 + order, type: 'audio', title: `Item ${order}`, artist: '', offset, duration, crossfade });
const playlist = (items: RundownItem[]): Resolved => ({ name: 'IDs', description: '', playlistId: 3, items, duration: Math.max(...items.map((i) => i.offset + i.duration)) });

describe('repeatsFor', () => {
  it('repeats a playlist shorter than the minimum until it is reached, or the gap is', () => {
    expect(repeatsFor(4.046, 1, 60, 3600)).toBe(15);
    expect(repeatsFor(20, 2, 60, 3600)).toBe(3);
    // Whole ms: three airings of 20.000 s make the minute even when the float sum says 59.999….
    expect(repeatsFor(19.999_999_999_999, 2, 60, 3600)).toBe(3);
    expect(repeatsFor(4, 1, 60, 10)).toBe(3);
    expect(repeatsFor(60, 1, 60, 3600)).toBe(1);
    expect(repeatsFor(61, 1, 60, 3600)).toBe(1);
    expect(repeatsFor(0, 1, 60, 3600)).toBe(1);
    expect(repeatsFor(0.001, 1, 60, 3600)).toBe(MAX_REPEATED_ITEMS);
    expect(repeatsFor(0.01, 4, 60, 3600)).toBe(MAX_REPEATED_ITEMS / 4);
  });
});

describe('repeatedToLength', () => {
  it('airs the playlist again and again end to end, the items numbered in airing order, its picks the same each time', () => {
    const ids = playlist([item(0, 0, 6.3, 1), item(1, 5.3, 11.7)]);
    const block = repeatedToLength(ids, MIN_FILL_SECONDS, 3600);
    expect(block.duration).toBeCloseTo(17 * 4, 9);
    expect(block.items.map((i) => [i.order, i.media_id, i.offset, i.duration, i.crossfade])).toEqual([
      [0, 100, 0, 6.3, 1],
      [1, 101, 5.3, 11.7, 0],
      [2, 100, 17, 6.3, 1],
      [3, 101, 22.3, 11.7, 0],
      [4, 100, 34, 6.3, 1],
      [5, 101, 39.3, 11.7, 0],
      [6, 100, 51, 6.3, 1],
      [7, 101, 56.3, 11.7, 0],
    ]);
    expect(block).toMatchObject({ name: 'IDs', playlistId: 3 });
  });

  it('leaves a playlist of the minimum or more as it is', () => {
    const song = playlist([item(0, 0, 184.2)]);
    expect(repeatedToLength(song, MIN_FILL_SECONDS, 3600)).toBe(song);
    const empty: Resolved = { name: '', description: '', playlistId: 3, items: [], duration: 0 };
    expect(repeatedToLength(empty, MIN_FILL_SECONDS, 3600)).toBe(empty);
  });
});
