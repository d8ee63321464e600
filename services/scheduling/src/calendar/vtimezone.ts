// A player's time zone as an iCalendar VTIMEZONE, written from the same zone data the schedule is
// computed with (Luxon over the runtime's IANA database): one observance per offset change across
// the feed's span, so a calendar reads every occurrence at the instant Airwave airs it. (A packaged
// VTIMEZONE library ships its own snapshot of the database, which can disagree after a rule change:
// docs/decisions/scheduling.md, "The schedule as iCalendar".)
import { DateTime } from 'luxon';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** "+0100" from minutes east of UTC. */
const offsetText = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** "20260329T010000": a wall-clock time (ms, the local time read as UTC) as iCalendar writes it. */
const localText = (wall: number) => new Date(wall).toISOString().slice(0, 19).replace(/[-:]/g, '');

const offsetAt = (zone: string, instant: number) => DateTime.fromMillis(instant, { zone }).offset;

/** The instant the offset changes between two instants a day apart (to the minute). */
function transitionBetween(zone: string, before: number, after: number): number {
  let [low, high] = [before, after];
  const from = offsetAt(zone, low);
  while (high - low > 60_000) {
    const middle = low + Math.floor((high - low) / 120_000) * 60_000;
    if (offsetAt(zone, middle) === from) low = middle;
    else high = middle;
  }
  return high;
}

/** Every offset change in [from, to), in order. */
export function transitions(zone: string, from: number, to: number): number[] {
  const found: number[] = [];
  let previous = offsetAt(zone, from);
  for (let day = from; day < to; day += DAY) {
    const next = Math.min(day + DAY, to);
    const offset = offsetAt(zone, next);
    if (offset !== previous) found.push(transitionBetween(zone, day, next));
    previous = offset;
  }
  return found;
}

function observance(zone: string, instant: number, from: number): string[] {
  const at = DateTime.fromMillis(instant, { zone, locale: 'en-GB' });
  const kind = at.isInDST ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localText(instant + from * 60_000)}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(at.offset)}`,
    `TZNAME:${at.offsetNameShort ?? offsetText(at.offset)}`,
    `END:${kind}`,
  ];
}

/** The VTIMEZONE of a zone over [from, to): the offset at `from`, then each change. */
export function vtimezone(zone: string, from: number, to: number): string {
  const start = from - 7 * DAY;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observance(zone, start, offsetAt(zone, start))];
  for (const change of transitions(zone, start, to + 7 * DAY)) lines.push(...observance(zone, change, offsetAt(zone, change - 60_000)));
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
