// What OB Player 5.3.0 airs from a schedule reply (PROTOCOL.md 1.4), as playerSchedule reads it:
// each show from its whole-second start for `duration` seconds, each item at the show's start +
// its offset for its duration, cut at the show's end; the player's fallback (its test signal)
// wherever no item airs. In ms, as written (three decimals).
import type { PlayerItem, PlayerShow } from './ob-xml';

export interface Span {
  start: number;
  end: number;
}

const ms = (seconds: number) => Math.round(seconds * 1000);

/** When a show airs, in ms. */
export const showSpan = (show: PlayerShow): Span => ({ start: show.start * 1000, end: show.start * 1000 + ms(show.duration) });

/** When each item of a show airs, in ms, in offset order: from its offset, for its duration, cut at the show's end. */
export function itemSpans(show: PlayerShow): (Span & { item: PlayerItem })[] {
  const { start, end } = showSpan(show);
  return [...show.media]
    .sort((a, b) => a.offset - b.offset)
    .map((item) => ({ item, start: start + ms(item.offset), end: Math.min(start + ms(item.offset) + ms(item.duration), end) }));
}

/** The parts of [from, to) no span covers. */
export function holes(spans: readonly Span[], from: number, to: number): Span[] {
  const out: Span[] = [];
  let cursor = from;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start > cursor) out.push({ start: cursor, end: Math.min(span.start, to) });
    cursor = Math.max(cursor, span.end);
    if (cursor >= to) break;
  }
  if (cursor < to) out.push({ start: cursor, end: to });
  return out.filter((hole) => hole.end > hole.start);
}

/** Each pair of spans (in time order) of which the second starts before the first has ended. */
export function overlapping(spans: readonly Span[]): [Span, Span][] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  return sorted.slice(1).flatMap((span, i): [Span, Span][] => (span.start < sorted[i]!.end ? [[sorted[i]!, span]] : []));
}

/** Everything the player airs from the shows: every item's span, cut at its show's end. */
export const aired = (shows: readonly PlayerShow[]): (Span & { item: PlayerItem })[] => shows.flatMap(itemSpans);
