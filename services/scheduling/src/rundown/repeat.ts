// A default block of a short playlist (docs/decisions/rundown.md, "Gaps"): the playlist resolved
// once (its picks seeded by the block's start) and aired again and again within the block until
// the block is MIN_FILL_SECONDS long or reaches its gap's end. So a station ID loop of a few
// seconds fills a gap of hours in blocks of a minute, within the day's MAX_FILL_BLOCKS, and a
// playlist of a minute or more is never repeated (each block picks anew, as before).
import type { RundownItem } from '@airwave/contracts';
import type { Resolved } from './resolve';

/** The shortest default block a playlist is repeated to (unless its gap ends sooner). */
export const MIN_FILL_SECONDS = 60;

/** The most items a block holds by repetition (a playlist of items of milliseconds would make thousands). */
export const MAX_REPEATED_ITEMS = 1000;

/** How many times a playlist of `lengthS` and `itemCount` items airs in its block. */
export function repeatsFor(lengthS: number, itemCount: number, minS: number, maxS: number): number {
  if (!(lengthS > 0) || itemCount === 0) return 1;
  // In whole ms, as block lengths are counted: 3 × 20.000 s is a minute, whatever the float sum says.
  const lengthMs = Math.round(lengthS * 1000);
  if (lengthMs === 0) return 1;
  const wanted = Math.ceil((Math.min(minS, maxS) * 1000) / lengthMs);
  return Math.max(1, Math.min(wanted, Math.floor(MAX_REPEATED_ITEMS / itemCount)));
}

/** The items of `times` airings of a playlist of `lengthS`, end to end, numbered in airing order. */
export function repeatItems(items: readonly RundownItem[], lengthS: number, times: number): RundownItem[] {
  const out: RundownItem[] = [];
  for (let round = 0; round < times; round += 1) {
    for (const item of items) out.push({ ...item, order: out.length, offset: item.offset + round * lengthS });
  }
  return out;
}

/** A default block's resolution repeated until it lasts `minS` (or `maxS`, its gap's end, when sooner). */
export function repeatedToLength(resolved: Resolved, minS: number, maxS: number): Resolved {
  const times = repeatsFor(resolved.duration, resolved.items.length, minS, maxS);
  if (times === 1) return resolved;
  return { ...resolved, items: repeatItems(resolved.items, resolved.duration, times), duration: resolved.duration * times };
}
