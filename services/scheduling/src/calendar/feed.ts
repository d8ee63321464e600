// Series with their exceptions as an iCalendar feed (RFC 5545), the model calendars share: per
// series a master VEVENT (DTSTART in the player's zone, DURATION, RRULE, EXDATE), overrides with
// RECURRENCE-ID, and occurrences pinned to their instants (series-events.ts); a VTIMEZONE per zone
// (vtimezone.ts). The lines are written here, folded and escaped with ical-generator's helpers:
// its event builder cannot write a local time that does not exist (a DTSTART in the spring gap)
// nor DURATION (docs/decisions/scheduling.md, "The schedule as iCalendar").
import { escape, foldLines } from 'ical-generator';
import { seriesEvents, type EventSpec, type FeedSeries, type ZonedWall } from './series-events';
import { vtimezone } from './vtimezone';

export type { FeedSeries } from './series-events';

const DAY = 86_400_000;
const compact = (iso: string) => iso.slice(0, 19).replace(/[-:]/g, '');
const utcText = (instant: number) => `${compact(new Date(instant).toISOString())}Z`;
const zoned = (name: string, { zone, wall }: ZonedWall) => `${name};TZID=${zone}:${compact(new Date(wall).toISOString())}`;

function eventLines(event: EventSpec, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${stamp}`];
  if (event.kind === 'master') {
    const { zone } = event.start;
    lines.push(zoned('DTSTART', event.start), `DURATION:PT${event.duration}S`);
    lines.push(`RRULE:FREQ=${event.rule.frequency};INTERVAL=${event.rule.interval};UNTIL=${utcText(event.rule.until)}`);
    if (event.excluded.length) lines.push(`EXDATE;TZID=${zone}:${event.excluded.map((wall) => compact(new Date(wall).toISOString())).join(',')}`);
  } else {
    if (event.recurrenceId) lines.push(zoned('RECURRENCE-ID', event.recurrenceId));
    lines.push(`DTSTART:${utcText(event.start)}`, `DTEND:${utcText(event.end)}`);
  }
  lines.push(`SUMMARY:${escape(event.summary, false)}`, 'END:VEVENT');
  return lines;
}

/**
 * The span the VTIMEZONEs cover: every time of the feed, from the earliest start (a series' first,
 * or an occurrence moved earlier) to the latest end, so no time is outside its zone's observances.
 */
function spanOf(events: readonly EventSpec[]): { from: number; to: number } {
  let [from, to] = [Infinity, -Infinity];
  for (const event of events) {
    // A master's first local time is within a day of its instant; its last instance starts by UNTIL.
    const [start, end] = event.kind === 'master' ? [event.start.wall - DAY, event.rule.until + event.duration * 1000 + DAY] : [event.start, event.end];
    [from, to] = [Math.min(from, start), Math.max(to, end)];
  }
  return { from, to };
}

export function calendarFeed(name: string, series: readonly FeedSeries[]): string {
  const events = series.flatMap((one) => seriesEvents(one));
  const stamp = utcText(Date.now());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Airwave//Schedule//EN', 'CALSCALE:GREGORIAN', `NAME:${escape(name, false)}`, `X-WR-CALNAME:${escape(name, false)}`];
  const { from, to } = spanOf(events);
  for (const zone of new Set(events.flatMap((e) => (e.kind === 'master' ? [e.start.zone] : [])))) lines.push(...vtimezone(zone, from, to));
  for (const event of events) lines.push(...eventLines(event, stamp));
  lines.push('END:VCALENDAR');
  // RFC 5545 3.1: every content line ends with CRLF, the last one too.
  return foldLines(`${lines.join('\r\n')}\r\n`);
}
