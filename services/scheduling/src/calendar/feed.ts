// Series with their exceptions as an iCalendar feed (RFC 5545), the model calendars share: one
// master VEVENT per series with its RRULE and EXDATEs, overrides with RECURRENCE-ID, and pinned
// occurrences (series-events.ts). Written with ical-generator; the VTIMEZONEs come from vtimezone.ts
// (docs/decisions/scheduling.md, "The schedule as iCalendar").
import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { seriesEvents, type EventSpec, type FeedSeries } from './series-events';
import { vtimezone } from './vtimezone';

export type { FeedSeries } from './series-events';

/** A time for ical-generator: in the event's zone (written with TZID), or a UTC instant. */
const at = (instant: number, zone: string | null) => (zone ? DateTime.fromMillis(instant, { zone }) : new Date(instant));

/** The span the feed's VTIMEZONEs must cover: every event, from its series' first start to its last end. */
function span(series: readonly FeedSeries[]): { from: number; to: number } {
  let from = Date.now();
  let to = from;
  for (const { row, exceptions } of series) {
    from = Math.min(from, row.start.getTime());
    to = Math.max(to, (row.stop ?? row.start).getTime() + row.duration * 1000);
    for (const e of exceptions) if (e.start) to = Math.max(to, e.start.getTime() + (e.duration ?? 0) * 1000);
  }
  return { from, to };
}

function eventData(event: EventSpec) {
  return {
    id: event.uid,
    start: at(event.start, event.zone),
    end: at(event.end, event.zone),
    timezone: event.zone,
    summary: event.summary,
    ...(event.rules ? { repeating: event.rules } : {}),
    ...(event.recurrenceId !== undefined ? { recurrenceId: at(event.recurrenceId, event.zone) } : {}),
  };
}

export function calendarFeed(name: string, series: readonly FeedSeries[]): string {
  const { from, to } = span(series);
  // No calendar-wide zone: DTSTAMP and UNTIL are then written in UTC (with Z) as RFC 5545 requires;
  // each event names its player's zone, whose VTIMEZONE the generator writes once per zone.
  const calendar = ical({
    name,
    prodId: { company: 'Airwave', product: 'Schedule', language: 'EN' },
    timezone: { name: null, generator: (tzid) => vtimezone(tzid, from, to) },
  });
  for (const one of series) for (const event of seriesEvents(one)) calendar.createEvent(eventData(event));
  return calendar.toString();
}
