// The local midnights of a player's zone: where the default-playlist fill restarts, and the day a
// rundown's window starts in (docs/decisions/rundown.md, "Blocks").
import { DateTime } from 'luxon';

/** The first instant of the local day holding `instant` (midnight, or the first time that exists). */
export const startOfLocalDay = (instant: number, zone: string) => DateTime.fromMillis(instant, { zone }).startOf('day').toMillis();

/** The first instant of the next local day after the one holding `instant`. */
export const startOfNextLocalDay = (instant: number, zone: string) => DateTime.fromMillis(instant, { zone }).startOf('day').plus({ days: 1 }).startOf('day').toMillis();

/** Every local day start in [from, to]. */
export function localMidnights(from: number, to: number, zone: string): number[] {
  const out: number[] = [];
  for (let m = startOfLocalDay(from, zone); m <= to; m = startOfNextLocalDay(m, zone)) if (m >= from) out.push(m);
  return out;
}
