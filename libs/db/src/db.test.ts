import { afterAll, describe, expect, it } from 'vitest';

import { sql } from 'kysely';
import { createTestDatabase, DatabaseUnreachableError, migrateSchema, openDatabase, type Database, type SchemaMigration } from './index';
import { limit } from '../../../vitest.shared';

const migrations: Record<string, SchemaMigration> = {
  '0001_items': {
    up: async (db) => {
      await db.schema.createTable('item').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.notNull()).execute();
    },
  },
};

function suite(name: string, open: () => Promise<{ db: Database; cleanup(): Promise<void> }>) {
  describe(name, () => {
    let db: Database;
    let cleanup: () => Promise<void> = async () => undefined;
    afterAll(async () => {
      await db?.close();
      await cleanup();
    });

    it('runs migrations inside the service schema, once', async () => {
      ({ db, cleanup } = await open());
      expect(await migrateSchema(db, 'svc_a', migrations)).toEqual(['0001_items']);
      expect(await migrateSchema(db, 'svc_a', migrations)).toEqual([]);
      // A second service gets its own table of the same name and its own migration record.
      expect(await migrateSchema(db, 'svc_b', migrations)).toEqual(['0001_items']);
      await db.forSchema('svc_a').insertInto('item').values({ name: 'only in a' }).execute();
      const a = await db.forSchema('svc_a').selectFrom('item').select('name').execute();
      const b = await db.forSchema('svc_b').selectFrom('item').select('name').execute();
      expect(a).toEqual([{ name: 'only in a' }]);
      expect(b).toEqual([]);
      const counted = await sql<{ n: number }>`select count(*)::int as n from svc_a.kysely_migration`.execute(db.root);
      expect(counted.rows[0]?.n).toBe(1);
    });

    it('reports a failing migration by name and keeps earlier ones', async () => {
      const bad = { ...migrations, '0002_bad': { up: async (trx: Database['root']) => { await sql`select * from no_such_table`.execute(trx); } } };
      await expect(migrateSchema(db, 'svc_a', bad)).rejects.toThrow(/0002_bad.*svc_a/);
      const rows = await db.forSchema('svc_a').selectFrom('item').select('name').execute();
      expect(rows).toHaveLength(1);
    });
  });
}

suite('PGlite (embedded)', async () => ({ db: await openDatabase({ memory: true }), cleanup: async () => undefined }));

const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  suite('PostgreSQL', async () => {
    const t = await createTestDatabase(baseUrl, 'db');
    return { db: await openDatabase({ url: t.url }), cleanup: t.drop };
  });
}

describe('openDatabase', () => {
  it('fails fast with a clear message when Postgres is unreachable', async () => {
    const started = Date.now();
    const error = await openDatabase({ url: 'postgres://nobody:secret@127.0.0.1:1/none' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(String((error as Error).message)).toMatch(/Cannot reach PostgreSQL at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/);
    expect(String((error as Error).message)).not.toContain('secret');
    expect(Date.now() - started).toBeLessThan(limit(5000));
  });
});
