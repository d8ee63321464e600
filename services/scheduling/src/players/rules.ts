// Players as the API answers them, and when one may go.
import { conflict } from '@airwave/contracts';

export const playerOut = (row: { id: number; name: string; description: string; timezone: string }) => ({ id: row.id, name: row.name, description: row.description, timezone: row.timezone });

/** A player that still has timeslots or shows is not deleted (409 with their counts). */
export function assertPlayerUnused(id: number, counts: { timeslots: number; shows: number }) {
  const { timeslots: slots, shows } = counts;
  if (slots + shows > 0) {
    throw conflict(`Player ${id} still has ${slots} timeslot(s) and ${shows} show(s); delete them first.`, { timeslots: slots, shows });
  }
}
