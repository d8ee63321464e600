// One series with its exceptions as iCalendar events. The master VEVENT carries the RRULE in the
// player's zone (so occurrences follow its local time across DST), EXDATE for skipped occurrences,
// and a VEVENT with RECURRENCE-ID for each moved or replaced one. An occurrence whose local time
// does not exist (the spring gap) or exists twice (the autumn hour) is read differently by
// different calendar apps (RFC 5545 says: the offset before the gap, the first of the two; ical.js
// and others differ), so it is pinned: excluded from the rule by its local time, which every app
// reads the same way it read the rule, and written as an event of its own at its instant, in UTC
// (docs/decisions/scheduling.md, "The schedule as iCalendar").
import { ruleOf, lastEnd, type EntryRow } from '../schedule/entries';
import type { ExceptionRow } from '../schedule/exception-queries';
import { isOccurrence } from '../schedule/exceptions';
import { expand, stepOf, wallOf, wallReadings, type Occurrence, type Recurrence } from '../schedule/recurrence';

export interface FeedSeries {
  row: EntryRow;
  /** The player's zone. */
  zone: string;
  exceptions: readonly ExceptionRow[];
  uid: string;
  summary: string;
  /** What an occurrence airs instead, when an exception changes it (shows). */
  summaryOf?: (exception: ExceptionRow) => string | null;
}

/** An event to write: zoned (TZID) or pinned to instants (UTC). */
export interface EventSpec {
  uid: string;
  start: number;
  end: number;
  summary: string;
  zone: string | null;
  /** RRULE and EXDATE lines, for the master. */
  rules?: string | undefined;
  /** The occurrence an override replaces (its original start). */
  recurrenceId?: number | undefined;
}

const FREQUENCY = { days: 'DAILY', weeks: 'WEEKLY', months: 'MONTHLY' } as const;
const utcText = (instant: number) => `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

const DAY = 86_400_000;
const localText = (wall: number) => new Date(wall).toISOString().slice(0, 19).replace(/[-:]/g, '');

/** The wall-clock time the rule gives an occurrence (its date, the series' time of day): what a calendar computes. */
function nominal(rule: Recurrence, occurrence: number): number {
  const timeOfDay = ((wallOf(rule.start, rule.zone) % DAY) + DAY) % DAY;
  return Math.floor(wallOf(occurrence, rule.zone) / DAY) * DAY + timeOfDay;
}

function rulesOf(rule: Recurrence, excluded: readonly number[]): string {
  const step = stepOf(rule.mode, rule.xData)!;
  const lines = [`RRULE:FREQ=${FREQUENCY[step.unit]};INTERVAL=${step.count};UNTIL=${utcText(rule.stop ?? rule.start)}`];
  if (excluded.length) lines.push(`EXDATE;TZID=${rule.zone}:${excluded.map(localText).join(',')}`);
  return lines.join('\n');
}

/** An occurrence as it happens (an exception applied), null when skipped; pinned: its own UID, in UTC. */
function occurrenceEvent(series: FeedSeries, rule: Recurrence, original: Occurrence, exception: ExceptionRow | undefined, pinned: boolean): EventSpec | null {
  if (exception?.skip) return null;
  const start = exception?.start?.getTime() ?? original.start;
  const end = exception?.start ? start + (exception.duration ?? rule.duration) * 1000 : original.end;
  const summary = (exception && series.summaryOf?.(exception)) ?? series.summary;
  if (pinned) return { uid: series.uid.replace('@', `.${utcText(original.start)}@`), start, end, summary, zone: null };
  return { uid: series.uid, start, end, summary, zone: series.zone, recurrenceId: original.start };
}

export function seriesEvents(series: FeedSeries): EventSpec[] {
  const rule = ruleOf(series.row, series.zone);
  const first = { start: rule.start, end: rule.start + rule.duration * 1000 };
  const byOriginal = new Map(series.exceptions.filter((e) => isOccurrence(rule, e.original_start.getTime())).map((e) => [e.original_start.getTime(), e]));
  if (!stepOf(rule.mode, rule.xData)) {
    // A one-time entry: its one occurrence as it happens, at its instants.
    const only = occurrenceEvent(series, rule, first, byOriginal.get(rule.start), false);
    return only ? [{ ...only, uid: series.uid, zone: null, recurrenceId: undefined } as EventSpec] : [];
  }
  const pinned = expand(rule, rule.start, lastEnd(rule)).filter((o) => wallReadings(nominal(rule, o.start), series.zone) !== 1);
  const isPinned = new Set(pinned.map((o) => o.start));
  const kept = [...byOriginal.values()].filter((e) => !isPinned.has(e.original_start.getTime()));
  const excluded = [...kept.filter((e) => e.skip).map((e) => nominal(rule, e.original_start.getTime())), ...pinned.map((o) => nominal(rule, o.start))];
  const events: EventSpec[] = [{ uid: series.uid, ...first, summary: series.summary, zone: series.zone, rules: rulesOf(rule, excluded) }];
  for (const e of kept) {
    const original = e.original_start.getTime();
    const event = occurrenceEvent(series, rule, { start: original, end: original + rule.duration * 1000 }, e, false);
    if (event) events.push(event);
  }
  for (const o of pinned) {
    const event = occurrenceEvent(series, rule, o, byOriginal.get(o.start), true);
    if (event) events.push(event);
  }
  return events;
}
