// A window's listening: sessions, unique listeners, tuning hours, session lengths, hour by hour.
import { describe, expect, it } from 'vitest';
import { listeningSummary } from './summary';

const H = 3_600_000;
const T0 = Date.UTC(2027, 2, 27, 22); // Saturday 22:00 UTC; Europe/London goes to summer time at 01:00 UTC on the 28th

describe('listeningSummary', () => {
  it('counts sessions, listeners by address, the hours listened inside the window, hour by hour', () => {
    const sessions = [
      { start: T0 - H, end: T0 + H / 2, address: 'a', country: 'NL' }, // half an hour inside
      { start: T0 + H / 4, end: T0 + H / 2, address: 'a', country: 'NL' }, // the same listener again: a quarter hour
      { start: T0 + H / 2, end: null, address: 'b', country: null }, // still listening
    ];
    const summary = listeningSummary(sessions, { start: T0, end: T0 + 2 * H }, 'UTC', T0 + 2 * H);
    expect(summary).toMatchObject({ sessions: 3, unique_listeners: 2, tuning_hours: 0.5 + 0.25 + 1.5, mean_session_seconds: (5400 + 900) / 2, median_session_seconds: (5400 + 900) / 2 });
    expect(summary.by_hour).toEqual([
      { hour: '2027-03-27T22:00:00.000Z', sessions: 3, unique_listeners: 2, tuning_hours: 1.25 },
      { hour: '2027-03-27T23:00:00.000Z', sessions: 1, unique_listeners: 1, tuning_hours: 1 },
    ]);
  });

  it('reads hours in the player’s zone, across the change to summer time', () => {
    const summary = listeningSummary([{ start: T0, end: T0 + 4 * H, address: 'a', country: 'GB' }], { start: T0, end: T0 + 4 * H }, 'Europe/London', T0 + 4 * H);
    expect(summary.by_hour.map((h) => h.hour)).toEqual(['2027-03-27T22:00:00.000+00:00', '2027-03-27T23:00:00.000+00:00', '2027-03-28T00:00:00.000+00:00', '2027-03-28T02:00:00.000+01:00']);
    expect(summary.by_hour.every((h) => h.tuning_hours === 1)).toBe(true);
    expect(summary.tuning_hours).toBe(4);
  });

  it('counts country by country, most tuning hours first, unknown countries together', () => {
    const sessions = [
      { start: T0 - H, end: T0 + H / 2, address: 'a', country: 'NL' }, // half an hour inside
      { start: T0, end: T0 + H / 4, address: 'a', country: 'NL' }, // the same listener again
      { start: T0, end: T0 + H, address: 'b', country: 'DE' },
      { start: T0 + H, end: null, address: 'c', country: null }, // still listening: to now
      { start: T0 + H / 2, end: T0 + H, address: 'd', country: null },
      { start: T0 + H / 2, end: T0 + H, address: 'e', country: 'FR' },
      { start: T0 - 2 * H, end: T0 - H, address: 'f', country: 'US' }, // before the window: left out
    ];
    const summary = listeningSummary(sessions, { start: T0, end: T0 + 2 * H }, 'UTC', T0 + 3 * H / 2);
    expect(summary.by_country).toEqual([
      { country: null, sessions: 2, unique_listeners: 2, tuning_hours: 1 },
      { country: 'DE', sessions: 1, unique_listeners: 1, tuning_hours: 1 },
      { country: 'NL', sessions: 2, unique_listeners: 1, tuning_hours: 0.75 },
      { country: 'FR', sessions: 1, unique_listeners: 1, tuning_hours: 0.5 },
    ]);
    // the countries add up to the whole
    const sum = (key: 'sessions' | 'tuning_hours') => summary.by_country.reduce((total, c) => total + c[key], 0);
    expect([sum('sessions'), sum('tuning_hours')]).toEqual([summary.sessions, summary.tuning_hours]);
  });

  it('says nothing of lengths when no session ended', () => {
    expect(listeningSummary([], { start: T0, end: T0 + H }, 'UTC', T0)).toMatchObject({ sessions: 0, unique_listeners: 0, tuning_hours: 0, mean_session_seconds: null, median_session_seconds: null, by_country: [] });
  });
});
