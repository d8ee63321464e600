// The items as other services ask about them (scheduling: what a show airs, dayparting).
import type { MediaSummary, SearchFilter } from '@airwave/contracts';
import type { MediaDB } from '../schema';
import { filterExpression } from '../search/filters';

/** Summaries of the existing items among `ids`. */
export async function summariesOf(db: MediaDB, ids: number[]): Promise<MediaSummary[]> {
  const rows = await db.selectFrom('items').select(['id', 'title', 'artist', 'duration', 'owner_id', 'is_approved', 'is_archived']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ ...r, duration: r.duration === null ? null : Number(r.duration), has_thumbnail: false }));
}

export async function itemExists(db: MediaDB, id: number): Promise<boolean> {
  return (await db.selectFrom('items').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether the item matches every filter (an advanced search's). */
export async function itemMatches(db: MediaDB, id: number, filters: SearchFilter[]): Promise<boolean> {
  const hit = await db
    .selectFrom('items')
    .select('id')
    .where('id', '=', id)
    .where((eb) => eb.and(filters.map((f) => filterExpression(eb, f))))
    .executeTakeFirst();
  return Boolean(hit);
}
