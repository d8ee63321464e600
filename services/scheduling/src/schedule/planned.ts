// A series' occurrences as they will happen once saved, with the exceptions it keeps: what a save
// checks for collisions (and, for shows, against the owner's timeslots).
import type { SchedulingDB } from '../schema';
import { asSeriesException, exceptionsOfSeries, type ExceptionRow } from './exception-queries';
import { effectiveOccurrences, reach, type EffectiveOccurrence } from './exceptions';
import type { EntryTable } from './queries';
import type { Recurrence } from './recurrence';

export interface Planned {
  occurrences: EffectiveOccurrence[];
  /** The series' stored exceptions (all of them: those that no longer match are reported, not dropped). */
  exceptions: ExceptionRow[];
}

export async function plannedOccurrences(trx: SchedulingDB, table: EntryTable, seriesId: number | undefined, rule: Recurrence): Promise<Planned> {
  const exceptions = seriesId ? await exceptionsOfSeries(trx, table, seriesId) : [];
  const list = exceptions.map(asSeriesException);
  const { from, to } = reach(rule, list);
  return { occurrences: effectiveOccurrences(rule, list, from, to), exceptions };
}
