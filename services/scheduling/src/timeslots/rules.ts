// Who may do what with timeslots (docs/decisions/scheduling.md, "Permissions"), and a timeslot as
// the API answers it.
import type { Principal } from '@airwave/contracts';
import { ruleOf, type EntryRow } from '../schedule/entries';
import { entryOut } from '../schedule/entry-rows';
import type { ExceptionRow } from '../schedule/exception-queries';
import { exceptionOut } from '../schedule/exception-rows';

/** manage_timeslots for every player, or manage_timeslots:<id> for this one. Shows follow it too. */
export function canManageTimeslots(principal: Principal, playerId: number): boolean {
  return principal.permissions.includes('manage_timeslots') || principal.permissions.includes(`manage_timeslots:${playerId}`);
}

/**
 * Whether a list of timeslots (of one user, or everyone's when userId is absent) may be read: your
 * own always; others' with manage_timeslots for the player asked about, or for every player when none is.
 */
export function mayListTimeslots(principal: Principal, userId: number | undefined, player: number | undefined): boolean {
  if (userId === principal.userId) return true;
  return player ? canManageTimeslots(principal, player) : principal.permissions.includes('manage_timeslots');
}

export type TimeslotRow = EntryRow & { description: string };

export const timeslotOut = (row: TimeslotRow, zone: string, exceptions: readonly ExceptionRow[]) => ({
  ...entryOut(row, zone),
  description: row.description,
  exceptions: exceptions.map((exception) => exceptionOut(exception, ruleOf(row, zone))),
});
