// Media search over large libraries: an exact count up to COUNT_LIMIT, an estimate past it, and
// the page found without sorting every match whenever the sort key has a (state, key, id) index.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ItemRow, MediaDB, MediaSchema } from '../schema';

type EB = ExpressionBuilder<MediaSchema, 'items'>;
type Column = 'artist' | 'album' | 'title' | 'year' | 'category' | 'genre' | 'country' | 'language' | 'duration' | 'updated';

/**
 * Matches are counted exactly up to this many. num_results is an estimate (num_results_exact
 * false) past it, or when the first WINDOW_ROWS of the list show it holds over twice as many.
 */
export const COUNT_LIMIT = 1000;
/** How many of the first rows in sort order the window step looks at. */
export const WINDOW_ROWS = 5_000;
/** Sort keys with a btree on (is_archived, is_approved, key, id) (migration 0003). */
const indexedSorts = new Set<Column>(['updated', 'title', 'artist']);

export interface SearchPlan {
  /** is_archived / is_approved of the chosen list (`s`). */
  archived: boolean;
  approved?: boolean;
  /** Every other condition: visibility, owner, words, filters. */
  match: (eb: EB) => Expression<SqlBool>;
  /** Whether `match` holds a LIKE pattern the trigram index can serve. */
  trigram: boolean;
  column: Column;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface SearchResult {
  rows: ItemRow[];
  count: number;
  exact: boolean;
}

export async function runSearch(db: MediaDB, plan: SearchPlan): Promise<SearchResult> {
  const { column, dir, limit, offset } = plan;
  const state = (eb: EB) => eb.and([eb('is_archived', '=', plan.archived), ...(plan.approved === undefined ? [] : [eb('is_approved', '=', plan.approved)])]);
  const order = sql`${sql.ref(column)} ${sql.raw(dir)}, id ${sql.raw(dir)}`;
  const slice = sql`[${sql.lit(offset + 1)}:${sql.lit(offset + limit)}]`;

  // 1. The window: the first WINDOW_ROWS rows of the list in sort order (an index range scan) and
  //    the matches among them. A short list is answered from it exactly. When the matches there
  //    are dense enough that the list would hold more than twice COUNT_LIMIT, num_results is that
  //    extrapolation and the page needs no sort of every match.
  let windowPage: number[] | undefined;
  let estimate = 0;
  if (indexedSorts.has(column) && plan.approved !== undefined) {
    const window = db.selectFrom('items').selectAll().where(state).orderBy(column, dir).orderBy('id', dir).limit(WINDOW_ROWS).as('items');
    const stats = await db
      .selectFrom(window)
      .select((eb) => {
        const match = plan.match(eb as unknown as EB);
        return [
          sql<number>`count(*)::int`.as('seen'),
          sql<number>`(count(*) filter (where ${match}))::int`.as('matches'),
          sql<number[] | null>`(array_agg(id order by ${order}) filter (where ${match}))${slice}`.as('page'),
        ];
      })
      .executeTakeFirstOrThrow();
    const ids = stats.page ?? [];
    if (stats.seen < WINDOW_ROWS) return { rows: await rowsOf(db, ids), count: stats.matches, exact: true };
    if (stats.matches >= offset + limit) windowPage = ids;
    estimate = Math.max(stats.matches, Math.round((stats.matches / stats.seen) * (await planRows(db.selectFrom('items').select('id').where(state)))));
    // Trusted only well past the limit: near it, the exact count below is cheap enough.
    if (estimate > 2 * COUNT_LIMIT) {
      if (windowPage) return { rows: await rowsOf(db, windowPage), count: estimate, exact: false };
      // A deep page of a dense list: walk the sort index (the matches are frequent along it).
      const rows = await db.transaction().execute(async (trx) => {
        await pinPlan(trx, ['enable_bitmapscan', 'enable_seqscan']);
        return trx.selectFrom('items').selectAll().where(state).where(plan.match).orderBy(column, dir).orderBy('id', dir).limit(limit).offset(offset).execute();
      });
      return { rows, count: estimate, exact: false };
    }
  }

  // 2. Few matches (or no window): collect them, at most COUNT_LIMIT + 1, in one scan, count and
  //    page them. With a trigram pattern the plan is pinned to the trigram bitmap, so that a rare
  //    combination of common words never becomes a walk over the whole list.
  return db.transaction().execute(async (trx) => {
    if (plan.trigram) await pinPlan(trx, ['enable_seqscan', 'enable_indexscan']);
    const matching = trx.selectFrom('items').where(state).where(plan.match);
    const capped = await trx
      .with('capped', () => matching.select(['id', column]).limit(COUNT_LIMIT + 1))
      .selectNoFrom([
        sql<number>`(select count(*)::int from capped)`.as('n'),
        sql<number[] | null>`(select array_agg(id order by ${order}) from capped)${slice}`.as('page'),
      ])
      .executeTakeFirstOrThrow();
    if (capped.n <= COUNT_LIMIT) return { rows: await rowsOf(trx, capped.page ?? []), count: capped.n, exact: true };
    const rows = windowPage ? await rowsOf(trx, windowPage) : await matching.selectAll().orderBy(column, dir).orderBy('id', dir).limit(limit).offset(offset).execute();
    if (!estimate) estimate = Math.round(await planRows(matching.select('id')));
    return { rows, count: Math.max(COUNT_LIMIT + 1, estimate), exact: false };
  });
}

/**
 * Pins the plan of this transaction by turning plan kinds off. Disabled kinds make the planner's
 * costs huge, which would start JIT compilation and parallel workers (tens of milliseconds of
 * overhead for a query that reads a few thousand rows): both are turned off too.
 */
async function pinPlan(trx: MediaDB, off: ('enable_bitmapscan' | 'enable_seqscan' | 'enable_indexscan')[]) {
  const settings = [sql`set_config('jit', 'off', true)`, sql`set_config('max_parallel_workers_per_gather', '0', true)`, ...off.map((name) => sql`set_config(${name}, 'off', true)`)];
  await sql`select ${sql.join(settings)}`.execute(trx);
}

/** The planner's estimate of the rows a query returns (EXPLAIN, no scan). */
async function planRows(query: { explain(format: 'json'): Promise<Record<string, unknown>[]> }): Promise<number> {
  const plan = await query.explain('json');
  return Number((plan[0]?.['QUERY PLAN'] as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

async function rowsOf(db: MediaDB, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('items').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ItemRow => r !== undefined);
}
