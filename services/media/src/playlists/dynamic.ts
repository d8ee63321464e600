// A dynamic item's search against the library: its condition (words, filters or a saved search),
// the estimate of what it finds (GET /playlists/validate, and each dynamic item of GET /playlists/{id}).
// Its picks for a resolution: picks.ts.
import { badRequest, type SearchQuery } from '@airwave/contracts';
import { sql } from 'kysely';
import type { MediaDB } from '../schema';
import { parseFilters } from '../search/filters';
import { filtersCondition, wordsCondition, type Condition } from '../search/rules';

export interface DynamicSearch {
  query: SearchQuery | null;
  saved_search_id: number | null;
}

/** The condition of a dynamic item's search; null when its saved search is gone (it finds nothing). */
export async function searchCondition(db: MediaDB, search: DynamicSearch): Promise<Condition | null> {
  if (search.query) return search.query.mode === 'simple' ? wordsCondition(search.query.string) : filtersCondition(parseFilters(search.query.filters));
  const saved = search.saved_search_id === null ? undefined : await db.selectFrom('searches').select('filters').where('id', '=', search.saved_search_id).executeTakeFirst();
  return saved ? filtersCondition(parseFilters(saved.filters)) : null;
}

/** A saved search a playlist may name: one of the saver's own (searches are private). */
export async function assertOwnSavedSearch(db: MediaDB, id: number, userId: number, path: string): Promise<void> {
  const row = await db.selectFrom('searches').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw badRequest(`Invalid input: ${path}: saved search ${id} is not one of yours`, { issues: [{ path, message: `saved search ${id} is not one of yours` }] });
}

const airable = (db: MediaDB, condition: Condition) => db.selectFrom('items').where('is_approved', '=', true).where('is_archived', '=', false).where(condition);

/** Seconds an item lasts in a dynamic selection: images last `imageDuration`. */
const seconds = (imageDuration: number) => sql<number>`case when type = 'image' then ${imageDuration}::float8 else coalesce(duration, 0) end`;

/** How many airable items the search finds, how many it would air and for how long (OB averages; never more items than match). */
export async function estimate(db: MediaDB, search: DynamicSearch, numItems: number | null, imageDuration: number) {
  const condition = await searchCondition(db, search);
  if (!condition) return { matches: 0, num_items: 0, duration: 0 };
  const row = await airable(db, condition)
    .select([sql<string>`count(*)`.as('matches'), sql<number | null>`sum(${seconds(imageDuration)})`.as('total')])
    .executeTakeFirstOrThrow();
  const matches = Number(row.matches);
  const total = Number(row.total ?? 0);
  const count = numItems === null ? matches : Math.min(numItems, matches);
  return { matches, num_items: count, duration: matches === 0 ? 0 : Math.round((total / matches) * count * 1000) / 1000 };
}

/** At most this many items of an "all items" dynamic item are picked for one resolution. */
export const ALL_ITEMS_CAP = 5000;
