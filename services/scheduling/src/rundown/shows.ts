// The shows a rundown airs: every occurrence of the schedule player's shows in a range, as it
// happens (exceptions applied: skipped ones gone, moved ones where they landed, another item where
// one is aired instead), each with its own name and the timeslot's it starts in (OpenBroadcaster
// names shows by their timeslot; a show named by the station is named by that first).
import { listZone } from '../players/zones';
import type { SchedulingDB } from '../schema';
import { ruleOf } from '../schedule/entries';
import { asSeriesException, type ShowExceptionRow } from '../schedule/exception-queries';
import { effectiveOccurrences } from '../schedule/exceptions';
import { seriesReaching, type SeriesRow } from '../schedule/queries';
import type { Span } from './blocks';

export interface PlannedShow extends Span {
  showId: number;
  originalStart: number;
  itemType: 'media' | 'playlist' | 'live' | 'clock';
  itemId: number;
  /** The description of the timeslot the show starts in ("" when none does). */
  timeslotName: string;
  /** The show's own name ("" when it has none). */
  showName: string;
}

const occurrencesOf = (rows: SeriesRow[], zone: string, range: Span) =>
  rows.flatMap((row) => effectiveOccurrences(ruleOf(row, zone), row.exceptions.map(asSeriesException), range.start, range.end).map((o) => ({ row, o })));

/** The schedule player's show occurrences overlapping the range, by start. */
export async function plannedShows(db: SchedulingDB, schedulePlayerId: number, range: Span): Promise<PlannedShow[]> {
  const zone = await listZone(db, schedulePlayerId);
  const [shows, slots] = await Promise.all([seriesReaching(db, 'shows', range.start, range.end, [schedulePlayerId]), seriesReaching(db, 'timeslots', range.start, range.end, [schedulePlayerId])]);
  const slotTimes = occurrencesOf(slots, zone, range).map(({ row, o }) => ({ start: o.start, end: o.end, name: (row.description as string) ?? '' }));
  const planned = occurrencesOf(shows, zone, range).map(({ row, o }): PlannedShow => {
    const replaced = o.exception ? (row.exceptions.find((e) => e.id === o.exception!.id) as ShowExceptionRow | undefined) : undefined;
    const other = replaced?.item_type ? replaced : undefined;
    return {
      start: o.start,
      end: o.end,
      showId: row.id,
      originalStart: o.originalStart,
      itemType: (other?.item_type ?? row.item_type) as PlannedShow['itemType'],
      itemId: (other?.item_id ?? row.item_id) as number,
      timeslotName: slotTimes.find((s) => s.start <= o.start && o.start < s.end)?.name ?? '',
      showName: (row.name as string | null) ?? '',
    };
  });
  return planned.sort((a, b) => a.start - b.start || a.showId - b.showId);
}
