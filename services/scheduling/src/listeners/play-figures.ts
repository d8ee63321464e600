// Who heard each play (issue 46): from the listener sessions of a mount (each from its connect to its
// disconnect, or still open) and the plays aired on it (the as-run log, each from its start to its
// end), each play's listeners at its start, its peak, its listener-seconds, and its actual total
// performances (SoundExchange's ATP: the listeners who heard any of it). One sweep over the sorted
// starts and ends, so a month of a busy mount is counted in one pass. Pure.

/** Unix ms; an open session (still listening) has `end` null. */
export interface Session {
  start: number;
  end: number | null;
}

export interface Play {
  start: number;
  end: number;
}

export interface PlayFigures {
  /** Sessions listening at the play's start. */
  at_start: number;
  /** The most sessions listening at once during the play. */
  peak: number;
  /** Seconds listened, summed over the sessions (a listener who heard half of a 3-minute song: 90). */
  listener_seconds: number;
  /** Sessions that heard any of it. */
  atp: number;
}

const NONE: PlayFigures = { at_start: 0, peak: 0, listener_seconds: 0, atp: 0 };

/** The figures of each play (in the order given), with `now` ending the sessions still open. */
export function playFigures(sessions: readonly Session[], plays: readonly Play[], now: number): PlayFigures[] {
  // times from the earliest, so sums of a month of sessions stay exact in a double
  // (a loop, not Math.min(...): a month of a busy mount is more arguments than a call takes)
  let base = now;
  for (const s of sessions) base = Math.min(base, s.start);
  for (const p of plays) base = Math.min(base, p.start);
  const spans = sessions.map((s) => ({ start: s.start - base, end: (s.end ?? now) - base })).filter((s) => s.end > s.start);
  const starts = sorted(spans.map((s) => s.start));
  const ends = sorted(spans.map((s) => s.end));
  return plays.map((play) => (play.end > play.start ? figuresOf({ start: play.start - base, end: play.end - base }, starts, ends) : NONE));
}

interface Sorted {
  values: number[];
  /** prefix[i]: the sum of the first i values. */
  prefix: number[];
}

function sorted(values: number[]): Sorted {
  values.sort((a, b) => a - b);
  const prefix = [0];
  for (const v of values) prefix.push(prefix.at(-1)! + v);
  return { values, prefix };
}

/** ∫ over [a, b) of how many of the values are at or before t: each value v before b counts b − max(v, a). */
function areaUpTo({ values, prefix }: Sorted, a: number, b: number): number {
  const i = countUpTo(values, a);
  const j = countUpTo(values, b, true);
  if (j <= i) return i * (b - a);
  return i * (b - a) + (j - i) * b - (prefix[j]! - prefix[i]!);
}

/** How many of the sorted values are at most `t` (or below it, `strict`). */
function countUpTo(sorted: readonly number[], t: number, strict = false): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (strict ? sorted[mid]! < t : sorted[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function figuresOf(play: Play, starts: Sorted, ends: Sorted): PlayFigures {
  // listening at t: started at or before t, not ended at or before t
  const listening = (t: number) => countUpTo(starts.values, t) - countUpTo(ends.values, t);
  const atStart = listening(play.start);
  // the count rises only where a session starts inside the play: the peak is at one of those or at the start
  let peak = atStart;
  for (let i = countUpTo(starts.values, play.start); i < starts.values.length && starts.values[i]! < play.end; i += 1) peak = Math.max(peak, listening(starts.values[i]!));
  // heard any of it: started before its end and ended after its start
  const atp = countUpTo(starts.values, play.end, true) - countUpTo(ends.values, play.start);
  // the time listened is the area under the count: started-by-t less ended-by-t
  const ms = areaUpTo(starts, play.start, play.end) - areaUpTo(ends, play.start, play.end);
  return { at_start: atStart, peak, listener_seconds: Math.round(ms / 1000), atp };
}
