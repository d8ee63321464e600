// Occurrence listing: every entry's occurrences in the window, sorted by start then id, each in
// its player's zone, with the entry's own fields after the shared ones.
import { describe, expect, it } from 'vitest';
import type { EntryRow } from './entries';
import { occurrenceRows } from './occurrences';

const entry = (id: number, player_id: number, mode: string, start: string, duration: number, stop: string | null): EntryRow & { description: string } => ({
  id,
  player_id,
  user_id: 2,
  mode,
  x_data: null,
  start: new Date(start),
  duration,
  stop: stop ? new Date(stop) : null,
  description: `entry ${id}`,
});

describe('occurrenceRows', () => {
  const zones = new Map([
    [1, 'Europe/London'],
    [2, 'Asia/Tokyo'],
  ]);
  const own = (row: { description: string }) => ({ description: row.description });

  it('sorts the occurrences of all entries by start, then id', () => {
    const rows = [
      entry(1, 1, 'daily', '2026-03-01T10:00:00Z', 1800, '2026-03-04T00:00:00Z'),
      entry(2, 1, 'once', '2026-03-02T10:00:00Z', 600, null),
      entry(3, 2, 'daily', '2026-03-01T09:00:00Z', 600, '2026-03-03T00:00:00Z'),
    ];
    const listed = occurrenceRows(rows, zones, { from: Date.parse('2026-03-02T00:00:00Z'), to: Date.parse('2026-03-04T00:00:00Z') }, own);
    expect(listed.map((r) => [r.id, r.start])).toEqual([
      [3, '2026-03-02T18:00:00+09:00'],
      [1, '2026-03-02T10:00:00+00:00'],
      [2, '2026-03-02T10:00:00+00:00'],
      [1, '2026-03-03T10:00:00+00:00'],
    ]);
  });

  it("reads an unknown player's entries in UTC and puts the entry's own fields last", () => {
    const [row] = occurrenceRows([entry(4, 9, 'once', '2026-07-01T12:00:00Z', 60, null)], zones, { from: Date.parse('2026-07-01T00:00:00Z'), to: Date.parse('2026-07-02T00:00:00Z') }, own);
    expect(row).toMatchObject({ start: '2026-07-01T12:00:00Z', description: 'entry 4' });
    expect(Object.keys(row!).at(-1)).toBe('description');
  });

  it('leaves out a skipped occurrence, lists a moved one where it landed, and marks it with its exception and original start', () => {
    const series = entry(5, 1, 'daily', '2026-03-01T10:00:00Z', 1800, '2026-03-10T00:00:00Z');
    const exception = (id: number, original: string, skip: boolean, start: string | null) => ({
      id,
      series_id: 5,
      user_id: 2,
      original_start: new Date(original),
      skip,
      start: start ? new Date(start) : null,
      duration: start ? 600 : null,
      item_type: null,
      item_id: null,
      created: new Date(),
    });
    const rows = [{ ...series, exceptions: [exception(1, '2026-03-02T10:00:00Z', true, null), exception(2, '2026-03-08T10:00:00Z', false, '2026-03-03T12:00:00Z')] }];
    const listed = occurrenceRows(rows, zones, { from: Date.parse('2026-03-02T00:00:00Z'), to: Date.parse('2026-03-04T00:00:00Z') }, own);
    expect(listed.map((r) => [r.start, r.duration, r.exception_id, r.original_start])).toEqual([
      ['2026-03-03T10:00:00+00:00', 1800, undefined, undefined],
      ['2026-03-03T12:00:00+00:00', 600, 2, '2026-03-08T10:00:00+00:00'],
    ]);
  });
});
