// What a media search looks for: its list (approved, unapproved, archived), whose items, the words
// or filters, the sort column, and whether the trigram index can serve it.
import type { Principal, SearchFilter } from '@airwave/contracts';
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { statisticsFields } from '../migrations';
import type { MediaSchema } from '../schema';
import { visibleTo } from '../shared/visibility';
import { filterExpression, usesTrigramIndex, wordsExpression } from './filters';

type EB = ExpressionBuilder<MediaSchema, 'items'>;
/** One condition an item must meet; a search is their conjunction. */
export type Condition = (eb: EB) => Expression<SqlBool>;

/** The column of each sort_by of the contract. */
export const sortColumns = { artist: 'artist', album: 'album', title: 'title', year: 'year', category_name: 'category', genre_name: 'genre', country_name: 'country', language_name: 'language', duration: 'duration', updated: 'updated' } as const;

/** The list `s` names: by is_archived, and by is_approved outside the archive. */
export function listOf(s: 'approved' | 'unapproved' | 'archived'): { archived: boolean; approved?: boolean } {
  return { archived: s === 'archived', ...(s === 'archived' ? {} : { approved: s === 'approved' }) };
}

/** Items the user may see; only their own in the unapproved and archived lists without manage_media, and with `my`. */
export function whoseItems(input: { s: string; my?: boolean | undefined }, principal: Principal): Condition[] {
  const manage = principal.permissions.includes('manage_media');
  const conditions: Condition[] = [(eb) => visibleTo(eb, principal)];
  if (input.s !== 'approved' && !manage) conditions.push((eb) => eb('owner_id', '=', principal.userId));
  if (input.my) conditions.push((eb) => eb('owner_id', '=', principal.userId));
  return conditions;
}

/** Simple search: every word (none: everything). */
export const wordsCondition =
  (words: string): Condition =>
  (eb) =>
    wordsExpression(eb, words) ?? sql<SqlBool>`true`;

/** Advanced search (and a default search): every filter. */
export const filtersCondition =
  (filters: SearchFilter[]): Condition =>
  (eb) =>
    eb.and(filters.map((f) => filterExpression(eb, f)));

/** Builds every filter's expression once: an invalid filter is a 400 here, before anything is stored. */
export function assertValidFilters(filters: SearchFilter[]): void {
  filters.forEach((f) => filterExpression(expressionBuilder<MediaSchema, 'items'>(), f));
}

/** Whether an advanced search has a LIKE pattern the trigram index can serve. */
export function filtersUseTrigramIndex(filters: SearchFilter[]): boolean {
  return filters.some((f) => (f.op === 'contains' || f.op === 'has') && usesTrigramIndex(String(f.val)));
}

const withStatistics = new Set<string>(statisticsFields);

/**
 * Whether the planner has statistics for every filter (run-search.ts, `estimable`): numbers, the
 * copyright flag, and eq/neq on the fields with statistics on lower(field) (migration 0007).
 * Patterns (`contains`) are not: the planner's guess for `%band 42%` was 9 rows of some 1,300.
 */
export function filtersEstimable(filters: SearchFilter[]): boolean {
  return filters.every((f) => f.filter === 'year' || f.filter === 'duration' || f.filter === 'is_copyright_owner' || ((f.op === 'eq' || f.op === 'neq') && withStatistics.has(f.filter)));
}
