// Dynamic picks in SQL (picks.ts) against their definition written out here: the airable matches,
// minus the used ids and what dayparting excludes, ordered by (the seed's rank of the item's bucket,
// md5(seed:index:id), id), the first `limit`. On an embedded PGlite library.
import { createHash } from 'node:crypto';
import { migrateSchema, openDatabase, sql, type Database } from '@airwave/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { mediaMigrations } from '../migrations';
import type { MediaDB } from '../schema';
import { parseFilters } from '../search/filters';
import { filtersCondition } from '../search/rules';
import { bucketOf, bucketOrder, PICK_BUCKETS, pickItems, pickMany, type PickRequest } from './picks';

const ROWS = 3000;
const genres = ['Rock', 'Pop', 'Jazz', 'Folk', 'Rare'];
const types = ['audio', 'video', 'image', 'document'];
// Item g: genre g % 5 except "Rare" only every 97th, type g % 4 (every 7th an image), unapproved every 10th, archived every 13th.
const genreOf = (g: number) => (g % 97 === 0 ? 'Rare' : genres[g % 4]!);
const typeOf = (g: number) => (g % 7 === 0 ? 'image' : types[g % 4]!);
const airable = (g: number) => g % 10 !== 0 && g % 13 !== 0;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The definition: what pickItems must answer. */
function expected(request: { seed: string; index: number; genre: string; kinds: string[]; excludedGenre: string | null; used: number[]; limit: number }): number[] {
  const rank = new Map(bucketOrder(request.seed, request.index).map((b, i) => [b, i]));
  const key = (id: number) => ({ id, bucket: rank.get(bucketOf(id))!, hash: md5(`${request.seed}:${request.index}:${id}`) });
  return Array.from({ length: ROWS }, (_, i) => i + 1)
    .filter((g) => airable(g) && genreOf(g) === request.genre && request.kinds.includes(typeOf(g)) && genreOf(g) !== request.excludedGenre && !request.used.includes(g))
    .map(key)
    .sort((a, b) => a.bucket - b.bucket || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : a.id - b.id))
    .slice(0, request.limit)
    .map((k) => k.id);
}

describe('dynamic picks in SQL', () => {
  let database: Database;
  let db: MediaDB;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await migrateSchema(database, 'media', mediaMigrations);
    db = database.forSchema('media') as MediaDB;
    await sql`
      insert into media.items (id, owner_id, title, artist, genre, type, format, duration, file_id, is_approved, is_archived, search_text)
      select g, 1, 'Title ' || g, 'Artist', case when g % 97 = 0 then 'Rare' else (array['Rock','Pop','Jazz','Folk'])[1 + g % 4] end,
             case when g % 7 = 0 then 'image' else (array['audio','video','image','document'])[1 + g % 4] end, 'mp3', 100 + g % 50, 'f' || g,
             g % 10 <> 0, g % 13 = 0, 'title ' || g
      from generate_series(1, ${ROWS}) g`.execute(database.root);
    await sql`analyze media.items`.execute(database.root);
  }, limit(120_000));
  afterAll(async () => {
    await database?.close();
  });

  it("computes an item's bucket as the index's expression does", async () => {
    const rows = await sql<{ id: number; hash: string }>`select id, ((id::bigint * 2654435761) & 4294967295) as hash from media.items`.execute(database.root);
    for (const row of rows.rows) expect(bucketOf(row.id)).toBe(Math.floor(Number(row.hash) / 2 ** (32 - Math.log2(PICK_BUCKETS))));
    expect(new Set(rows.rows.map((r) => bucketOf(r.id))).size).toBe(Math.min(PICK_BUCKETS, ROWS));
    expect([...bucketOrder('seed', 0)].sort((a, b) => a - b)).toEqual(Array.from({ length: PICK_BUCKETS }, (_, b) => b));
  });

  it('picks exactly the first matches in the seed order, whatever the limit, exclusions and used ids', async () => {
    const request = fc.record({
      seed: fc.string({ minLength: 1, maxLength: 12 }),
      index: fc.integer({ min: 0, max: 30 }),
      genre: fc.constantFrom(...genres, 'None'),
      kinds: fc.subarray(['audio', 'video', 'image'], { minLength: 1 }),
      excludedGenre: fc.option(fc.constantFrom(...genres)),
      used: fc.array(fc.integer({ min: 1, max: ROWS }), { maxLength: 40 }),
      limit: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constant(5000)),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const condition = filtersCondition(parseFilters([{ filter: 'genre', op: 'eq', val: r.genre }]));
        const excluded = r.excludedGenre ? [filtersCondition(parseFilters([{ filter: 'genre', op: 'eq', val: r.excludedGenre }]))] : [];
        const picks = await pickItems(db, { condition, seed: r.seed, index: r.index, kinds: r.kinds, excluded, used: r.used, limit: r.limit });
        expect(picks.map((p) => p.id)).toEqual(expected(r));
      }),
      { numRuns: 60 },
    );
  }, limit(120_000));

  it('gives the same picks for the same seed, others for another seed', async () => {
    const condition = filtersCondition(parseFilters([{ filter: 'genre', op: 'eq', val: 'Jazz' }]));
    const ask = (seed: string) => pickItems(db, { condition, seed, index: 3, kinds: ['audio', 'video', 'image'], excluded: [], used: [], limit: 5 });
    const first = await ask('7:1780268400000');
    expect(first).toHaveLength(5);
    expect(await ask('7:1780268400000')).toEqual(first);
    expect((await ask('7:1780272000000')).map((p) => p.id)).not.toEqual(first.map((p) => p.id));
  });

  it('answers a batch as each request alone (first reads in one statement)', async () => {
    const genre = (val: string) => filtersCondition(parseFilters([{ filter: 'genre', op: 'eq', val }]));
    const requests: PickRequest[] = Array.from({ length: 70 }, (_, i) => ({
      condition: genre(genres[i % genres.length]!),
      seed: `s${i % 9}`,
      index: i,
      kinds: i % 11 === 0 ? [] : ['audio', 'video', 'image'].slice(0, 1 + (i % 3)),
      excluded: i % 4 === 0 ? [genre('Pop')] : [],
      used: [i, i + 1, 2 * i],
      limit: i % 7 === 0 ? 5000 : 1 + (i % 30),
    }));
    const batch = await pickMany(db, requests);
    expect(batch).toEqual(await Promise.all(requests.map((request) => pickItems(db, request))));
    expect(batch.filter((picks) => picks.length > 0).length).toBeGreaterThan(30);
  }, limit(120_000));
});
