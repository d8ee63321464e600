// Media search over large libraries: the page's ids and the count, an exact count up to
// COUNT_LIMIT and an estimate past it, each plan chosen by what a cheap first look shows
// (docs/decisions/media-search-speed.md). The page's items are written by page-json.ts.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { MediaDB, MediaSchema } from '../schema';
import { keptPlanRows, listSize, planRows } from './list-size';

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
  /**
   * Whether the planner's estimate of the matches is worth asking: words (LIKE patterns on
   * search_text) and filters the planner has statistics for (rules.ts, filtersEstimable). Other
   * filters on lower(field) have none: it can expect 1 match of 10,000; those searches read the
   * window without asking.
   */
  estimable?: boolean;
  /**
   * Whether the planner's estimate holds for the density along the list too: filters on fields
   * with statistics, about independent of the sort order. Not for words: those that come
   * together are far more frequent than it expects (`summ gol`: 2 % expected, 11 % found).
   */
  densityKnown?: boolean;
  column: Column;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
  /**
   * The JSON text of the page's items given their ids (page-json.ts), run inside the statement
   * that finds a page where it can (one round trip less); else the caller writes them.
   */
  itemsJson?: (ids: Expression<number[]>) => Expression<string | null>;
}

export interface SearchResult {
  /** The page's item ids, in order. */
  ids: number[];
  /** Their JSON text, when the search wrote it already. */
  json?: string;
  count: number;
  exact: boolean;
}

const stateOf = (plan: SearchPlan) => (eb: EB) => eb.and([eb('is_archived', '=', plan.archived), ...(plan.approved === undefined ? [] : [eb('is_approved', '=', plan.approved)])]);

export async function runSearch(db: MediaDB, plan: SearchPlan): Promise<SearchResult> {
  let estimate = 0;
  let windowPage: number[] | undefined;
  let trustedEstimate = 0;
  // Without the planner's estimate, a trigram pattern's plan is pinned to its index (collectMatches).
  let planned = Number.POSITIVE_INFINITY;
  if (indexedSorts.has(plan.column) && plan.approved !== undefined && !plan.estimable) {
    const look = await windowLook(db, plan, WINDOW_ROWS, true);
    if (look.done) return look.done;
    if (look.estimate > 2 * COUNT_LIMIT) return { ids: await walkSortIndex(db, plan), count: look.estimate, exact: false };
    return collectMatches(db, plan, look.estimate, look.page, plan.trigram);
  }
  if (indexedSorts.has(plan.column) && plan.approved !== undefined) {
    // 1. The planner's estimate of the matches (EXPLAIN, no scan; from statistics of the whole
    //    table, so that words found only among the newest items do not look frequent). With few
    //    matches by it, a trigram pattern collects them at once (step 3).
    planned = await keptPlanRows(db, db.selectFrom('items').select('id').where(stateOf(plan)).where(plan.match));
    // 2. Windows of the list in sort order (index range scans): a short list is answered from one
    //    exactly; dense matches give the page and an extrapolated count. The small first window,
    //    read when the planner expects more than COUNT_LIMIT matches, is trusted for the count only
    //    when the planner agrees (a head of the list is no sample of it: words of the newest items);
    //    its page is right either way. Then a larger window, trusted on its own (as long as the
    //    matches are not few by the planner and can be collected from the trigram index: a pattern
    //    of common trigrams, `band 42`, makes that bitmap the whole table).
    //    The first window holds 500 rows, or, for filters with statistics (`densityKnown`), the page
    //    twice over at the density the planner expects (genre and year: a tenth, 1,000 rows). When
    //    it holds too few matches for the page, a second one is sized likewise by the density it
    //    showed (the head of the list is what a page is read from), trusted as the first is.
    const trustedFirst = planned > 2 * COUNT_LIMIT;
    const first = plan.densityKnown ? firstWindowRows(plan, planned, await listSize(db, plan.archived, plan.approved)) : FIRST_WINDOW_ROWS;
    const windows = planned > COUNT_LIMIT && first < WINDOW_ROWS ? [{ rows: first, trusted: trustedFirst }] : [];
    if (!(plan.trigram && planned <= COUNT_LIMIT)) windows.push({ rows: WINDOW_ROWS, trusted: true });
    for (const [i, { rows, trusted }] of windows.entries()) {
      const look = await windowLook(db, plan, rows, trusted);
      if (look.done) return look.done;
      estimate = look.estimate;
      if (trusted) trustedEstimate = look.estimate;
      windowPage = look.page ?? windowPage;
      const next = i === 0 && rows < WINDOW_ROWS && trusted ? nextWindowRows(plan, look.matches, rows) : WINDOW_ROWS;
      if (next < WINDOW_ROWS) windows.splice(1, 0, { rows: next, trusted: true });
    }
    // A deep page of a dense list: walk the sort index (the matches are frequent along it).
    if (trustedEstimate > 2 * COUNT_LIMIT) return { ids: await walkSortIndex(db, plan), count: estimate, exact: false };
  }
  // 3. Few matches, or no window: collect them.
  return collectMatches(db, plan, estimate, windowPage, plan.trigram && planned > COUNT_LIMIT);
}

/** Rows of the list that hold the page twice over at the density the planner expects, within [FIRST_WINDOW_ROWS, WINDOW_ROWS]. */
export function firstWindowRows(plan: Pick<SearchPlan, 'limit' | 'offset'>, planned: number, listRows: number): number {
  const rows = Math.ceil((2 * (plan.offset + plan.limit) * Math.max(listRows, planned)) / planned);
  return Math.min(WINDOW_ROWS, Math.max(FIRST_WINDOW_ROWS, rows));
}

/** Rows of the list that hold the page twice over at the density a window of `seen` rows showed (WINDOW_ROWS at most). */
export function nextWindowRows(plan: Pick<SearchPlan, 'limit' | 'offset'>, matches: number, seen: number): number {
  if (matches === 0) return WINDOW_ROWS;
  return Math.min(WINDOW_ROWS, Math.ceil((2 * (plan.offset + plan.limit) * seen) / matches));
}

/** The first `rows` of the list in sort order, and the matches among them. */
async function windowLook(db: MediaDB, plan: SearchPlan, rows: number, trusted: boolean): Promise<{ done?: SearchResult; estimate: number; matches: number; page?: number[] }> {
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
  const listRows = await listSize(db, plan.archived, plan.approved);
  const counted = db.selectFrom(window).select([
    sql<number>`count(*)::int`.as('seen'),
    sql<number>`(count(*) filter (where m))::int`.as('matches'),
    sql<number[] | null>`(array_agg(id order by ${order}) filter (where m))[${sql.lit(offset + 1)}:${sql.lit(offset + limit)}]`.as('page'),
  ]);
  // The rule below in SQL, so that the page's items come in the same statement when it is final.
  const final = sql<boolean>`s.seen < ${sql.lit(rows)} or (${sql.lit(trusted)} and s.matches >= ${sql.lit(offset + limit)} and greatest(s.matches, round(s.matches::float8 / greatest(s.seen, 1) * ${sql.lit(listRows)})) > ${sql.lit(2 * COUNT_LIMIT)})`;
  const items = plan.itemsJson ? sql<string | null>`case when ${final} then (${plan.itemsJson(sql<number[]>`s.page`)}) end` : sql<null>`null`;
  const stats = await db
    .selectFrom(counted.as('s'))
    .select(['s.seen', 's.matches', 's.page', items.as('items')])
    .executeTakeFirstOrThrow();
  const ids = stats.page ?? [];
  const json = stats.items === null ? {} : { json: stats.items };
  if (stats.seen < rows) return { done: { ids, count: stats.matches, exact: true, ...json }, estimate: stats.matches, matches: stats.matches };
  const estimate = Math.max(stats.matches, Math.round((stats.matches / stats.seen) * listRows));
  const page = stats.matches >= offset + limit ? ids : undefined;
  // Trusted only well past the limit: near it, the exact count is cheap enough.
  if (trusted && page && estimate > 2 * COUNT_LIMIT) return { done: { ids: page, count: estimate, exact: false, ...json }, estimate, matches: stats.matches };
  return { estimate, matches: stats.matches, ...(page ? { page } : {}) };
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
 * them. With `pin` (a trigram pattern the planner expects to match often) the plan is pinned to
 * the trigram bitmap in a transaction of its own, so that a rare combination of common words never
 * becomes a walk over the whole list; when the planner expects few matches, it picks that bitmap
 * itself (the LIMIT is not worth a walk), and one statement does.
 */
async function collectMatches(db: MediaDB, plan: SearchPlan, estimate: number, windowPage: number[] | undefined, pin: boolean): Promise<SearchResult> {
  const { column, dir, limit, offset } = plan;
  const order = sql`${sql.ref(column)} ${sql.raw(dir)}, id ${sql.raw(dir)}`;
  const inTransaction = <T>(run: (trx: MediaDB) => Promise<T>) => (pin ? db.transaction().execute(run) : run(db));
  return inTransaction(async (trx) => {
    if (pin) await pinPlan(trx, ['enable_seqscan', 'enable_indexscan']);
    const matching = trx.selectFrom('items').where(stateOf(plan)).where(plan.match);
    const counted = trx
      .with('capped', () => matching.select(['id', column]).limit(COUNT_LIMIT + 1))
      .selectNoFrom([
        sql<number>`(select count(*)::int from capped)`.as('n'),
        sql<number[] | null>`(select array_agg(id order by ${order}) from capped)[${sql.lit(offset + 1)}:${sql.lit(offset + limit)}]`.as('page'),
      ]);
    const items = plan.itemsJson ? sql<string | null>`case when c.n <= ${sql.lit(COUNT_LIMIT)} then (${plan.itemsJson(sql<number[]>`c.page`)}) end` : sql<null>`null`;
    const capped = await trx.selectFrom(counted.as('c')).select(['c.n', 'c.page', items.as('items')]).executeTakeFirstOrThrow();
    if (capped.n <= COUNT_LIMIT) return { ids: capped.page ?? [], count: capped.n, exact: true, ...(capped.items === null ? {} : { json: capped.items }) };
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
