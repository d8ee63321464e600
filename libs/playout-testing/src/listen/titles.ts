// The stream's own title (Icecast's now playing), judged against the plan: the title must name
// what is on air, changing when the item starts. Pure, so the rule is unit-tested (titles.test.ts).

/** One look at Icecast's title: when it was asked and answered (Unix ms), and what it said. */
export interface TitleSample {
  sent: number;
  received: number;
  title: string | undefined;
}

/** From `from` (Unix ms) on, until the next segment, the title should be `title`. */
export interface TitleSegment {
  from: number;
  title: string;
  label?: string;
}

/** The title the schedule has at `t` (undefined before its first segment). */
export function titleAt(segments: readonly TitleSegment[], t: number): string | undefined {
  let title: string | undefined;
  for (const s of segments) if (s.from <= t) title = s.title;
  return title;
}

/**
 * Samples whose title the schedule did not have at any moment between `toleranceMs` before the
 * question and `toleranceMs` after the answer (a change is allowed to be seen that late or early).
 */
export function misplacedTitles(samples: readonly TitleSample[], segments: readonly TitleSegment[], toleranceMs: number): TitleSample[] {
  return samples.filter((s) => {
    const [from, to] = [s.sent - toleranceMs, s.received + toleranceMs];
    const allowed = new Set([titleAt(segments, from), ...segments.filter((g) => g.from > from && g.from <= to).map((g) => g.title)]);
    return !allowed.has(s.title);
  });
}

/** Segments at least `minMs` long (the last one ends at `end`) whose title no sample inside them showed. */
export function unseenTitles(samples: readonly TitleSample[], segments: readonly TitleSegment[], end: number, minMs: number): TitleSegment[] {
  return segments.filter((g, i) => {
    const to = segments[i + 1]?.from ?? end;
    if (to - g.from < minMs) return false;
    return !samples.some((s) => s.title === g.title && s.received >= g.from && s.sent <= to);
  });
}
