// Occurrence rows in OpenBroadcaster's shape, across a DST change.
import { describe, expect, it } from 'vitest';
import type { EntryRow } from './entries';
import { occurrenceRow, seriesFields } from './occurrence-rows';
import { expand } from './recurrence';
import { ruleOf } from './entries';

const london = 'Europe/London';
const entry = (mode: string, start: string, duration: number, stop: string | null): EntryRow => ({
  id: 7,
  player_id: 1,
  user_id: 2,
  mode,
  x_data: null,
  start: new Date(start),
  duration,
  stop: stop ? new Date(stop) : null,
});

describe('occurrence rows', () => {
  it("carry each occurrence's own start, end and length, and the series' bounds", () => {
    const daily = entry('daily', '2026-03-27T08:00:00Z', 7200, '2026-04-30T00:00:00+01:00');
    const series = seriesFields(daily, london);
    const rows = expand(ruleOf(daily, london), Date.parse('2026-03-28T00:00:00Z'), Date.parse('2026-03-30T00:00:00Z')).map((o) => occurrenceRow(daily, series, o, london));
    expect(rows.map((r) => [r.start, r.end, r.exp_start, r.duration])).toEqual([
      ['2026-03-28T08:00:00+00:00', '2026-03-28T10:00:00+00:00', '2026-03-28 08:00:00', 7200],
      ['2026-03-29T08:00:00+01:00', '2026-03-29T10:00:00+01:00', '2026-03-29 08:00:00', 7200],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ id: 7, recurring_start: '2026-03-27T08:00:00+00:00', recurring_stop: '2026-04-30T00:00:00+01:00', mode: 'daily', x_data: null });
    }
  });

  it('gives a one-time entry no mode and no recurring stop, as OpenBroadcaster does', () => {
    const once = entry('once', '2026-10-25T00:30:00Z', 3600, null);
    const [row] = expand(ruleOf(once, london), Date.parse('2026-10-24T00:00:00Z'), Date.parse('2026-10-26T00:00:00Z')).map((o) => occurrenceRow(once, seriesFields(once, london), o, london));
    expect(row).not.toHaveProperty('mode');
    expect(row).not.toHaveProperty('x_data');
    expect(row).toMatchObject({ start: '2026-10-25T01:30:00+01:00', recurring_start: '2026-10-25T01:30:00+01:00', recurring_stop: null });
    // The hour the clocks go back: one hour of real time, 01:30 BST to 01:30 GMT on the wall.
    expect(row).toMatchObject({ end: '2026-10-25T01:30:00+00:00', exp_start: '2026-10-25 01:30:00', exp_end: '2026-10-25 01:30:00', duration: 3600 });
  });
});
