// Archiving and deleting act on every id given or on none: all must exist, and only items out of
// the live library (archived or unapproved) may be deleted.
import { badRequest, notFound } from '@airwave/contracts';

/** 404 naming every id of the request that is not an item. */
export function assertAllFound(ids: number[], rows: { id: number }[]): void {
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw notFound(`No media item ${missing.join(', ')}.`, { ids: missing });
}

/** 400 naming the items still live (approved and not archived), which may not be deleted. */
export function assertDeletable(rows: { id: number; is_archived: boolean; is_approved: boolean }[]): void {
  const live = rows.filter((r) => !r.is_archived && r.is_approved).map((r) => r.id);
  if (live.length) throw badRequest(`Only archived or unapproved items can be deleted; not: ${live.join(', ')}. Nothing was deleted.`, { ids: live });
}
