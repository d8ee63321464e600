// Rules of shows (docs/decisions/scheduling.md, "Permissions"): what a media show may air, where a
// user without manage_timeslots may schedule; and a show as the API answers it.
import { lastEnd, ruleOf, type EntryRow } from '../schedule/entries';
import { entryOut } from '../schedule/entry-rows';
import { expand, type Occurrence, type Recurrence } from '../schedule/recurrence';

export type ItemType = 'media' | 'playlist' | 'live';

export type ShowRow = EntryRow & { item_type: string; item_id: number; flagged: string | null };

export const showOut = (row: ShowRow, zone: string) => ({
  ...entryOut(row, zone),
  item_type: row.item_type as ItemType,
  item_id: row.item_id,
  flagged: row.flagged,
});

/** Why a media item may not be scheduled (as the media service summarized it; undefined: no such item), or null. */
export function mediaItemProblem(item: { is_archived: boolean; is_approved: boolean } | undefined, itemId: number): string | null {
  if (!item) return `Invalid input: item_id: media item ${itemId} does not exist`;
  if (item.is_archived) return `Invalid input: item_id: media item ${itemId} is archived`;
  if (!item.is_approved) return `Invalid input: item_id: media item ${itemId} is not approved`;
  return null;
}

/**
 * Without manage_timeslots, every occurrence of the show must lie inside an occurrence of one of
 * your timeslots: the first that does not, or null.
 */
export function firstOutsideTimeslots(show: Recurrence, slots: EntryRow[]): Occurrence | null {
  const from = show.start;
  const to = lastEnd(show);
  const slotOccurrences = slots.flatMap((slot) => expand(ruleOf(slot, show.zone), from - slot.duration * 1000, to)).sort((a, b) => a.start - b.start);
  for (const occurrence of expand(show, from, to)) {
    if (!slotOccurrences.some((slot) => slot.start <= occurrence.start && occurrence.end <= slot.end)) return occurrence;
  }
  return null;
}
