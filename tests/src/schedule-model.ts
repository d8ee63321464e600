// An independent model of a player's schedule, written from docs/decisions/scheduling.md (not from
// the service's code), for the model-based test of exceptions, series edits and splits
// (api/scheduling-model.test.ts). Zone data comes from Intl (the runtime's IANA database), local
// dates are walked one by one as a calendar is read, and every rule is the document's:
// - a series' occurrences fall on the local dates its mode picks (monthly: only months with the
//   first start's day), at its local time of day: the first start's, or the local time it was
//   given when that falls in a spring gap; the first occurrence is the first start itself;
// - a local time in a gap airs shifted forward by the gap, one that happens twice at its first pass;
// - occurrences starting after `stop` do not happen;
// - an exception skips an occurrence, moves it (start and/or duration) or changes its item; one
//   naming no occurrence changes nothing;
// - no two occurrences of one table on a player overlap as they happen (touching is fine).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type Mode = 'daily' | 'weekly' | 'xdays' | 'monthly';

export interface ModelRule {
  mode: Mode;
  x: number | null;
  /** The first start (instant, ms). */
  start: number;
  /** The local time (wall ms) the series follows when its first start was given in a gap; null: the first start's wall clock. */
  wallStart: number | null;
  duration: number;
  stop: number;
}

export interface ModelException {
  id: number;
  originalStart: number;
  skip: boolean;
  start: number | null;
  duration: number | null;
  item: number | null;
}

export interface ModelSeries {
  id: number;
  rule: ModelRule;
  exceptions: ModelException[];
  item: number;
}

export interface Happening {
  id: number;
  start: number;
  end: number;
  originalStart: number;
  item: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const walls = new Map<string, number>();

/** The wall clock (ms, the local date and time read as UTC) of an instant in a zone, from Intl. */
export function wallOf(instant: number, zone: string): number {
  const key = `${zone} ${instant}`;
  const known = walls.get(key);
  if (known !== undefined) return known;
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) + (instant % 1000);
  if (walls.size > 500_000) walls.clear();
  walls.set(key, wall);
  return wall;
}

/** Every instant whose wall clock shows this reading (none in a gap, two in a repeated hour), in order. */
export function instantsOf(wall: number, zone: string): number[] {
  const offsets = new Set([wall - DAY, wall, wall + DAY].map((t) => wallOf(t, zone) - t));
  return [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => wallOf(instant, zone) === wall)
    .sort((a, b) => a - b);
}

/** A local time read as the schedule reads it: its first instant, or shifted forward by the gap. */
export function readLocal(wall: number, zone: string): number {
  const found = instantsOf(wall, zone);
  if (found.length) return found[0]!;
  // In a gap: the offset in force before it (a day earlier) moves it forward by the gap.
  return wall - (wallOf(wall - DAY, zone) - (wall - DAY));
}

const dayNumber = (wall: number) => Math.floor(wall / DAY);

/** The series' original occurrences, each with its local date and time as the rule gives it (before the gap moves it). */
export function occurrencesOf(rule: ModelRule, zone: string): { start: number; wall: number }[] {
  const first = rule.wallStart ?? wallOf(rule.start, zone);
  const timeOfDay = first - dayNumber(first) * DAY;
  const firstDate = new Date(dayNumber(first) * DAY);
  const step = rule.x ?? 1;
  const out: { start: number; wall: number }[] = [];
  for (let day = dayNumber(first); day <= dayNumber(wallOf(rule.stop, zone)) + 1; day += 1) {
    const date = new Date(day * DAY);
    const days = day - dayNumber(first);
    const months = (date.getUTCFullYear() - firstDate.getUTCFullYear()) * 12 + date.getUTCMonth() - firstDate.getUTCMonth();
    const fires =
      rule.mode === 'monthly' ? date.getUTCDate() === firstDate.getUTCDate() && months % step === 0 : days % (rule.mode === 'weekly' ? 7 : rule.mode === 'xdays' ? step : 1) === 0;
    if (!fires) continue;
    const wall = day * DAY + timeOfDay;
    const start = days === 0 ? rule.start : readLocal(wall, zone);
    if (start <= rule.stop) out.push({ start, wall });
  }
  return out;
}

/** The series' occurrences as they happen, its exceptions applied. */
export function happenings(series: ModelSeries, zone: string): Happening[] {
  const out: Happening[] = [];
  for (const { start } of occurrencesOf(series.rule, zone)) {
    const e = series.exceptions.find((x) => x.originalStart === start);
    if (e?.skip) continue;
    const at = e?.start ?? start;
    out.push({ id: series.id, start: at, end: at + (e?.start !== null && e?.start !== undefined ? e.duration! : series.rule.duration) * 1000, originalStart: start, item: e?.item ?? series.item });
  }
  return out;
}

/** The whole player's schedule, sorted as GET /timeslots and GET /shows list it (by start, then series). */
export function schedule(all: readonly ModelSeries[], zone: string): Happening[] {
  return all.flatMap((s) => happenings(s, zone)).sort((a, b) => a.start - b.start || a.id - b.id);
}

/** Whether any two occurrences overlap (touching is fine). */
export function overlaps(sorted: readonly { start: number; end: number }[]): boolean {
  let end = -Infinity;
  for (const o of sorted) {
    if (o.start < end) return true;
    end = Math.max(end, o.end);
  }
  return false;
}

/** The longest a series may last: its repeat interval (a day, a week, 28 days a month), times X. */
export const intervalSeconds = (rule: Pick<ModelRule, 'mode' | 'x'>) => ({ daily: 1, weekly: 7, xdays: rule.x ?? 1, monthly: 28 })[rule.mode] * 86_400;

/** Every offset change of a zone in [from, to), to the minute, from Intl. */
export function zoneTransitions(zone: string, from: number, to: number): number[] {
  const found: number[] = [];
  const offset = (t: number) => wallOf(t, zone) - t;
  for (let t = from; t < to; t += DAY) {
    if (offset(t) === offset(t + DAY)) continue;
    let [low, high] = [t, t + DAY];
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / (2 * MINUTE)) * MINUTE;
      if (offset(middle) === offset(low)) low = middle;
      else high = middle;
    }
    found.push(high);
  }
  return found;
}

/** "YYYY-MM-DD HH:MM:SS": a wall clock as the API's local times are written. */
export const localText = (wall: number) => new Date(wall).toISOString().slice(0, 19).replace('T', ' ');
/** An instant as ISO 8601 in UTC, without milliseconds. */
export const isoText = (instant: number) => `${new Date(instant).toISOString().slice(0, 19)}Z`;
