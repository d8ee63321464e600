// Recurrence of timeslots and shows, computed in the player's time zone with Luxon.
//
// Rules (docs/decisions/scheduling.md):
// - Occurrence k starts at the first start's local date and time plus k intervals, counted from
//   the first start (never from the previous occurrence), so times never drift.
// - monthly / xmonths: only months that have the start's day of month (the 31st airs in months
//   with 31 days), as RFC 5545 does; nothing slides into the next month.
// - A local time that does not exist (the spring-forward gap) airs at the same wall-clock time
//   shifted forward by the gap (02:30 → 03:30). A local time that exists twice (autumn) airs once,
//   at its first occurrence (the earlier offset).
// - The local time of day is the first start's, or the local time it was given when that does not
//   exist (`wallStart`: a series given 01:30 on the day of the gap airs at 01:30 on the others).
// - The duration is real elapsed seconds.
// - `stop` is an instant: occurrences starting after it do not happen.
import { IANAZone } from 'luxon';

export const modes = ['once', 'daily', 'weekly', 'monthly', 'xdays', 'xweeks', 'xmonths'] as const;
export type Mode = (typeof modes)[number];

export interface Recurrence {
  mode: Mode;
  /** Positive integer for xdays/xweeks/xmonths; ignored otherwise. */
  xData?: number | null;
  /** First occurrence, as an instant (ms since epoch). */
  start: number;
  /**
   * The first start's local date and time (wall ms), when it does not exist (the spring gap): the
   * first occurrence airs at `start`, shifted forward by the gap, and every other one at this
   * local time of day. Ignored unless it reads as `start` in the zone.
   */
  wallStart?: number | null;
  /** Seconds. */
  duration: number;
  /** Instant after which no occurrence starts (ms); required unless mode is once. */
  stop?: number | null;
  /** IANA zone of the player. */
  zone: string;
}

export interface Occurrence {
  start: number;
  end: number;
}

type Step = { unit: 'days' | 'weeks' | 'months'; count: number };

export function stepOf(mode: Mode, xData?: number | null): Step | null {
  switch (mode) {
    case 'once':
      return null;
    case 'daily':
      return { unit: 'days', count: 1 };
    case 'weekly':
      return { unit: 'weeks', count: 1 };
    case 'monthly':
      return { unit: 'months', count: 1 };
    case 'xdays':
      return { unit: 'days', count: xData ?? 0 };
    case 'xweeks':
      return { unit: 'weeks', count: xData ?? 0 };
    case 'xmonths':
      return { unit: 'months', count: xData ?? 0 };
  }
}

/** Length of the repeat interval in seconds at its shortest (for "duration at most the interval"). */
export function minimumIntervalSeconds(mode: Mode, xData?: number | null): number | null {
  const step = stepOf(mode, xData);
  if (!step) return null;
  // A local day can be 23 hours long (DST); a month 28 days.
  if (step.unit === 'days') return step.count * 86400 - 3600;
  if (step.unit === 'weeks') return step.count * 7 * 86400 - 3600;
  return step.count * 28 * 86400 - 3600;
}

// Wall-clock arithmetic is done on "wall milliseconds" (the local date and time read as if it
// were UTC) and turned into instants with the zone's offsets. Offsets come from Luxon's IANA zone
// data, memoized per 15 minutes (transitions fall on quarter hours), which keeps a year of a busy
// schedule cheap to expand.
const offsetCache = new Map<string, Map<number, number>>();
function offsetAt(zone: string, instant: number): number {
  let cache = offsetCache.get(zone);
  if (!cache) {
    cache = new Map();
    offsetCache.set(zone, cache);
  }
  const bucket = Math.floor(instant / 900_000);
  let offset = cache.get(bucket);
  if (offset === undefined) {
    offset = IANAZone.create(zone).offset(bucket * 900_000);
    if (cache.size > 200_000) cache.clear();
    cache.set(bucket, offset);
  }
  return offset;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/**
 * An instant as ISO 8601 in a zone, with the zone's offset at that instant (as Luxon's
 * `toISO({ suppressMilliseconds: true })` writes it, `Z` for the fixed UTC zone), from the memoized
 * offsets: Luxon's own formatting asks Intl for the offset on every call, which dominated
 * `GET /shows`. The property test in recurrence.test.ts compares the two.
 */
export function isoInZone(instant: number, zone: string): string {
  const fixedUtc = zone === 'UTC' || zone === 'utc';
  const offset = fixedUtc ? 0 : offsetAt(zone, instant);
  // The local date and time read as UTC: its day's `YYYY-MM-DDT` comes from a cache, the time of
  // day is written from integers (no Date and no toISOString per call: a week of /shows writes
  // some 360 of these).
  const local = instant + offset * 60_000;
  const day = Math.floor(local / DAY_MS);
  let rest = local - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  let body = `${datePrefix(day)}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}`;
  if (millis !== 0) body += `.${String(millis).padStart(3, '0')}`;
  return fixedUtc ? `${body}Z` : body + offsetSuffix(offset);
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => pad2(n));

// `YYYY-MM-DDT` by day number since the epoch (as toISOString writes the date, extended years too).
const datePrefixes = new Map<number, string>();
function datePrefix(day: number): string {
  let prefix = datePrefixes.get(day);
  if (prefix === undefined) {
    const iso = new Date(day * DAY_MS).toISOString(); // throws RangeError for NaN, as before
    prefix = iso.slice(0, iso.indexOf('T') + 1);
    if (datePrefixes.size >= 100_000) datePrefixes.clear();
    datePrefixes.set(day, prefix);
  }
  return prefix;
}

// `+01:00` by offset in minutes: a zone has a handful of offsets, each written once.
const offsetSuffixes = new Map<number, string>();
function offsetSuffix(offset: number): string {
  let suffix = offsetSuffixes.get(offset);
  if (suffix === undefined) {
    const abs = Math.abs(offset);
    suffix = `${offset < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
    offsetSuffixes.set(offset, suffix);
  }
  return suffix;
}

/**
 * The instant a wall-clock time happens in a zone: the first of two when it happens twice (autumn),
 * and shifted forward by the gap when it does not happen (spring).
 */
export function wallToInstant(wall: number, zone: string): number {
  const before = offsetAt(zone, wall - 14 * 3_600_000);
  const after = offsetAt(zone, wall + 14 * 3_600_000);
  const valid = [before, after].map((o) => wall - o * 60_000).filter((instant) => wall - offsetAt(zone, instant) * 60_000 === instant);
  if (valid.length > 0) return Math.min(...valid);
  return wall - before * 60_000; // in the gap: the pre-transition offset moves it forward by the gap
}

/** The wall-clock time of an instant in a zone (ms: the local date and time read as UTC). */
export const wallOf = (instant: number, zone: string): number => instant + offsetAt(zone, instant) * 60_000;

/** How many instants a wall-clock time has in a zone: 0 in the spring gap, 2 in a repeated hour, else 1. */
export function wallReadings(wall: number, zone: string): number {
  const offsets = new Set([offsetAt(zone, wall - 14 * 3_600_000), offsetAt(zone, wall + 14 * 3_600_000)]);
  return [...offsets].filter((o) => wallOf(wall - o * 60_000, zone) === wall).length;
}

/** The local date and time every occurrence is counted from: `wallStart` when it names the first start, else the first start's wall clock. */
export function seriesWall(rule: Recurrence): number {
  const { wallStart } = rule;
  if (wallStart !== null && wallStart !== undefined && wallToInstant(wallStart, rule.zone) === rule.start) return wallStart;
  return wallOf(rule.start, rule.zone);
}

/**
 * The local date and time the rule gives an occurrence before the gap rule moves it (its date, the
 * series' time of day): what a calendar computes from the RRULE. `occurrence` is an occurrence's start.
 */
export function nominalWall(rule: Recurrence, occurrence: number): number {
  const timeOfDay = ((seriesWall(rule) % DAY_MS) + DAY_MS) % DAY_MS;
  const wall = wallOf(occurrence, rule.zone);
  const sameDay = Math.floor(wall / DAY_MS) * DAY_MS + timeOfDay;
  // Its own wall clock (either pass of a repeated hour), or moved forward by a gap, possibly past midnight.
  for (const candidate of [sameDay, sameDay - DAY_MS]) if (candidate === wall || wallToInstant(candidate, rule.zone) === occurrence) return candidate;
  return wall;
}

/** The start of occurrence k, or null when that occurrence does not exist (day 31 in April). */
function occurrenceStart(rule: Recurrence, firstWall: number, step: Step, k: number): number | null {
  if (k === 0) return rule.start;
  if (step.unit === 'months') {
    const first = new Date(firstWall);
    const months = first.getUTCMonth() + k * step.count;
    const wall = Date.UTC(first.getUTCFullYear(), months, first.getUTCDate(), first.getUTCHours(), first.getUTCMinutes(), first.getUTCSeconds(), first.getUTCMilliseconds());
    if (new Date(wall).getUTCDate() !== first.getUTCDate()) return null;
    return wallToInstant(wall, rule.zone);
  }
  const days = step.unit === 'days' ? k * step.count : k * step.count * 7;
  return wallToInstant(firstWall + days * DAY_MS, rule.zone);
}

/** Every occurrence overlapping [from, to) (ms), in order. */
export function expand(rule: Recurrence, from: number, to: number): Occurrence[] {
  const durationMs = rule.duration * 1000;
  const out: Occurrence[] = [];
  const step = stepOf(rule.mode, rule.xData);
  if (!step) {
    if (rule.start < to && rule.start + durationMs > from) out.push({ start: rule.start, end: rule.start + durationMs });
    return out;
  }
  if (step.count < 1) return out;
  const firstWall = seriesWall(rule);
  const stop = rule.stop ?? Number.POSITIVE_INFINITY;
  // Jump close to the window: estimate the index of the first occurrence ending after `from`.
  const approxStepMs = step.unit === 'days' ? step.count * 86_400_000 : step.unit === 'weeks' ? step.count * 604_800_000 : step.count * 28 * 86_400_000;
  let k = Math.max(0, Math.floor((from - durationMs - rule.start) / approxStepMs) - 2);
  if (step.unit === 'months') {
    // Month lengths vary: compute the index from calendar months instead.
    const first = new Date(firstWall);
    const fromLocal = new Date(from - durationMs + offsetAt(rule.zone, from - durationMs) * 60_000);
    const monthsBetween = (fromLocal.getUTCFullYear() - first.getUTCFullYear()) * 12 + (fromLocal.getUTCMonth() - first.getUTCMonth());
    k = Math.max(0, Math.floor(monthsBetween / step.count) - 1);
  }
  for (let guard = 0; guard < 1_000_000; guard += 1, k += 1) {
    const start = occurrenceStart(rule, firstWall, step, k);
    if (start === null) continue;
    if (start >= to || start > stop) break;
    const end = start + durationMs;
    if (end > from) out.push({ start, end });
  }
  return out;
}
