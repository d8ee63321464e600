// Rules shared by timeslots and shows: validation of a recurring entry, and collision detection.
// (Who may manage a player's timeslots is the timeslots area's rule: timeslots/rules.ts.)
import { expand, type Mode, type Occurrence, type Recurrence } from './recurrence';
import { fieldError, wallFromText } from './times';

export const MAX_SPAN_MS = 10 * 366 * 86_400_000;

export interface EntryInput {
  mode: Mode;
  x_data?: number | null | undefined;
  start: number;
  duration: number;
  stop?: number | null | undefined;
}

export interface EntryRow {
  id: number;
  player_id: number;
  user_id: number;
  mode: string;
  x_data: number | null;
  start: Date;
  duration: number;
  stop: Date | null;
  /** The local time the series follows when its first start was given in a spring gap (times.ts, localStartOf), else null. */
  local_start?: string | null;
}

const nominalIntervalSeconds = (mode: Mode, x: number) =>
  ({ once: Infinity, daily: 86400, weekly: 7 * 86400, monthly: 28 * 86400, xdays: x * 86400, xweeks: x * 7 * 86400, xmonths: x * 28 * 86400 })[mode];

/** Checks the entry's own consistency; returns x_data and stop normalized. */
export function validateEntry(input: EntryInput): { x_data: number | null; stop: number | null } {
  const xMode = input.mode === 'xdays' || input.mode === 'xweeks' || input.mode === 'xmonths';
  const x = input.x_data ?? null;
  if (xMode && x === null) throw fieldError('x_data', `is required for mode ${input.mode} (a positive whole number)`);
  if (!xMode && x !== null) throw fieldError('x_data', `must be absent for mode ${input.mode}`);
  const stop = input.stop ?? null;
  if (input.mode === 'once') {
    if (stop !== null) throw fieldError('stop', 'must be absent for mode once');
  } else {
    if (stop === null) throw fieldError('stop', `is required for mode ${input.mode}`);
    if (stop < input.start) throw fieldError('stop', 'must not be before start');
    if (stop - input.start > MAX_SPAN_MS) throw fieldError('stop', 'at most 10 years after start');
  }
  if (input.duration > nominalIntervalSeconds(input.mode, x ?? 1)) {
    throw fieldError('duration', 'must not be longer than the repeat interval');
  }
  return { x_data: x, stop };
}

export const ruleOf = (entry: { mode: string; x_data: number | null; start: Date | number; duration: number; stop: Date | number | null; local_start?: string | null | undefined }, zone: string): Recurrence => ({
  mode: entry.mode as Mode,
  xData: entry.x_data,
  start: typeof entry.start === 'number' ? entry.start : entry.start.getTime(),
  wallStart: entry.local_start ? wallFromText(entry.local_start) : null,
  duration: entry.duration,
  stop: entry.stop === null ? null : typeof entry.stop === 'number' ? entry.stop : entry.stop.getTime(),
  zone,
});

/** The instant after which a rule has no occurrence left running. */
export const lastEnd = (rule: Recurrence) => (rule.stop ?? rule.start) + rule.duration * 1000;

/** First overlap between two rules' occurrences, or null. */
export function firstOverlap(a: Recurrence, b: Recurrence): { a: Occurrence; b: Occurrence } | null {
  const from = Math.max(a.start, b.start);
  const to = Math.min(lastEnd(a), lastEnd(b));
  if (from >= to) return null;
  const left = expand(a, from - a.duration * 1000, to);
  const right = expand(b, from - b.duration * 1000, to);
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const x = left[i]!;
    const y = right[j]!;
    if (x.start < y.end && y.start < x.end) return { a: x, b: y };
    if (x.end <= y.end) i += 1;
    else j += 1;
  }
  return null;
}
