// A series with its exceptions (RFC 5545's model): each exception names one occurrence by its
// original start and skips it, moves it (a new start and/or duration) or, for shows, changes what
// it airs. An exception whose original start is no longer an occurrence of the series (after an
// edit moved the series' times) matches nothing and changes nothing; it is kept and reported.
// (docs/decisions/scheduling.md, "Exceptions")
import { expand, type Occurrence, type Recurrence } from './recurrence';

export interface SeriesException {
  id: number;
  /** The occurrence's start in the series (ms). */
  originalStart: number;
  skip: boolean;
  /** Where the occurrence moved (ms), with its length in seconds; both null when not moved. */
  start: number | null;
  duration: number | null;
}

/** An occurrence as it happens: where an exception changed it, which one, and where it was. */
export interface EffectiveOccurrence extends Occurrence {
  originalStart: number;
  exception?: SeriesException;
}

/** Whether the series has an occurrence starting exactly at this instant. */
export function isOccurrence(rule: Recurrence, instant: number): boolean {
  return expand(rule, instant, instant + 1).some((o) => o.start === instant);
}

/** The occurrence an exception turns the original into (the original when it only changes the item). */
function changed(original: Occurrence, exception: SeriesException): EffectiveOccurrence {
  if (exception.start === null || exception.duration === null) return { ...original, originalStart: original.start, exception };
  return { start: exception.start, end: exception.start + exception.duration * 1000, originalStart: original.start, exception };
}

const overlaps = (o: Occurrence, from: number, to: number) => o.start < to && o.end > from;

/**
 * The series' occurrences overlapping [from, to) as they happen, sorted by start: skipped ones
 * gone, moved ones where they moved (however far), the rest as the rule says.
 */
export function effectiveOccurrences(rule: Recurrence, exceptions: readonly SeriesException[], from: number, to: number): EffectiveOccurrence[] {
  const byOriginal = new Map(exceptions.map((e) => [e.originalStart, e]));
  const out: EffectiveOccurrence[] = [];
  for (const original of expand(rule, from, to)) {
    const exception = byOriginal.get(original.start);
    if (!exception) {
      out.push({ ...original, originalStart: original.start });
      continue;
    }
    if (exception.skip || exception.start !== null) continue; // moved ones are placed below, wherever they landed
    out.push(changed(original, exception));
  }
  for (const exception of exceptions) {
    if (exception.skip || exception.start === null) continue;
    const moved = changed({ start: exception.originalStart, end: exception.originalStart + rule.duration * 1000 }, exception);
    // Whether it names an occurrence is asked only of those that land in the window (an expansion each).
    if (overlaps(moved, from, to) && isOccurrence(rule, exception.originalStart)) out.push(moved);
  }
  return out.sort((a, b) => a.start - b.start || a.originalStart - b.originalStart);
}

/** The instants an exception can reach beyond its series' own span (a moved occurrence), for windows. */
export function reach(rule: Recurrence, exceptions: readonly SeriesException[]): { from: number; to: number } {
  let from = rule.start;
  let to = (rule.stop ?? rule.start) + rule.duration * 1000;
  for (const e of exceptions) {
    if (e.start === null || e.duration === null) continue;
    from = Math.min(from, e.start);
    to = Math.max(to, e.start + e.duration * 1000);
  }
  return { from, to };
}

/**
 * The first occurrence of a list sorted by start that begins before an earlier one has ended, with
 * that earlier one (the longest-running so far), or null: a series overlapping itself.
 */
export function firstSelfOverlap<T extends Occurrence>(sorted: readonly T[]): { earlier: T; later: T } | null {
  let running: T | undefined;
  for (const o of sorted) {
    if (running && o.start < running.end) return { earlier: running, later: o };
    if (!running || o.end > running.end) running = o;
  }
  return null;
}

/** The first pair of overlapping occurrences between two lists sorted by start, or null. */
export function firstOverlapOf<A extends Occurrence, B extends Occurrence>(left: readonly A[], right: readonly B[]): { a: A; b: B } | null {
  let j = 0;
  for (const a of left) {
    // Occurrences of one list never overlap each other, so ends are sorted too.
    while (j < right.length && right[j]!.end <= a.start) j += 1;
    for (let k = j; k < right.length && right[k]!.start < a.end; k += 1) {
      if (right[k]!.end > a.start) return { a, b: right[k]! };
    }
  }
  return null;
}
