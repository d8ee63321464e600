// Where the rundown's blocks fall (docs/decisions/rundown.md, "Blocks", "Gaps"): show occurrences
// where the schedule puts them, and the gaps between them filled with default-playlist blocks, one
// after the other, each ending on a whole second (or at its gap's end), so every block starts on a
// whole second and ends where the next begins. The fill starts at each gap and restarts at every
// local midnight of the player's zone, so where a block falls depends on the schedule and the
// resolutions only, never on the window asked for. Pure: the resolutions come from `fill`.

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

/**
 * At most this many default blocks a local day. Blocks are at least MIN_FILL_SECONDS long (a
 * shorter playlist is repeated within its block, repeat.ts), so a day of 25 hours needs at most
 * 1,500 of them and one more per show; only a day of hundreds of shows reaches this. Where it is
 * reached, the rest of each gap is answered as unfilled (and logged), never left out silently.
 */
export const MAX_FILL_BLOCKS = 2000;

/**
 * Resolves a default block at `start` that may last at most `maxMs`: answers its natural length
 * (its items end to end, in whole ms), 0 when there is nothing to fill with (no default playlist,
 * or an empty one).
 */
export type Fill = (start: number, maxMs: number) => Promise<number>;

/**
 * Where a default block of `naturalMs` from `start` ends: at its gap's end if it reaches it, else
 * at the last whole second (Unix seconds) before its natural end, so the next block starts on a
 * whole second; the last item's tail is cut there (less than a second: rather that than silence
 * or a player's fallback). Answers `start` when no whole second falls inside it (a block under a
 * second long that does not reach its gap's end: nothing to air).
 */
export function blockEnd(start: number, naturalMs: number, segmentEnd: number): number {
  const natural = start + naturalMs;
  if (natural >= segmentEnd) return segmentEnd;
  const whole = Math.floor(natural / 1000) * 1000;
  return whole > start ? whole : start;
}

/** A segment's fill: its default blocks, and the rest of it that could not be filled (if any). */
interface Filled {
  blocks: Span[];
  unfilled: Span[];
}

/** The default blocks of one segment, one after the other, while the shared budget lasts. */
async function fillSegment(segment: Span, window: Span, fill: Fill, budget: { left: number }): Promise<Filled> {
  const blocks: Span[] = [];
  let start = segment.start;
  while (start < segment.end && start < window.end) {
    if (budget.left <= 0) return { blocks, unfilled: [{ start, end: segment.end }] };
    budget.left -= 1;
    const natural = await fill(start, segment.end - start);
    if (!(natural > 0)) break;
    const end = blockEnd(start, natural, segment.end);
    if (end <= start) return { blocks, unfilled: [{ start, end: segment.end }] };
    if (end > window.start) blocks.push({ start, end });
    start = end;
  }
  return { blocks, unfilled: [] };
}

const joined = (filled: Filled[]): Filled => ({ blocks: filled.flatMap((f) => f.blocks), unfilled: filled.flatMap((f) => f.unfilled) });

/**
 * One local day's segments, filled at the same time; if its MAX_FILL_BLOCKS budget runs out, which
 * segments got it would depend on timing, so they are filled again one after the other in time
 * order (what is resolved by then is cached).
 */
async function fillDay(segments: readonly Span[], window: Span, fill: Fill): Promise<Filled> {
  const budget = { left: MAX_FILL_BLOCKS };
  const filled = await Promise.all(segments.map((segment) => fillSegment(segment, window, fill, budget)));
  if (budget.left > 0) return joined(filled);
  const again = { left: MAX_FILL_BLOCKS };
  const inOrder: Filled[] = [];
  for (const segment of segments) inOrder.push(await fillSegment(segment, window, fill, again));
  return joined(inOrder);
}

/** The segments by local day (each lies within one: gapSegments cuts them at midnights), in time order. */
function byDay(segments: readonly Span[], midnights: readonly number[]): Span[][] {
  const days = new Map<number, Span[]>();
  for (const segment of segments) {
    const day = midnights.filter((m) => m <= segment.start).at(-1) ?? -Infinity;
    days.set(day, [...(days.get(day) ?? []), segment]);
  }
  return [...days.values()];
}

/**
 * The default blocks of the segments that reach the window: each segment filled from its start
 * (blocks before the window are resolved too: they place the ones inside it), up to the first
 * block that reaches the window's end. Segments are independent, so they are filled at the same
 * time, each local day with its own MAX_FILL_BLOCKS budget; `unfilled` is what a spent budget (or
 * a block that cannot be made whole) left of a segment.
 */
export async function fillGaps(segments: readonly Span[], window: Span, fill: Fill, midnights: readonly number[] = []): Promise<{ fills: Span[]; unfilled: Span[] }> {
  const reaching = segments.filter((segment) => segment.end > window.start && segment.start < window.end);
  const sorted = [...midnights].sort((a, b) => a - b);
  const filled = joined(await Promise.all(byDay(reaching, sorted).map((day) => fillDay(day, window, fill))));
  return { fills: filled.blocks, unfilled: filled.unfilled.filter((span) => overlaps(span, window)) };
}

/** Whether a span overlaps the window. */
export const overlaps = (span: Span, window: Span) => span.start < window.end && span.end > window.start;

/**
 * The rundown's layout in a window: the shows overlapping it, and the default blocks filling the
 * gaps of the range (whole local days around the window) that reach it.
 */
export async function layOut<S extends Span>(shows: readonly S[], range: Span, midnights: readonly number[], window: Span, fill: Fill): Promise<{ shows: S[]; fills: Span[]; unfilled: Span[] }> {
  const { fills, unfilled } = await fillGaps(gapSegments(shows, range, midnights), window, fill, midnights);
  return { shows: shows.filter((s) => overlaps(s, window)), fills, unfilled };
}
