// Reading occurrences (GET /timeslots, GET /shows): every occurrence of a table's entries that
// overlaps a window, sorted by start, one row each (docs/decisions/scheduling.md, "Reading occurrences").
import { playerZones } from '../players/zones';
import type { SchedulingDB } from '../schema';
import { ruleOf, type EntryRow } from './entries';
import { occurrenceRow, seriesFields } from './occurrence-rows';
import { entriesInWindow, type EntryTable } from './queries';
import { expand } from './recurrence';

/** An entry's own fields, which every row of its occurrences carries after the shared ones. */
export type OwnFields<Row> = (row: Row) => Record<string, unknown>;

/** The occurrence rows of entries in [from, to), each in its player's zone (UTC for an unknown one). */
export function occurrenceRows<Row extends EntryRow>(rows: Row[], zones: Map<number, string>, from: number, to: number, own: OwnFields<Row>) {
  // Sorted by start, then id; the sort key rides beside each occurrence rather than inside it,
  // so no occurrence is copied again to drop it.
  const out: { start: number; id: number; occurrence: Record<string, unknown> }[] = [];
  for (const row of rows) {
    const zone = zones.get(row.player_id) ?? 'UTC';
    const fields = own(row);
    const series = seriesFields(row, zone);
    for (const o of expand(ruleOf(row, zone), from, to)) {
      out.push({ start: o.start, id: row.id, occurrence: { ...occurrenceRow(row, series, o, zone), ...fields } });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.id - b.id).map((entry) => entry.occurrence);
}

/** Occurrences of a table's entries in a window, across the players asked for (all when null). */
export async function listOccurrences(
  db: SchedulingDB,
  table: EntryTable,
  window: { from: number; to: number },
  filter: { playerIds: number[] | null; userId?: number | undefined },
  own: OwnFields<EntryRow & Record<string, unknown>>,
) {
  const zones = await playerZones(db);
  const rows = await entriesInWindow(db, table, window.from, window.to, filter.playerIds, filter.userId);
  return occurrenceRows(rows, zones, window.from, window.to, own);
}
