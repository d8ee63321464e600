import type { SchemaMigration } from '@airwave/db';
import type { ColumnType, Generated, Kysely } from 'kysely';
import { sql } from 'kysely';

export interface MediaSchema {
  uploads: { file_id: string; owner_id: number; key_hash: string; size: number; type: string; format: string; duration: number | null; tags: ColumnType<unknown, string, string>; created: ColumnType<Date, Date | undefined, never>; claimed: boolean };
  items: {
    id: Generated<number>;
    owner_id: number;
    title: string;
    artist: string;
    album: string;
    year: number | null;
    category: string;
    genre: string;
    country: string;
    language: string;
    comments: string;
    is_copyright_owner: boolean;
    status: string;
    is_approved: boolean;
    is_archived: boolean;
    dynamic_select: boolean;
    permitted_users: ColumnType<number[], number[] | string, number[] | string>;
    permitted_groups: ColumnType<number[], number[] | string, number[] | string>;
    type: string;
    format: string;
    duration: number | null;
    size: number;
    file_id: string;
    properties: ColumnType<Record<string, unknown>, string | undefined, string>;
    search_text: string;
    /** Optimistic-concurrency counter: 1 on creation, +1 on every write to the item. */
    version: ColumnType<number, number | undefined, number>;
    created: ColumnType<Date, Date | undefined, never>;
    updated: ColumnType<Date, Date | undefined, Date>;
  };
  settings: { name: string; value: ColumnType<unknown, string, string> };
  versions: { media_id: number; created: number; notes: string; file_id: string; format: string; duration: number | null; size: number; active: boolean };
  searches: { id: Generated<number>; user_id: number; kind: string; filters: ColumnType<unknown, string, string>; description: string; is_default: boolean; created: ColumnType<Date, Date | undefined, never> };
}
export type MediaDB = Kysely<MediaSchema>;

export const defaultFormats = {
  audio_formats: ['mp3', 'ogg', 'flac', 'wav', 'm4a', 'opus', 'aac'],
  video_formats: ['mp4', 'webm', 'mkv', 'mov', 'avi'],
  image_formats: ['png', 'jpg', 'gif', 'webp'],
  document_formats: ['pdf'],
};

export const mediaMigrations: Record<string, SchemaMigration> = {
  '0001_media': {
    async up(db, schema) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await db.schema
        .createTable('uploads')
        .addColumn('file_id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('duration', 'double precision')
        .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('claimed', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .createTable('items')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('artist', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('album', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('year', 'integer')
        .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('genre', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_copyright_owner', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('public'))
        .addColumn('is_approved', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('dynamic_select', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('permitted_users', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('permitted_groups', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('duration', 'double precision')
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      // Word search: a trigram index on the accent-free, lower-case text of every text field.
      await sql`create index items_search_trgm on ${sql.table(`${schema}.items`)} using gin (search_text gin_trgm_ops)`.execute(db);
      await db.schema.createIndex('items_state_idx').on('items').columns(['is_archived', 'is_approved', 'updated']).execute();
      await db.schema.createIndex('items_owner_idx').on('items').column('owner_id').execute();
      await db.schema.createTable('settings').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('value', 'jsonb', (c) => c.notNull()).execute();
      await db.insertInto('settings').values({ name: 'formats', value: JSON.stringify(defaultFormats) }).execute();
      await db.schema
        .createTable('searches')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('filters', 'jsonb', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('searches_user_idx').on('searches').columns(['user_id', 'kind']).execute();
    },
  },
};

mediaMigrations['0002_versions'] = {
  async up(db) {
    await db.schema
      .createTable('versions')
      .addColumn('media_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('duration', 'double precision')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
      .addPrimaryKeyConstraint('versions_pkey', ['media_id', 'created'])
      .execute();
  },
};

// Search: top-N by a sort key walks a btree on (state, key, id) instead of sorting every match
// (see the search operation). These replace the (state, updated) index.
mediaMigrations['0003_search_sort_indexes'] = {
  async up(db) {
    await db.schema.dropIndex('items_state_idx').execute();
    for (const key of ['updated', 'title', 'artist']) {
      await db.schema.createIndex(`items_state_${key}_idx`).on('items').columns(['is_archived', 'is_approved', key, 'id']).execute();
    }
  },
};

// Lost-update protection: a client may send the version it read; a stale one is refused (409).
mediaMigrations['0004_item_version'] = {
  async up(db) {
    await db.schema.alterTable('items').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  },
};

/** The text fields folded into search_text. */
export const searchTextFields = ['title', 'artist', 'album', 'comments', 'category', 'genre', 'country', 'language'] as const;

/** Lower-case, accent-free text of an item's text fields: what simple search matches. */
export function searchTextOf(item: Record<string, unknown>): string {
  return searchTextFields
    .map((f) => String(item[f] ?? ''))
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
