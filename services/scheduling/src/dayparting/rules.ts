// Whether a dayparting restriction is in force at a moment. A restriction runs from
// start_month/start_day/start_time to end_month/end_day/end_time, inclusive of both ends, every
// year; ranges may wrap the year (1 Dec to 28 Feb). The time of day applies on every day of the
// range: 22:00 to 06:00 wraps the day and means each night from 22:00 to 06:00.
import { DateTime } from 'luxon';

export interface RestrictionRange {
  start_month: number;
  start_day: number;
  start_time: string;
  end_month: number;
  end_day: number;
  end_time: string;
}

const seconds = (time: string) => {
  const [h, m, s] = time.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

const inCyclic = (value: number, from: number, to: number) => (from <= to ? value >= from && value <= to : value >= from || value <= to);

export function restrictionActive(range: RestrictionRange, moment: DateTime): boolean {
  const day = moment.month * 100 + moment.day;
  const t = moment.hour * 3600 + moment.minute * 60 + moment.second;
  const startT = seconds(range.start_time);
  const endT = seconds(range.end_time);
  // A night that wraps midnight belongs to the date it started on.
  const wrapsDay = startT > endT;
  const effective = wrapsDay && t <= endT ? moment.minus({ days: 1 }) : moment;
  const effectiveDay = effective.month * 100 + effective.day;
  const dateOk = inCyclic(wrapsDay ? effectiveDay : day, range.start_month * 100 + range.start_day, range.end_month * 100 + range.end_day);
  return dateOk && inCyclic(t, startT, endT);
}

/**
 * The first of a restriction's dates that no year has ("Invalid input: …", naming the field), or null.
 * Days are checked against 2024, a leap year: 29 February exists in some years, so it may be named.
 */
export function impossibleDate(range: Pick<RestrictionRange, 'start_month' | 'start_day' | 'end_month' | 'end_day'>): string | null {
  for (const [month, day, what] of [
    [range.start_month, range.start_day, 'start_day'],
    [range.end_month, range.end_day, 'end_day'],
  ] as const) {
    if (day > DateTime.fromObject({ year: 2024, month }).daysInMonth!) return `Invalid input: ${what}: month ${month} has no day ${day}`;
  }
  return null;
}

export type RestrictionRow = RestrictionRange & { id: number; description: string; filters: unknown[] };

export const restrictionOut = (row: RestrictionRow) => ({ ...row });
