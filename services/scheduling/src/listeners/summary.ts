// A window's listening (issue 46): sessions, unique listeners (by their hashed address), aggregate
// tuning hours (the hours listened, summed over the sessions, within the window), session lengths,
// and the same hour by hour in the player's zone and country by country. Pure.
import { DateTime } from 'luxon';

export interface HashedSession {
  start: number;
  end: number | null;
  address: string;
  /** ISO 3166-1 alpha-2, null where unknown. */
  country: string | null;
}

export interface HourListening {
  /** The local hour's start, ISO 8601 in the zone. */
  hour: string;
  sessions: number;
  unique_listeners: number;
  tuning_hours: number;
}

export interface CountryListening {
  country: string | null;
  sessions: number;
  unique_listeners: number;
  tuning_hours: number;
}

export interface ListeningSummary {
  sessions: number;
  unique_listeners: number;
  tuning_hours: number;
  /** Seconds, of the sessions that ended in the window. */
  mean_session_seconds: number | null;
  median_session_seconds: number | null;
  by_hour: HourListening[];
  /** Most tuning hours first. */
  by_country: CountryListening[];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** What listened in [from, to): each session counted for the part of it inside. */
function listened(sessions: readonly HashedSession[], from: number, to: number, now: number) {
  const inside = sessions.map((s) => ({ ...s, end: s.end ?? now })).filter((s) => s.start < to && s.end > from && s.end > s.start);
  const ms = inside.reduce((sum, s) => sum + Math.min(s.end, to) - Math.max(s.start, from), 0);
  return { sessions: inside.length, unique_listeners: new Set(inside.map((s) => s.address)).size, tuning_hours: round3(ms / 3_600_000) };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The same figures for the sessions of each country that listened in the window, most tuning hours first (then most sessions, then by code, unknown last). */
function byCountry(sessions: readonly HashedSession[], from: number, to: number, now: number): CountryListening[] {
  const groups = new Map<string | null, HashedSession[]>();
  for (const s of sessions) {
    const end = s.end ?? now;
    if (!(s.start < to && end > from && end > s.start)) continue;
    const group = groups.get(s.country);
    if (group) group.push(s);
    else groups.set(s.country, [s]);
  }
  const rank = (country: string | null) => country ?? '\uffff';
  return [...groups]
    .map(([country, group]) => ({ country, ...listened(group, from, to, now) }))
    .sort((a, b) => b.tuning_hours - a.tuning_hours || b.sessions - a.sessions || (rank(a.country) < rank(b.country) ? -1 : 1));
}

export function listeningSummary(sessions: readonly HashedSession[], window: { start: number; end: number }, zone: string, now: number): ListeningSummary {
  const whole = listened(sessions, window.start, window.end, now);
  const lengths = sessions.filter((s) => s.end !== null && s.end > window.start && s.end <= window.end).map((s) => (s.end! - s.start) / 1000);
  const byHour: HourListening[] = [];
  for (let hour = DateTime.fromMillis(window.start, { zone }).startOf('hour'); hour.toMillis() < window.end; hour = hour.plus({ hours: 1 })) {
    const from = Math.max(window.start, hour.toMillis());
    const to = Math.min(window.end, hour.plus({ hours: 1 }).toMillis());
    byHour.push({ hour: hour.toISO()!, ...listened(sessions, from, to, now) });
  }
  const mean = lengths.length ? round3(lengths.reduce((a, b) => a + b, 0) / lengths.length) : null;
  return { ...whole, mean_session_seconds: mean, median_session_seconds: median(lengths), by_hour: byHour, by_country: byCountry(sessions, window.start, window.end, now) };
}
