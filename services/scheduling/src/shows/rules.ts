// Rules of shows (docs/decisions/scheduling.md, "Permissions"): what a media show may air, where a
// user without manage_timeslots may schedule; and a show as the API answers it.
import { ruleOf, type EntryRow } from '../schedule/entries';
import { entryOut } from '../schedule/entry-rows';
import type { ExceptionRow, ShowExceptionRow } from '../schedule/exception-queries';
import { showExceptionOut } from '../schedule/exception-rows';
import type { Occurrence } from '../schedule/recurrence';

export type ItemType = 'media' | 'playlist' | 'live' | 'clock';

export type ShowRow = EntryRow & { item_type: string; item_id: number; flagged: string | null; source_password_sealed?: string | null; name?: string | null; description?: string | null; colour?: string | null };

export const showOut = (row: ShowRow, zone: string, exceptions: readonly ExceptionRow[]) => ({
  ...entryOut(row, zone),
  item_type: row.item_type as ItemType,
  item_id: row.item_id,
  name: row.name ?? null,
  description: row.description ?? null,
  colour: row.colour ?? null,
  flagged: row.flagged,
  has_source_password: Boolean(row.source_password_sealed),
  exceptions: exceptions.map((exception) => showExceptionOut(exception as ShowExceptionRow, ruleOf(row, zone))),
});

/** Why a media item may not be scheduled (as the media service summarized it; undefined: no such item), or null. */
export function mediaItemProblem(item: { is_archived: boolean; is_approved: boolean } | undefined, itemId: number): string | null {
  if (!item) return `Invalid input: item_id: media item ${itemId} does not exist`;
  if (item.is_archived) return `Invalid input: item_id: media item ${itemId} is archived`;
  if (!item.is_approved) return `Invalid input: item_id: media item ${itemId} is not approved`;
  return null;
}

/**
 * Without manage_timeslots, every occurrence of a show (as it happens) must lie inside an occurrence
 * of one of your timeslots (as they happen): the first that does not, or null.
 */
export function firstOutside<T extends Occurrence>(occurrences: readonly T[], slots: readonly Occurrence[]): T | null {
  for (const occurrence of occurrences) {
    if (!slots.some((slot) => slot.start <= occurrence.start && occurrence.end <= slot.end)) return occurrence;
  }
  return null;
}
