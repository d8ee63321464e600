// The planner's estimates a search uses, kept for a while: the size of a list of the library
// (approved, unapproved, archived), from which a search extrapolates its count, and the matches of
// a search (the same words or filters again: the next page, a player's dynamic item), which picks
// its plan (run-search.ts). An estimate some seconds old is as good as a fresh one for both.
import type { MediaDB } from '../schema';

/** How long an estimate is kept (ms). */
export const LIST_SIZE_TTL_MS = 30_000;

const kept = new WeakMap<MediaDB, Map<string, { rows: number; until: number }>>();

export async function listSize(db: MediaDB, archived: boolean, approved: boolean | undefined, now = Date.now()): Promise<number> {
  const byList = kept.get(db) ?? new Map<string, { rows: number; until: number }>();
  kept.set(db, byList);
  const key = `${archived}/${approved}`;
  const known = byList.get(key);
  if (known && known.until > now) return known.rows;
  const query = db
    .selectFrom('items')
    .select('id')
    .where('is_archived', '=', archived)
    .$if(approved !== undefined, (q) => q.where('is_approved', '=', approved!));
  const rows = await planRows(query);
  byList.set(key, { rows, until: now + LIST_SIZE_TTL_MS });
  return rows;
}

/** The planner's estimate of the rows a query returns (EXPLAIN, no scan). */
export async function planRows(query: { explain(format: 'json'): Promise<Record<string, unknown>[]> }): Promise<number> {
  const plan = await query.explain('json');
  return Number((plan[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** How long a search's estimate is kept (ms), and how many searches' at most. */
export const MATCHES_TTL_MS = 30_000;
const MATCHES_KEPT = 1_000;
const matches = new WeakMap<MediaDB, Map<string, { rows: number; until: number }>>();

/** planRows of a query, kept by its SQL and parameters. */
export async function keptPlanRows(db: MediaDB, query: { compile(): { sql: string; parameters: readonly unknown[] }; explain(format: 'json'): Promise<Record<string, unknown>[]> }, now = Date.now()): Promise<number> {
  let byQuery = matches.get(db);
  if (!byQuery) matches.set(db, (byQuery = new Map()));
  const compiled = query.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const known = byQuery.get(key);
  if (known && known.until > now) return known.rows;
  const rows = await planRows(query);
  if (byQuery.size >= MATCHES_KEPT) byQuery.clear();
  byQuery.set(key, { rows, until: now + MATCHES_TTL_MS });
  return rows;
}
