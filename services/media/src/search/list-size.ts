// The size of a list of the library (approved, unapproved, archived) as the planner estimates it,
// kept for a while: a search extrapolates its count from it (run-search.ts), and an estimate a
// few seconds old is as good as a fresh one at that (num_results is documented as an estimate there).
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
