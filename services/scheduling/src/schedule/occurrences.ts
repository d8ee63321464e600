// Reading occurrences (GET /timeslots, GET /shows): every occurrence of a table's series that
// overlaps a window as it happens (exceptions applied), sorted by start, one row each
// (docs/decisions/scheduling.md, "Reading occurrences", "Exceptions").
import { playerZones } from '../players/zones';
import type { SchedulingDB } from '../schema';
import { ruleOf, type EntryRow } from './entries';
import { asSeriesException, type ExceptionRow } from './exception-queries';
import { effectiveOccurrences } from './exceptions';
import { occurrenceRow, seriesFields } from './occurrence-rows';
import { seriesReaching, type EntryTable } from './queries';
import { isoInZone } from './recurrence';

/** A series' own fields, which every row of its occurrences carries after the shared ones (an exception may change them). */
export type OwnFields<Row> = (row: Row, exception: ExceptionRow | undefined) => Record<string, unknown>;

/** The occurrence rows of series in [from, to), each in its player's zone (UTC for an unknown one). */
export function occurrenceRows<Row extends EntryRow & { exceptions?: ExceptionRow[] }>(rows: Row[], zones: Map<number, string>, window: { from: number; to: number }, own: OwnFields<Row>) {
  // Sorted by start, then id; the sort key rides beside each occurrence rather than inside it,
  // so no occurrence is copied again to drop it.
  const out: { start: number; id: number; occurrence: Record<string, unknown> }[] = [];
  for (const row of rows) {
    const zone = zones.get(row.player_id) ?? 'UTC';
    const stored = row.exceptions ?? [];
    const byId = new Map(stored.map((e) => [e.id, e]));
    const plain = own(row, undefined);
    const series = seriesFields(row, zone);
    for (const o of effectiveOccurrences(ruleOf(row, zone), stored.map(asSeriesException), window.from, window.to)) {
      const exception = o.exception ? byId.get(o.exception.id) : undefined;
      const fields = exception ? { ...own(row, exception), exception_id: exception.id, original_start: isoInZone(o.originalStart, zone) } : plain;
      out.push({ start: o.start, id: row.id, occurrence: { ...occurrenceRow(row, series, o, zone), ...fields } });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.id - b.id).map((entry) => entry.occurrence);
}

/** Occurrences of a table's series in a window, across the players asked for (all when null). */
export async function listOccurrences(
  db: SchedulingDB,
  table: EntryTable,
  window: { from: number; to: number },
  filter: { playerIds: number[] | null; userId?: number | undefined },
  own: OwnFields<EntryRow & Record<string, unknown>>,
) {
  const zones = await playerZones(db);
  const rows = await seriesReaching(db, table, window.from, window.to, filter.playerIds, filter.userId);
  return occurrenceRows(rows, zones, window, own);
}
