// A dynamic item's picks, chosen in SQL (docs/decisions/playlists.md, "Dynamic picks"): only the
// `num_items` it airs are read, never every match. The library is cut into PICK_BUCKETS buckets by
// a hash of the id (index items_pick_hash_idx); the seed orders the buckets, and within a bucket
// md5(seed:index:id) orders the items. The picks are the first matches in that order, so a query
// reads the first bucket or two (1/1024 of the library each) instead of the whole library, and the
// same seed and library always give the same picks. What the reads are cut into never changes the
// answer. A batch of requests (a rundown's blocks) makes its first reads in a few statements.
import { createHash } from 'node:crypto';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { MediaDB } from '../schema';
import type { Condition } from '../search/rules';
import type { AirableItem } from './resolve';

/**
 * How many buckets: a pick reads about 1/PICK_BUCKETS of the library, and an item's chance to be
 * picked varies with how many matches share its bucket (about ±1/√(matches per bucket)). A power
 * of two up to 2^16; changing it needs no migration (the index is on the whole hash).
 */
export const PICK_BUCKETS = 1024;
const SHIFT = 32 - Math.log2(PICK_BUCKETS);

/**
 * An item's Fibonacci hash, id × 2654435761 mod 2^32: consecutive ids (an album uploaded at once)
 * fall far apart. The index items_pick_hash_idx (migration 0006_pick_hash) is on exactly this
 * expression; an item's bucket is its top bits.
 */
export const hashExpression = sql<number>`((id::bigint * 2654435761) & 4294967295)`;
const bucketExpression = sql<number>`(${hashExpression} >> ${sql.lit(SHIFT)})`;

/** An item's bucket, computed here (for tests). */
export const bucketOf = (id: number): number => Number(((BigInt(id) * 2654435761n) & 0xffffffffn) >> BigInt(SHIFT));

/** Items in the buckets: hash ranges the index serves for a few buckets, the bucket itself for many (read whole anyway). */
function inBuckets(batch: number[]): RawBuilder<SqlBool> {
  if (batch.length > 16) return sql<SqlBool>`${bucketExpression} = any(${sql.val(batch)}::int[])`;
  const ranges = batch.map((b) => sql`(${hashExpression} >= ${sql.lit(b * 2 ** SHIFT)} and ${hashExpression} < ${sql.lit((b + 1) * 2 ** SHIFT)})`);
  return sql<SqlBool>`(${sql.join(ranges, sql` or `)})`;
}

/** mulberry32: a small, fast 32-bit generator, enough to shuffle the buckets. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The buckets in the order the seed gives a dynamic item: a Fisher-Yates shuffle seeded by md5(seed:index). */
export function bucketOrder(seed: string, index: number): number[] {
  const next = generator(createHash('md5').update(`${seed}:${index}`).digest().readUInt32BE(0));
  const order = Array.from({ length: PICK_BUCKETS }, (_, b) => b);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export interface PickRequest {
  /** The dynamic item's search. */
  condition: Condition;
  seed: string;
  /** The dynamic item's index in its playlist: each item orders the library its own way. */
  index: number;
  /** The media kinds the player airs. */
  kinds: string[];
  /** Filter sets of dayparting in force: an item any of them matches is never picked. */
  excluded: Condition[];
  /** Ids never picked (the items the playlist names). */
  used: readonly number[];
  limit: number;
}

/** The query of a request's matches in the buckets `batch`, in pick order, at most `limit` (exported for EXPLAIN). */
export function pickQuery(db: MediaDB, request: PickRequest, batch: number[], limit: number) {
  const bucketRank = sql<number>`array_position(${sql.val(batch)}::int[], ${bucketExpression}::int)`;
  const hash = sql<string>`md5(${`${request.seed}:${request.index}:`} || id::text)`;
  // One where and one order by (each call of the builder copies the query: a batch builds hundreds).
  return db
    .selectFrom('items')
    .where((eb) =>
      eb.and([
        inBuckets(batch),
        sql<SqlBool>`is_approved and not is_archived`,
        eb('type', 'in', request.kinds),
        request.condition(eb),
        ...(request.excluded.length ? [eb.not(eb.or(request.excluded.map((c) => c(eb))))] : []),
        sql<SqlBool>`id <> all(${sql.val([...request.used])}::int[])`,
      ]),
    )
    .select(['id', 'type', 'title', 'artist', 'duration', bucketRank.as('pick_bucket'), hash.as('pick_hash')])
    .orderBy(sql`${bucketRank}, ${hash}, id`)
    .limit(limit);
}

type Row = { id: number; type: string; title: string; artist: string; duration: number | string | null };
const airableOf = (r: Row): AirableItem => ({ id: r.id, type: r.type, title: r.title, artist: r.artist, duration: r.duration === null ? null : Number(r.duration) });

/** The first read's buckets: one, or every one when many are wanted. */
const firstSize = (limit: number) => (limit > 1000 ? PICK_BUCKETS : 1);

/** At most this many requests' first reads in one statement, in at least STATEMENTS statements (run at once, on a pool's connections). */
const PARTS = 64;
const STATEMENTS = 3;

/** Every request's first read (its first buckets), in statements of requests joined by UNION ALL. */
async function firstReads(db: MediaDB, requests: PickRequest[], orders: number[][]): Promise<AirableItem[][]> {
  const found: AirableItem[][] = requests.map(() => []);
  const live = requests.flatMap((request, ask) => (request.kinds.length > 0 && request.limit > 0 ? [ask] : []));
  const statements = [];
  const per = Math.max(1, Math.min(PARTS, Math.ceil(live.length / STATEMENTS)));
  for (let i = 0; i < live.length; i += per) {
    const parts = live.slice(i, i + per).map((ask) => db.selectFrom(pickQuery(db, requests[ask]!, orders[ask]!.slice(0, firstSize(requests[ask]!.limit)), requests[ask]!.limit).as(`p${ask}`)).selectAll().select(sql.lit(ask).as('ask')));
    statements.push(parts.reduce((union, part) => union.unionAll(part)).orderBy('ask').orderBy('pick_bucket').orderBy('pick_hash').orderBy('id').execute());
  }
  for (const rows of await Promise.all(statements)) for (const row of rows) found[row.ask]!.push(airableOf(row));
  return found;
}

/** The rest of a request's picks when its first read found too few: 2, 4, 8, … more buckets a read. */
async function laterReads(db: MediaDB, request: PickRequest, order: number[], picks: AirableItem[]): Promise<AirableItem[]> {
  let from = firstSize(request.limit);
  let size = 2 * from;
  while (from < PICK_BUCKETS && picks.length < request.limit) {
    const batch = order.slice(from, from + size);
    picks.push(...(await pickQuery(db, request, batch, request.limit - picks.length).execute()).map(airableOf));
    from += batch.length;
    size *= 2;
  }
  return picks;
}

/** Each request's first `limit` airable matches in its seed's order. */
export async function pickMany(db: MediaDB, requests: PickRequest[]): Promise<AirableItem[][]> {
  const orders = requests.map((request) => bucketOrder(request.seed, request.index));
  const first = await firstReads(db, requests, orders);
  return Promise.all(requests.map((request, ask) => (request.kinds.length > 0 ? laterReads(db, request, orders[ask]!, first[ask]!) : [])));
}

/** One request's picks. */
export const pickItems = async (db: MediaDB, request: PickRequest): Promise<AirableItem[]> => (await pickMany(db, [request]))[0]!;
