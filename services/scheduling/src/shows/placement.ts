// Where a user without manage_timeslots may put a show, or one occurrence of it: inside their own
// timeslots' occurrences as they happen (a skipped slot occurrence holds nothing; a moved one holds
// its new time). docs/decisions/scheduling.md, "Permissions", "Exceptions".
import { forbidden, type Principal } from '@airwave/contracts';
import type { SchedulingDB } from '../schema';
import { ruleOf } from '../schedule/entries';
import { asSeriesException, exceptionsOf } from '../schedule/exception-queries';
import { effectiveOccurrences } from '../schedule/exceptions';
import { isoInZone as iso, type Occurrence } from '../schedule/recurrence';
import { timeslotsOfUser } from '../timeslots/queries';
import { firstOutside } from './rules';

export async function assertInsideOwnTimeslots(trx: SchedulingDB, principal: Principal, playerId: number, zone: string, occurrences: readonly Occurrence[]) {
  if (occurrences.length === 0) return;
  const from = Math.min(...occurrences.map((o) => o.start));
  const to = Math.max(...occurrences.map((o) => o.end));
  const slots = await timeslotsOfUser(trx, playerId, principal.userId);
  const exceptions = await exceptionsOf(trx, 'timeslots', slots.map((slot) => slot.id));
  const slotOccurrences = slots.flatMap((slot) => effectiveOccurrences(ruleOf(slot, zone), (exceptions.get(slot.id) ?? []).map(asSeriesException), from, to));
  const outside = firstOutside(occurrences, slotOccurrences);
  if (outside) throw forbidden(`The show at ${iso(outside.start, zone)} is outside your timeslots; scheduling there needs manage_timeslots.`);
}
