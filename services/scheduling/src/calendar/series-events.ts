// One series with its exceptions as iCalendar events (docs/decisions/scheduling.md, "The schedule
// as iCalendar"). The master VEVENT carries the series' local time (DTSTART with TZID), its length
// as DURATION (exact seconds, RFC 5545 3.8.5.3: every instance lasts that long), the RRULE, and
// EXDATE for skipped occurrences; a moved or replaced occurrence is an override with RECURRENCE-ID.
// Every time a calendar app could read two ways is written as an instant (UTC) instead:
// - an override's own start and end (an occurrence moved into the second pass of a repeated hour
//   would otherwise read as the first);
// - an occurrence of the rule at a local time that does not exist (the spring gap) or exists twice
//   (RFC 5545 reads the first pass, some apps the other), or whose end is such a time, or which
//   spans an offset change (apps add a DURATION to the local time): it is pinned, excluded from the
//   rule by its local time (which every app reads as it read the rule's own) and written as an
//   event of its own at its instants.
import { lastEnd, ruleOf, type EntryRow } from '../schedule/entries';
import type { ExceptionRow } from '../schedule/exception-queries';
import { isOccurrence } from '../schedule/exceptions';
import { expand, nominalWall, seriesWall, stepOf, wallOf, wallReadings, type Occurrence, type Recurrence } from '../schedule/recurrence';

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

/** A local date and time in a zone (wall ms: the reading as if UTC), as TZID properties carry it. */
export interface ZonedWall {
  zone: string;
  wall: number;
}

/** The master of a series: its rule in its zone. */
export interface MasterEvent {
  uid: string;
  summary: string;
  start: ZonedWall;
  /** Seconds of real time, every instance. */
  duration: number;
  /** FREQ, INTERVAL, UNTIL (UTC instant). */
  rule: { frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY'; interval: number; until: number };
  /** Local times of the instances left out (skipped, or pinned). */
  excluded: number[];
}

/** An event at its instants: a one-time entry, a pinned occurrence, or an override (with `recurrenceId`). */
export interface InstantEvent {
  uid: string;
  summary: string;
  start: number;
  end: number;
  recurrenceId?: ZonedWall | undefined;
}

export type EventSpec = ({ kind: 'master' } & MasterEvent) | ({ kind: 'instant' } & InstantEvent);

const FREQUENCY = { days: 'DAILY', weeks: 'WEEKLY', months: 'MONTHLY' } as const;
const utcText = (instant: number) => `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/**
 * Whether a calendar app could place this occurrence of the rule elsewhere than Airwave does: its
 * local time does not exist or exists twice, its end's local time does, or an offset change falls
 * inside it (so local time plus its length is not its end).
 */
function readTwoWays(rule: Recurrence, o: Occurrence): boolean {
  const endWall = wallOf(o.end, rule.zone);
  return wallReadings(nominalWall(rule, o.start), rule.zone) !== 1 || endWall - wallOf(o.start, rule.zone) !== o.end - o.start || wallReadings(endWall, rule.zone) !== 1;
}

/** An occurrence as it happens (its exception applied), or null when skipped. */
function asItHappens(series: FeedSeries, rule: Recurrence, originalStart: number, exception: ExceptionRow | undefined): { start: number; end: number; summary: string } | null {
  if (exception?.skip) return null;
  const start = exception?.start?.getTime() ?? originalStart;
  const duration = exception?.start ? (exception.duration ?? rule.duration) : rule.duration;
  const summary = (exception && series.summaryOf?.(exception)) ?? series.summary;
  return { start, end: start + duration * 1000, summary };
}

/** A one-time entry: its one occurrence as it happens, at its instants. */
function onceEvents(series: FeedSeries, rule: Recurrence, exception: ExceptionRow | undefined): EventSpec[] {
  const only = asItHappens(series, rule, rule.start, exception);
  return only ? [{ kind: 'instant', uid: series.uid, ...only }] : [];
}

export function seriesEvents(series: FeedSeries): EventSpec[] {
  const rule = ruleOf(series.row, series.zone);
  const byOriginal = new Map(series.exceptions.filter((e) => isOccurrence(rule, e.original_start.getTime())).map((e) => [e.original_start.getTime(), e]));
  const step = stepOf(rule.mode, rule.xData);
  if (!step) return onceEvents(series, rule, byOriginal.get(rule.start));
  const all = expand(rule, rule.start, lastEnd(rule));
  const pinned = all.filter((o) => readTwoWays(rule, o));
  const isPinned = new Set(pinned.map((o) => o.start));
  const changed = [...byOriginal.values()].filter((e) => !isPinned.has(e.original_start.getTime()));
  const excluded = [...changed.filter((e) => e.skip).map((e) => e.original_start.getTime()), ...pinned.map((o) => o.start)].map((o) => nominalWall(rule, o));
  const master: EventSpec = {
    kind: 'master',
    uid: series.uid,
    summary: series.summary,
    start: { zone: rule.zone, wall: seriesWall(rule) },
    duration: rule.duration,
    // UNTIL is the last occurrence's start, not `stop`: an app reading the next local time in a gap
    // an hour early could otherwise find it before `stop`.
    rule: { frequency: FREQUENCY[step.unit], interval: step.count, until: all[all.length - 1]?.start ?? rule.start },
    excluded: excluded.sort((a, b) => a - b),
  };
  const events: EventSpec[] = [master];
  for (const e of changed) {
    const original = e.original_start.getTime();
    const happens = asItHappens(series, rule, original, e);
    if (happens) events.push({ kind: 'instant', uid: series.uid, ...happens, recurrenceId: { zone: rule.zone, wall: nominalWall(rule, original) } });
  }
  for (const o of pinned) {
    const happens = asItHappens(series, rule, o.start, byOriginal.get(o.start));
    if (happens) events.push({ kind: 'instant', uid: series.uid.replace('@', `.${utcText(o.start)}@`), ...happens });
  }
  return events;
}
