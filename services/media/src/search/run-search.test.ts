// The search strategies (window, pinned trigram bitmap, deep-page index walk) against the plain
// query they replace, on an embedded PGlite library larger than the window.
import { openDatabase, migrateSchema, sql, type Database } from '@airwave/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchFilter } from '@airwave/contracts';
import type { ExpressionBuilder } from 'kysely';
import { filterExpression, wordsExpression } from './filters';
import { mediaMigrations } from '../migrations';
import type { MediaDB, MediaSchema } from '../schema';
import { filtersEstimable } from './rules';
import { COUNT_LIMIT, FIRST_WINDOW_ROWS, firstWindowRows, nextWindowRows, runSearch, WINDOW_ROWS } from './run-search';
import { planRows } from './list-size';
import { limit } from '../../../../vitest.shared';

const ROWS = 2 * WINDOW_ROWS + 3000;

describe('media search strategies', () => {
  let database: Database;
  let db: MediaDB;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await migrateSchema(database, 'media', mediaMigrations);
    db = database.forSchema('media') as MediaDB;
    // Words of every density: "common" in every 4th row, "mid" every 40th, "rare" every 2000th,
    // "alpha" and "beta" often but never together, "top" only in the newest 900 rows.
    await sql`
      insert into media.items (owner_id, title, artist, year, genre, type, format, file_id, is_approved, is_archived, search_text, updated)
      select 1, 'Title ' || (g * 7919 % 10007), 'Artist ' || (g % 13), case when g % 11 = 0 then null else 1950 + g % 70 end, (array['Rock','Pop','Jazz','Folk','Soul'])[1 + g % 5], 'audio', 'mp3', 'f' || g,
             g % 10 <> 0, g % 17 = 0,
             concat_ws(' ', 'title', g * 7919 % 10007, case when g % 4 = 0 then 'common' end, case when g % 40 = 0 then 'middling' end,
                       case when g % 2000 = 0 then 'rarity' end, case when g % 6 = 0 then 'alpha' end, case when g % 6 = 3 then 'beta' end,
                       case when g <= 900 then 'topical' end),
             timestamptz '2026-01-01' - (g / 3 || ' minutes')::interval
      from generate_series(1, ${ROWS}) g`.execute(database.root);
    await sql`analyze media.items`.execute(database.root);
  }, limit(120_000));
  afterAll(async () => {
    await database?.close();
  });

  const words = ['', 'common', 'middling', 'rarity', 'alph beta', 'topical', 'common middl', 'ti'];
  // Filters the planner has statistics for (migration 0007): dense, sparse, none.
  const filters: SearchFilter[][] = [
    [{ filter: 'genre', op: 'eq', val: 'jazz' }, { filter: 'year', op: 'gte', val: 1990 }],
    [{ filter: 'genre', op: 'eq', val: 'Jazz' }, { filter: 'year', op: 'eq', val: 1960 }],
    [{ filter: 'genre', op: 'neq', val: 'rock' }],
    [{ filter: 'genre', op: 'eq', val: 'blues' }],
  ];
  type EB = ExpressionBuilder<MediaSchema, 'items'>;
  const cases = [
    ...words.map((w) => ({ label: w || '(all)', match: (eb: EB) => wordsExpression(eb, w) ?? sql<boolean>`true`, trigram: w.split(' ').some((x) => x.length >= 3), estimable: true, densityKnown: false })),
    ...filters.map((f) => ({ label: JSON.stringify(f), match: (eb: EB) => eb.and(f.map((x) => filterExpression(eb, x))), trigram: false, estimable: filtersEstimable(f), densityKnown: true })),
  ];
  const sorts = [
    ['updated', 'desc'],
    ['title', 'asc'],
    ['year', 'desc'],
  ] as const;
  const lists = [
    { archived: false, approved: true },
    { archived: false, approved: false },
    { archived: true },
  ];

  it('pages exactly like ORDER BY … LIMIT/OFFSET and counts exactly up to the limit', async () => {
    for (const { label: text, match, trigram, estimable: withStatistics, densityKnown } of cases) {
      expect(withStatistics, text).toBe(true);
      for (const [column, dir] of sorts) {
        for (const list of lists) {
          const reference = await db
            .selectFrom('items')
            .select('id')
            .where('is_archived', '=', list.archived)
            .$if(list.approved !== undefined, (q) => q.where('is_approved', '=', list.approved!))
            .where(match)
            .orderBy(column, dir)
            .orderBy('id', dir)
            .execute();
          for (const [offset, estimable] of [[0, true], [50, true], [700, true], [3000, true], [0, false], [700, false]] as const) {
            const result = await runSearch(db, {
              ...list,
              match,
              trigram,
              estimable,
              densityKnown,
              column,
              dir,
              limit: 50,
              offset,
            });
            const label = `${text} ${column} ${dir} ${JSON.stringify(list)} o=${offset} estimable=${estimable}`;
            expect(result.ids, label).toEqual(reference.slice(offset, offset + 50).map((r) => r.id));
            if (result.exact) expect(result.count, label).toBe(reference.length);
            else {
              // Only ever an estimate past the limit, and of the right size on evenly spread data.
              expect(reference.length, label).toBeGreaterThan(COUNT_LIMIT);
              expect(result.count, label).toBeGreaterThan(COUNT_LIMIT);
              expect(result.count / reference.length, label).toBeGreaterThan(0.5);
              expect(result.count / reference.length, label).toBeLessThan(2);
            }
            if (reference.length <= COUNT_LIMIT) expect(result.exact, label).toBe(true);
          }
        }
      }
    }
  }, limit(300_000));

  it('knows how many items a filter on lower(genre) matches (statistics of migration 0007), and sizes the windows by the density expected, then seen', async () => {
    const jazz = db.selectFrom('items').select('id').where((eb) => filterExpression(eb, { filter: 'genre', op: 'eq', val: 'JAZZ' }));
    const planned = await planRows(jazz);
    const actual = (await jazz.execute()).length;
    expect(planned / actual).toBeGreaterThan(0.7);
    expect(planned / actual).toBeLessThan(1.4);
    // A tenth of the list matches by the planner: the page of 50 twice over is 1,000 rows.
    expect(firstWindowRows({ limit: 50, offset: 0 }, 10_000, 100_000)).toBe(1000);
    expect(firstWindowRows({ limit: 50, offset: 0 }, 90_000, 100_000)).toBe(FIRST_WINDOW_ROWS);
    // A tenth of the first 500 rows matched: the page of 50 twice over is 1,000 rows.
    expect(nextWindowRows({ limit: 50, offset: 0 }, 50, 500)).toBe(1000);
    expect(nextWindowRows({ limit: 50, offset: 0 }, 46, 500)).toBe(1087);
    expect(nextWindowRows({ limit: 50, offset: 500 }, 20, 500)).toBe(WINDOW_ROWS);
    expect(nextWindowRows({ limit: 50, offset: 0 }, 0, 500)).toBe(WINDOW_ROWS);
  });
});
