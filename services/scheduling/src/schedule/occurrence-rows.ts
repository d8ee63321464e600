// One row of GET /timeslots or GET /shows: an occurrence of an entry, in OpenBroadcaster's shape
// (its get_timeslots / get_shows): `start` and `duration` are this occurrence's (DST can change
// the length), `recurring_start` and `recurring_stop` the series' bounds, and `mode` and `x_data`
// are absent for a one-time entry. Times are ISO 8601 in the player's zone, as everywhere in the
// API; `exp_start` and `exp_end` are the same instants as OpenBroadcaster writes them, local
// "YYYY-MM-DD HH:MM:SS" (docs/decisions/scheduling.md, "Reading occurrences").
import type { EntryRow } from './entries';
import { isoInZone } from './recurrence';

/** "2026-03-29T08:00:00+01:00" → "2026-03-29 08:00:00": the wall-clock time in the player's zone. */
export const localWallTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

export interface OccurrenceTimes {
  start: number;
  end: number;
}

/** What every occurrence of an entry shares: its series' bounds and recurrence (computed once an entry). */
export function seriesFields(entry: EntryRow, zone: string) {
  return {
    recurring_start: isoInZone(entry.start.getTime(), zone),
    recurring_stop: entry.stop ? isoInZone(entry.stop.getTime(), zone) : null,
    ...(entry.mode === 'once' ? {} : { mode: entry.mode, x_data: entry.x_data }),
  };
}

/** The fields every occurrence row has; the caller adds the entry's own (description, item...). */
export function occurrenceRow(entry: EntryRow, series: ReturnType<typeof seriesFields>, occurrence: OccurrenceTimes, zone: string) {
  const start = isoInZone(occurrence.start, zone);
  const end = isoInZone(occurrence.end, zone);
  return {
    id: entry.id,
    player_id: entry.player_id,
    user_id: entry.user_id,
    start,
    end,
    duration: Math.round((occurrence.end - occurrence.start) / 1000),
    exp_start: localWallTime(start),
    exp_end: localWallTime(end),
    ...series,
  };
}
