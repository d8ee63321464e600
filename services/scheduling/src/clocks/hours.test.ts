// Where a format puts clocks: the grid's local hours across a change of clocks (DST), in a zone a
// half hour off UTC, and what shows leave of them.
import { describe, expect, it } from 'vitest';
import { clockSpans, gridHours } from './hours';

const every = (clock: number) => Array.from({ length: 7 * 24 }, (_, i) => ({ weekday: 1 + Math.floor(i / 24), hour: i % 24, clock_id: clock }));

describe('gridHours', () => {
  it('gives each local hour its weekday and hour, the repeated autumn hour twice and the skipped spring hour not at all', () => {
    const grid = [{ weekday: 7, hour: 1, clock_id: 1 }, { weekday: 7, hour: 2, clock_id: 2 }, { weekday: 7, hour: 3, clock_id: 3 }];
    // Europe/London: Sunday 2027-10-31 01:00 happens twice; Sunday 2027-03-28 01:00 does not happen
    const autumn = gridHours(grid, Date.UTC(2027, 9, 30, 23), Date.UTC(2027, 9, 31, 6), 'Europe/London');
    expect(autumn.map((h) => [new Date(h.start).toISOString(), h.clockId])).toEqual([
      ['2027-10-31T00:00:00.000Z', 1],
      ['2027-10-31T01:00:00.000Z', 1],
      ['2027-10-31T02:00:00.000Z', 2],
      ['2027-10-31T03:00:00.000Z', 3],
    ]);
    const spring = gridHours(grid, Date.UTC(2027, 2, 28, 0), Date.UTC(2027, 2, 28, 6), 'Europe/London');
    expect(spring.map((h) => [new Date(h.start).toISOString(), h.clockId])).toEqual([
      ['2027-03-28T01:00:00.000Z', 2],
      ['2027-03-28T02:00:00.000Z', 3],
    ]);
  });

  it('starts hours on the local hour in a zone a half hour off UTC, every hour an hour long', () => {
    const hours = gridHours(every(5), Date.UTC(2027, 0, 4, 0), Date.UTC(2027, 0, 5, 0), 'Asia/Kolkata');
    expect(hours).toHaveLength(25); // the hour from 23:30 UTC the day before reaches in, as does the last
    expect(hours.every((h) => new Date(h.start).getUTCMinutes() === 30 && h.end - h.start === 3_600_000)).toBe(true);
  });

  it('gives nothing for an empty grid', () => {
    expect(gridHours([], 0, 86_400_000, 'UTC')).toEqual([]);
  });
});

describe('clockSpans', () => {
  const hour = { start: 0, end: 3_600_000, clockId: 1 };
  it('leaves the clock what a show does not take: before it, after it, or both sides', () => {
    const m = 60_000;
    expect(clockSpans([hour], [{ start: 20 * m, end: 40 * m }])).toEqual([
      { start: 0, end: 20 * m, hourStart: 0, clockId: 1 },
      { start: 40 * m, end: 60 * m, hourStart: 0, clockId: 1 },
    ]);
    expect(clockSpans([hour], [{ start: -30 * m, end: 15 * m }])).toEqual([{ start: 15 * m, end: 60 * m, hourStart: 0, clockId: 1 }]);
    expect(clockSpans([hour], [{ start: -30 * m, end: 90 * m }])).toEqual([]);
    expect(clockSpans([hour], [])).toEqual([{ start: 0, end: 60 * m, hourStart: 0, clockId: 1 }]);
  });
});
