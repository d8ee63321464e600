// Where a player's format puts clocks (issue 45): the local hours of a range whose weekday and hour
// the grid names, each the part of the hour no show takes (a show wins; what is left of its hour
// is filled by the clock from where the show ends, or up to where it starts). Pure.
import { DateTime } from 'luxon';

export interface GridCell {
  weekday: number;
  hour: number;
  clock_id: number;
}

export interface ClockSpan {
  /** Where this part of the hour starts and ends (Unix ms). */
  start: number;
  end: number;
  /** The local hour it is part of. */
  hourStart: number;
  clockId: number;
  /** A show that airs the clock (its hours filled from it), rather than the format's grid. */
  show?: { id: number; originalStart: number; name: string };
}

interface Span {
  start: number;
  end: number;
}

/** The local hours in [from, to) with the clock the grid names for each (a repeated autumn hour is named twice, a skipped spring hour not at all). */
export function gridHours(grid: readonly GridCell[], from: number, to: number, zone: string): { start: number; end: number; clockId: number }[] {
  if (grid.length === 0) return [];
  const byCell = new Map(grid.map((c) => [`${c.weekday}:${c.hour}`, c.clock_id]));
  const out: { start: number; end: number; clockId: number }[] = [];
  let hour = DateTime.fromMillis(from, { zone }).startOf('hour');
  while (hour.toMillis() < to) {
    const next = hour.plus({ hours: 1 });
    const clockId = byCell.get(`${hour.weekday}:${hour.hour}`);
    if (clockId !== undefined && next.toMillis() > from) out.push({ start: hour.toMillis(), end: next.toMillis(), clockId });
    hour = next;
  }
  return out;
}

/** The parts of each grid hour that no show takes. */
export function clockSpans(hours: readonly { start: number; end: number; clockId: number }[], shows: readonly Span[]): ClockSpan[] {
  const sorted = [...shows].sort((a, b) => a.start - b.start);
  return hours.flatMap((hour) => {
    const parts: ClockSpan[] = [];
    let cursor = hour.start;
    for (const show of sorted) {
      if (show.end <= cursor || show.start >= hour.end) continue;
      if (show.start > cursor) parts.push({ start: cursor, end: show.start, hourStart: hour.start, clockId: hour.clockId });
      cursor = Math.max(cursor, show.end);
    }
    if (cursor < hour.end) parts.push({ start: cursor, end: hour.end, hourStart: hour.start, clockId: hour.clockId });
    return parts;
  });
}

/** A clock show's hours: its time cut at the local hours, each part filled from the clock as that part of its hour. */
export function showHours(show: { start: number; end: number; clockId: number; show: NonNullable<ClockSpan['show']> }, zone: string): ClockSpan[] {
  const out: ClockSpan[] = [];
  let hour = DateTime.fromMillis(show.start, { zone }).startOf('hour');
  while (hour.toMillis() < show.end) {
    const next = hour.plus({ hours: 1 });
    const start = Math.max(show.start, hour.toMillis());
    const end = Math.min(show.end, next.toMillis());
    if (end > start) out.push({ start, end, hourStart: hour.toMillis(), clockId: show.clockId, show: show.show });
    hour = next;
  }
  return out;
}
