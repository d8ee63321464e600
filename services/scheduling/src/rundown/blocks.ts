// Where the rundown's blocks fall (docs/decisions/rundown.md, "Blocks"): show occurrences where
// the schedule puts them, and the gaps between them filled with default-playlist blocks, one after
// the other. The fill restarts at every local midnight of the player's zone, so where a block falls
// depends on the schedule and the resolutions only, never on the window asked for. Pure: the
// resolutions come from `fill`.

/** A span of time, ms since the epoch, [start, end). */
export interface Span {
  start: number;
  end: number;
}

/** The local midnights in [from, to], in the zone (a day is 23 to 25 hours, or more or less where zones moved). */
export type Midnights = (from: number, to: number) => number[];

/** The part of the day that default blocks may fill: between shows, cut at every local midnight. */
export function gapSegments(shows: readonly Span[], range: Span, midnights: readonly number[]): Span[] {
  const bounds = [...midnights].sort((a, b) => a - b);
  const out: Span[] = [];
  const cut = (start: number, end: number) => {
    let from = start;
    for (const m of bounds) {
      if (m <= from) continue;
      if (m >= end) break;
      out.push({ start: from, end: m });
      from = m;
    }
    if (from < end) out.push({ start: from, end });
  };
  let cursor = range.start;
  for (const show of [...shows].sort((a, b) => a.start - b.start)) {
    if (show.start > cursor) cut(cursor, Math.min(show.start, range.end));
    cursor = Math.max(cursor, show.end);
    if (cursor >= range.end) return out;
  }
  if (cursor < range.end) cut(cursor, range.end);
  return out;
}

/** At most this many default blocks a rundown (a playlist of seconds would otherwise ask thousands). */
export const MAX_FILL_BLOCKS = 2000;

/**
 * Resolves a default block at `start` that may last at most `maxMs`: answers its length in ms, 0
 * when there is nothing to fill with (no default playlist, or an empty one).
 */
export type Fill = (start: number, maxMs: number) => Promise<number>;

/** The default blocks of one segment, one after the other, while the shared budget lasts. */
async function fillSegment(segment: Span, window: Span, fill: Fill, budget: { left: number }): Promise<Span[]> {
  const blocks: Span[] = [];
  let start = segment.start;
  while (start < segment.end && start < window.end && budget.left > 0) {
    budget.left -= 1;
    const length = Math.min(await fill(start, segment.end - start), segment.end - start);
    if (!(length > 0)) break;
    if (start + length > window.start) blocks.push({ start, end: start + length });
    start += length;
  }
  return blocks;
}

/**
 * The default blocks of the segments that reach the window: each segment filled from its start
 * (blocks before the window are resolved too: they place the ones inside it), up to the first
 * block that reaches the window's end. Segments are independent, so they are filled at the same
 * time; if the MAX_FILL_BLOCKS budget runs out, which segments got it would depend on timing, so
 * they are filled again one after the other in time order (what is resolved by then is cached).
 */
export async function fillGaps(segments: readonly Span[], window: Span, fill: Fill): Promise<Span[]> {
  const reaching = segments.filter((segment) => segment.end > window.start && segment.start < window.end);
  const budget = { left: MAX_FILL_BLOCKS };
  const filled = await Promise.all(reaching.map((segment) => fillSegment(segment, window, fill, budget)));
  if (budget.left > 0) return filled.flat();
  const again = { left: MAX_FILL_BLOCKS };
  const blocks: Span[] = [];
  for (const segment of reaching) blocks.push(...(await fillSegment(segment, window, fill, again)));
  return blocks;
}

/** Whether a span overlaps the window. */
export const overlaps = (span: Span, window: Span) => span.start < window.end && span.end > window.start;

/**
 * The rundown's layout in a window: the shows overlapping it, and the default blocks filling the
 * gaps of the range (whole local days around the window) that reach it.
 */
export async function layOut<S extends Span>(shows: readonly S[], range: Span, midnights: readonly number[], window: Span, fill: Fill): Promise<{ shows: S[]; fills: Span[] }> {
  const fills = await fillGaps(gapSegments(shows, range, midnights), window, fill);
  return { shows: shows.filter((s) => overlaps(s, window)), fills };
}
