// An exception as the API answers it (times ISO 8601 in the player's zone), and a series with its
// exceptions, each saying whether it still matches an occurrence.
import type { ExceptionRow, ShowExceptionRow } from './exception-queries';
import { isOccurrence } from './exceptions';
import { isoInZone as iso, type Recurrence } from './recurrence';

export function exceptionOut(row: ExceptionRow, rule: Recurrence) {
  return {
    id: row.id,
    series_id: row.series_id,
    user_id: row.user_id,
    original_start: iso(row.original_start.getTime(), rule.zone),
    skip: row.skip,
    start: row.start ? iso(row.start.getTime(), rule.zone) : null,
    duration: row.duration,
    matches: isOccurrence(rule, row.original_start.getTime()),
  };
}

/** A show's exception adds what airs instead (null: the series' item). */
export const showExceptionOut = (row: ShowExceptionRow, rule: Recurrence) => ({
  ...exceptionOut(row, rule),
  item_type: row.item_type as 'media' | 'playlist' | 'live' | null,
  item_id: row.item_id,
});
