// The entry row mapper, both ways: a timeslot's or show's row as the API answers it (times in the
// player's zone), and the columns an entry's schedule is saved as.
import type { EntryInput, EntryRow } from './entries';
import { isoInZone as iso } from './recurrence';

/** The fields timeslots and shows share, as GET /timeslots/{id} and GET /shows/{id} answer them. */
export const entryOut = (row: EntryRow, zone: string) => ({
  id: row.id,
  player_id: row.player_id,
  user_id: row.user_id,
  mode: row.mode as never,
  x_data: row.x_data,
  start: iso(row.start.getTime(), zone),
  duration: row.duration,
  stop: row.stop ? iso(row.stop.getTime(), zone) : null,
  local_start: row.local_start ?? null,
});

/** The schedule columns of an entry to save (validated: x_data and stop as validateEntry normalized them). */
export const scheduleColumns = (input: EntryInput & { player_id: number; local_start: string | null }, { x_data, stop }: { x_data: number | null; stop: number | null }) => ({
  player_id: input.player_id,
  mode: input.mode,
  x_data,
  start: new Date(input.start),
  duration: input.duration,
  stop: stop === null ? null : new Date(stop),
  // A one-time entry has no later occurrence to keep a local time for.
  local_start: input.mode === 'once' ? null : input.local_start,
});
