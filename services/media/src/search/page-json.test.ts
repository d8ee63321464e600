// A search page's items written by PostgreSQL are itemOut's, field for field, for every kind of caller.
import type { Principal } from '@airwave/contracts';
import { migrateSchema, openDatabase, sql, type Database } from '@airwave/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMigrations } from '../migrations';
import type { MediaDB } from '../schema';
import { itemOut } from '../shared/item-row';
import { pageJson } from './page-json';
import { limit } from '../../../../vitest.shared';

const principal = (userId: number, permissions: string[], groupIds: number[] = []): Principal => ({ userId, username: `u${userId}`, groupIds, permissions, via: 'session' });

describe('pageJson', () => {
  let database: Database;
  let db: MediaDB;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await migrateSchema(database, 'media', mediaMigrations);
    db = database.forSchema('media') as MediaDB;
    // Nulls, fractions of milliseconds, quotes and accents, private items with permitted users and groups.
    await sql`
      insert into media.items (owner_id, title, artist, album, year, comments, status, type, format, duration, size, file_id, is_approved, is_archived,
                               permitted_users, permitted_groups, created, updated)
      select 1 + g % 3, 'Title "' || g || '" señor', 'Artist ' || g, '', case when g % 2 = 0 then null else 1990 + g end, E'line\\nbreak',
             (array['public','private','visible'])[1 + g % 3], 'audio', 'mp3', case when g % 4 = 0 then null else 120.5 + g end, 1000 * g, 'f' || g,
             g % 2 = 0, g % 5 = 0, case when g % 3 = 0 then array[2] else '{}'::int[] end, case when g % 4 = 1 then array[7, 8] else '{}'::int[] end,
             timestamptz '2026-03-01 12:00:00.123456+00' + (g * 1001 || ' microseconds')::interval,
             timestamptz '1999-12-31 23:59:59.999999+00' + (g * 7 || ' milliseconds')::interval
      from generate_series(1, 40) g`.execute(database.root);
  }, limit(60_000));
  afterAll(async () => {
    await database?.close();
  });

  it("answers itemOut's fields and values, in the order of the ids given", async () => {
    const rows = await db.selectFrom('items').selectAll().execute();
    const ids = rows.map((r) => r.id).reverse();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const callers = [principal(1, ['manage_media']), principal(1, ['create_own_media']), principal(2, []), principal(3, ['create_own_media'], [8])];
    for (const caller of callers) {
      const answered = JSON.parse(await pageJson(db, [...ids, 999_999], caller)) as unknown[];
      expect(answered).toEqual(ids.map((id) => itemOut(byId.get(id)!, caller)));
    }
    expect(await pageJson(db, [], callers[0]!)).toBe('[]');
  });
});
