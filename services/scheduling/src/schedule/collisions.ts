// Two timeslots (or two shows) of the same player may not overlap in any occurrence as it happens,
// nor two occurrences of one series, exceptions applied: a moved occurrence can collide, a skipped
// one frees its time; touching is fine (docs/decisions/scheduling.md, "Collisions", "Exceptions"). Saves call this after
// lockPlayer, inside their transaction, so of two concurrent colliding saves exactly one wins.
import { conflict } from '@airwave/contracts';
import type { SchedulingDB } from '../schema';
import { ruleOf } from './entries';
import { asSeriesException } from './exception-queries';
import { effectiveOccurrences, firstOverlapOf, firstSelfOverlap, type SeriesException } from './exceptions';
import { seriesReaching, type EntryTable } from './queries';
import { isoInZone as iso, type Occurrence } from './recurrence';

export interface CollisionScope {
  /** The series being saved, whose stored occurrences are replaced by the proposed ones. */
  exclude?: number | undefined;
  /** A series' exceptions as they will be (an exception being saved), instead of as stored. */
  exceptionsOf?: (seriesId: number) => SeriesException[] | undefined;
}

const kindOf = (table: EntryTable) => (table === 'timeslots' ? 'timeslot' : 'show');

/**
 * Refuses a series whose own occurrences, as they will happen, overlap each other (409): lengthened
 * next to one of its moved occurrences, or longer than a day the clocks shorten. The conflict is
 * the later of the two, in the series itself (`id` absent for a series not saved yet).
 */
function assertNoSelfOverlap(table: EntryTable, seriesId: number | undefined, zone: string, proposed: readonly Occurrence[]) {
  const overlap = firstSelfOverlap(proposed);
  if (!overlap) return;
  const at = { start: iso(overlap.later.start, zone), end: iso(overlap.later.end, zone) };
  throw conflict(`This ${kindOf(table)} would overlap itself at ${at.start}.`, { conflict: seriesId ? { id: seriesId, ...at } : at });
}

/**
 * Refuses occurrences of one series (sorted by start) that overlap each other or another occurrence
 * on the same player (409).
 */
export async function assertNoCollision(trx: SchedulingDB, table: EntryTable, playerId: number, zone: string, proposed: readonly Occurrence[], scope: CollisionScope = {}) {
  if (proposed.length === 0) return;
  assertNoSelfOverlap(table, scope.exclude, zone, proposed);
  const from = proposed[0]!.start;
  const to = Math.max(...proposed.map((o) => o.end));
  const others = (await seriesReaching(trx, table, from, to, [playerId])).filter((row) => row.id !== scope.exclude);
  for (const other of others) {
    const exceptions = scope.exceptionsOf?.(other.id) ?? other.exceptions.map(asSeriesException);
    const overlap = firstOverlapOf(proposed, effectiveOccurrences(ruleOf(other, zone), exceptions, from, to));
    if (overlap) {
      const kind = kindOf(table);
      throw conflict(`This ${kind} overlaps ${kind} ${other.id} at ${iso(overlap.b.start, zone)}.`, {
        conflict: { id: other.id, start: iso(overlap.b.start, zone), end: iso(overlap.b.end, zone) },
      });
    }
  }
}
