// Two timeslots (or two shows) of the same player may not overlap in any occurrence; touching is
// fine (docs/decisions/scheduling.md, "Collisions"). Saves call this after lockPlayer, inside their
// transaction, so of two concurrent colliding saves exactly one wins.
import { conflict } from '@airwave/contracts';
import type { SchedulingDB } from '../schema';
import { firstOverlap, lastEnd, ruleOf } from './entries';
import { overlapCandidates, type EntryTable } from './queries';
import { isoInZone as iso, type Recurrence } from './recurrence';

/** Refuses an entry whose occurrences overlap another entry's on the same player (409). */
export async function assertNoCollision(trx: SchedulingDB, table: EntryTable, playerId: number, rule: Recurrence, excludeId: number | undefined) {
  for (const other of await overlapCandidates(trx, table, playerId, rule.start, lastEnd(rule), excludeId)) {
    const overlap = firstOverlap(rule, ruleOf(other, rule.zone));
    if (overlap) {
      const kind = table === 'timeslots' ? 'timeslot' : 'show';
      throw conflict(`This ${kind} overlaps ${kind} ${other.id} at ${iso(overlap.b.start, rule.zone)}.`, {
        conflict: { id: other.id, start: iso(overlap.b.start, rule.zone), end: iso(overlap.b.end, rule.zone) },
      });
    }
  }
}
