// A dynamic item's picks, chosen in SQL (docs/decisions/playlists.md, "Dynamic picks"): only the
// `num_items` it airs are read, never every match. The library is cut into 256 buckets by a hash of
// the id (index items_pick_bucket_idx); the seed orders the buckets, and within a bucket md5(seed:
// index:id) orders the items. The picks are the first matches in that order, so a query reads the
// first bucket or two (1/256 of the library each) instead of the whole library, and the same seed and
// library always give the same picks. What the reads are cut into never changes the answer.
import { createHash } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { MediaDB } from '../schema';
import type { Condition } from '../search/rules';
import type { AirableItem } from './resolve';

export const PICK_BUCKETS = 256;

/**
 * An item's bucket: the top 8 bits of its id's Fibonacci hash (id × 2654435761 mod 2^32), so
 * consecutive ids (an album uploaded at once) fall in different buckets. The index
 * items_pick_bucket_idx (migration 0006_pick_buckets) is on exactly this expression.
 */
export const bucketExpression = sql<number>`(((id::bigint * 2654435761) & 4294967295) >> 24)`;

/** The same bucket, computed here (for tests). */
export const bucketOf = (id: number): number => Number(((BigInt(id) * 2654435761n) & 0xffffffffn) >> 24n);

/** mulberry32: a small, fast 32-bit generator, enough to shuffle 256 buckets. */
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
  seed: string;
  /** The dynamic item's index in its playlist: each item orders the library its own way. */
  index: number;
  /** The media kinds the player airs. */
  kinds: string[];
  /** Filter sets of dayparting in force: an item any of them matches is never picked. */
  excluded: Condition[];
  /** Ids never picked: the items the playlist names and the earlier picks. */
  used: readonly number[];
  limit: number;
}

/** The query of the matches of `condition` in the buckets `batch`, in pick order, at most `limit` (exported for EXPLAIN). */
export function pickQuery(db: MediaDB, condition: Condition, request: PickRequest, batch: number[], limit: number) {
  return db
    .selectFrom('items')
    .where(sql<SqlBool>`${bucketExpression} = any(${sql.val(batch)}::int[])`)
    .where('is_approved', '=', true)
    .where('is_archived', '=', false)
    .where('type', 'in', request.kinds)
    .where(condition)
    .where((eb) => (request.excluded.length ? eb.not(eb.or(request.excluded.map((c) => c(eb)))) : sql<SqlBool>`true`))
    .where(sql<SqlBool>`id <> all(${sql.val([...request.used])}::int[])`)
    .select(['id', 'type', 'title', 'artist', 'duration'])
    .orderBy(sql`array_position(${sql.val(batch)}::int[], ${bucketExpression}::int)`)
    .orderBy(sql`md5(${`${request.seed}:${request.index}:`} || id::text)`)
    .orderBy('id')
    .limit(limit);
}

async function picksIn(db: MediaDB, condition: Condition, request: PickRequest, batch: number[], limit: number): Promise<AirableItem[]> {
  const rows = await pickQuery(db, condition, request, batch, limit).execute();
  return rows.map((r) => ({ ...r, duration: r.duration === null ? null : Number(r.duration) }));
}

/**
 * The first `limit` airable matches of `condition` in the seed's order: bucket by bucket (1, then
 * 2, 4, … buckets a query, until enough are found; every bucket at once when many are wanted).
 */
export async function pickItems(db: MediaDB, condition: Condition, request: PickRequest): Promise<AirableItem[]> {
  if (request.kinds.length === 0 || request.limit <= 0) return [];
  const order = bucketOrder(request.seed, request.index);
  const picks: AirableItem[] = [];
  let from = 0;
  let size = request.limit > 1000 ? PICK_BUCKETS : 1;
  while (from < PICK_BUCKETS && picks.length < request.limit) {
    const batch = order.slice(from, from + size);
    picks.push(...(await picksIn(db, condition, request, batch, request.limit - picks.length)));
    from += batch.length;
    size *= 2;
  }
  return picks;
}
