// A window's listening: sessions, unique listeners, tuning hours, session lengths, hour by hour.
import { describe, expect, it } from 'vitest';
import { listeningSummary } from './summary';

const H = 3_600_000;
const T0 = Date.UTC(2027, 2, 27, 22); // Saturday 22:00 UTC; Europe/London goes to summer time at 01:00 UTC on the 28th

describe('listeningSummary', () => {
  it('counts sessions, listeners by address, the hours listened inside the window, hour by hour', () => {
    const sessions = [
      { start: T0 - H, end: T0 + H / 2, address: 'a' }, // half an hour inside
      { start: T0 + H / 4, end: T0 + H / 2, address: 'a' }, // the same listener again: a quarter hour
      { start: T0 + H / 2, end: null, address: 'b' }, // still listening
    ];
    const summary = listeningSummary(sessions, { start: T0, end: T0 + 2 * H }, 'UTC', T0 + 2 * H);
    expect(summary).toMatchObject({ sessions: 3, unique_listeners: 2, tuning_hours: 0.5 + 0.25 + 1.5, mean_session_seconds: (5400 + 900) / 2, median_session_seconds: (5400 + 900) / 2 });
    expect(summary.by_hour).toEqual([
      { hour: '2027-03-27T22:00:00.000Z', sessions: 3, unique_listeners: 2, tuning_hours: 1.25 },
      { hour: '2027-03-27T23:00:00.000Z', sessions: 1, unique_listeners: 1, tuning_hours: 1 },
    ]);
  });

  it('reads hours in the player’s zone, across the change to summer time', () => {
    const summary = listeningSummary([{ start: T0, end: T0 + 4 * H, address: 'a' }], { start: T0, end: T0 + 4 * H }, 'Europe/London', T0 + 4 * H);
    expect(summary.by_hour.map((h) => h.hour)).toEqual(['2027-03-27T22:00:00.000+00:00', '2027-03-27T23:00:00.000+00:00', '2027-03-28T00:00:00.000+00:00', '2027-03-28T02:00:00.000+01:00']);
    expect(summary.by_hour.every((h) => h.tuning_hours === 1)).toBe(true);
    expect(summary.tuning_hours).toBe(4);
  });

  it('says nothing of lengths when no session ended', () => {
    expect(listeningSummary([], { start: T0, end: T0 + H }, 'UTC', T0)).toMatchObject({ sessions: 0, unique_listeners: 0, tuning_hours: 0, mean_session_seconds: null, median_session_seconds: null });
  });
});
