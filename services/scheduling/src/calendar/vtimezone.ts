// A player's time zone as an iCalendar VTIMEZONE, written from the same zone data the schedule is
// computed with (Luxon over the runtime's IANA database): one observance per offset change across
// the feed's span, each at its exact instant, so a calendar reads every local time at the instant
// Airwave means. (A packaged VTIMEZONE library ships its own snapshot of the database, which can
// disagree after a rule change: docs/decisions/scheduling.md, "The schedule as iCalendar".)
import { DateTime, IANAZone } from 'luxon';

const SECOND = 1000;
const DAY = 86_400_000;

/** "+0100" from minutes east of UTC. */
const offsetText = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** "20260329T010000": a wall-clock time (ms, the local time read as UTC) as iCalendar writes it. */
const localText = (wall: number) => new Date(wall).toISOString().slice(0, 19).replace(/[-:]/g, '');

const offsetAt = (zone: string, instant: number) => IANAZone.create(zone).offset(instant);

/** The instant, to the second (offsets change on whole seconds), the offset changes between two instants. */
function transitionBetween(zone: string, before: number, after: number): number {
  let low = Math.floor(before / SECOND);
  let high = Math.ceil(after / SECOND);
  const from = offsetAt(zone, low * SECOND);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(zone, middle * SECOND) === from) low = middle;
    else high = middle;
  }
  return high * SECOND;
}

/** Every offset change in [from, to), in order, at its exact instant. */
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

/**
 * The VTIMEZONE of a zone covering [from, to): the offset in force from midnight UTC the day
 * before `from`, then each change until a day after `to`.
 */
export function vtimezone(zone: string, from: number, to: number): string[] {
  const start = Math.floor(from / DAY) * DAY - DAY;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observance(zone, start, offsetAt(zone, start))];
  for (const change of transitions(zone, start, to + DAY)) lines.push(...observance(zone, change, offsetAt(zone, change - SECOND)));
  lines.push('END:VTIMEZONE');
  return lines;
}
