// Media search over large libraries: the page's ids and the count, an exact count up to
// COUNT_LIMIT and an estimate past it, each plan chosen by what a cheap first look shows
// (docs/decisions/media-search-speed.md). The page's items are written by page-json.ts.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { MediaDB, MediaSchema } from '../schema';
import { listSize, planRows } from './list-size';

type EB = ExpressionBuilder<MediaSchema, 'items'>;
type Column = 'artist' | 'album' | 'title' | 'year' | 'category' | 'genre' | 'country' | 'language' | 'duration' | 'updated';

/**
 * Matches are counted exactly up to this many. num_results is an estimate (num_results_exact
 * false) past it, or when the first rows of the list in sort order show it holds over twice as many.
 */
export const COUNT_LIMIT = 1000;
/** How many of the first rows in sort order the first look reads (dense matches end the search there). */
export const FIRST_WINDOW_ROWS = 500;
/** How many the second look reads, when the first was not enough and no trigram index can collect the matches. */
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
  /** The page's item ids, in order. */
  ids: number[];
  count: number;
  exact: boolean;
}

const stateOf = (plan: SearchPlan) => (eb: EB) => eb.and([eb('is_archived', '=', plan.archived), ...(plan.approved === undefined ? [] : [eb('is_approved', '=', plan.approved)])]);

export async function runSearch(db: MediaDB, plan: SearchPlan): Promise<SearchResult> {
  let estimate = 0;
  let windowPage: number[] | undefined;
  if (indexedSorts.has(plan.column) && plan.approved !== undefined) {
    // 1. The planner's estimate of the matches (EXPLAIN, no scan; from statistics of the whole
    //    table, so that words found only among the newest items do not look frequent). With few
    //    matches by it, a trigram pattern collects them at once (step 3).
    const planned = await planRows(db.selectFrom('items').select('id').where(stateOf(plan)).where(plan.match));
    // 2. Windows of the list in sort order (index range scans): a short list is answered from one
    //    exactly; dense matches give the page and an extrapolated count. The small first window is
    //    trusted only when the planner agrees; the larger second one (without a trigram pattern,
    //    whose estimates are the least reliable: lower(genre), year) on its own.
    const windows = [...(planned > 2 * COUNT_LIMIT ? [FIRST_WINDOW_ROWS] : []), ...(plan.trigram ? [] : [WINDOW_ROWS])];
    for (const rows of windows) {
      const look = await windowLook(db, plan, rows);
      if (look.done) return look.done;
      estimate = look.estimate;
      windowPage = look.page;
    }
    // A deep page of a dense list: walk the sort index (the matches are frequent along it).
    if (estimate > 2 * COUNT_LIMIT) return { ids: await walkSortIndex(db, plan), count: estimate, exact: false };
  }
  // 3. Few matches, or no window: collect them.
  return collectMatches(db, plan, estimate, windowPage);
}

/** The first `rows` of the list in sort order, and the matches among them. */
async function windowLook(db: MediaDB, plan: SearchPlan, rows: number): Promise<{ done?: SearchResult; estimate: number; page?: number[] }> {
  const { column, dir, limit, offset } = plan;
  const order = sql`${sql.ref(column)} ${sql.raw(dir)}, id ${sql.raw(dir)}`;
  const window = db
    .selectFrom('items')
    .select((eb) => ['id', column, sql<boolean>`${plan.match(eb)}`.as('m')])
    .where(stateOf(plan))
    .orderBy(column, dir)
    .orderBy('id', dir)
    .limit(rows)
    .as('w');
  const stats = await db
    .selectFrom(window)
    .select([
      sql<number>`count(*)::int`.as('seen'),
      sql<number>`(count(*) filter (where m))::int`.as('matches'),
      sql<number[] | null>`(array_agg(id order by ${order}) filter (where m))[${sql.lit(offset + 1)}:${sql.lit(offset + limit)}]`.as('page'),
    ])
    .executeTakeFirstOrThrow();
  const ids = stats.page ?? [];
  if (stats.seen < rows) return { done: { ids, count: stats.matches, exact: true }, estimate: stats.matches };
  const estimate = Math.max(stats.matches, Math.round((stats.matches / stats.seen) * (await listSize(db, plan.archived, plan.approved))));
  const page = stats.matches >= offset + limit ? ids : undefined;
  // Trusted only well past the limit: near it, the exact count is cheap enough.
  if (page && estimate > 2 * COUNT_LIMIT) return { done: { ids: page, count: estimate, exact: false }, estimate };
  return { estimate, ...(page ? { page } : {}) };
}

/** The page found along the sort index, the plan pinned to it. */
async function walkSortIndex(db: MediaDB, plan: SearchPlan): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await pinPlan(trx, ['enable_bitmapscan', 'enable_seqscan']);
    const rows = await trx.selectFrom('items').select('id').where(stateOf(plan)).where(plan.match).orderBy(plan.column, plan.dir).orderBy('id', plan.dir).limit(plan.limit).offset(plan.offset).execute();
    return rows.map((r) => r.id);
  });
}

/**
 * Few matches (or no window): collect them, at most COUNT_LIMIT + 1, in one scan, count and page
 * them. With a trigram pattern the plan is pinned to the trigram bitmap, so that a rare
 * combination of common words never becomes a walk over the whole list.
 */
async function collectMatches(db: MediaDB, plan: SearchPlan, estimate: number, windowPage: number[] | undefined): Promise<SearchResult> {
  const { column, dir, limit, offset } = plan;
  const order = sql`${sql.ref(column)} ${sql.raw(dir)}, id ${sql.raw(dir)}`;
  return db.transaction().execute(async (trx) => {
    if (plan.trigram) await pinPlan(trx, ['enable_seqscan', 'enable_indexscan']);
    const matching = trx.selectFrom('items').where(stateOf(plan)).where(plan.match);
    const capped = await trx
      .with('capped', () => matching.select(['id', column]).limit(COUNT_LIMIT + 1))
      .selectNoFrom([
        sql<number>`(select count(*)::int from capped)`.as('n'),
        sql<number[] | null>`(select array_agg(id order by ${order}) from capped)[${sql.lit(offset + 1)}:${sql.lit(offset + limit)}]`.as('page'),
      ])
      .executeTakeFirstOrThrow();
    if (capped.n <= COUNT_LIMIT) return { ids: capped.page ?? [], count: capped.n, exact: true };
    const ids = windowPage ?? (await matching.select('id').orderBy(column, dir).orderBy('id', dir).limit(limit).offset(offset).execute()).map((r) => r.id);
    if (!estimate) estimate = Math.round(await planRows(matching.select('id')));
    return { ids, count: Math.max(COUNT_LIMIT + 1, estimate), exact: false };
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
