// The media schema's migrations, in order (libs/db runs each inside the schema, in a transaction).
import type { AnyDB, SchemaMigration } from '@airwave/db';
import { sql } from 'kysely';

export const defaultFormats = {
  audio_formats: ['mp3', 'ogg', 'flac', 'wav', 'm4a', 'opus', 'aac'],
  video_formats: ['mp4', 'webm', 'mkv', 'mov', 'avi'],
  image_formats: ['png', 'jpg', 'gif', 'webp'],
  document_formats: ['pdf'],
};

async function createUploads(db: AnyDB) {
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
}

async function createItems(db: AnyDB, schema: string) {
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
}

async function createSettings(db: AnyDB) {
  await db.schema.createTable('settings').addColumn('name', 'text', (c) => c.primaryKey()).addColumn('value', 'jsonb', (c) => c.notNull()).execute();
  await db.insertInto('settings').values({ name: 'formats', value: JSON.stringify(defaultFormats) }).execute();
}

async function createSearches(db: AnyDB) {
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
}

export const mediaMigrations: Record<string, SchemaMigration> = {
  '0001_media': {
    async up(db, schema) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await createUploads(db);
      await createItems(db, schema);
      await createSettings(db);
      await createSearches(db);
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


// Playlists (issue 30, docs/decisions/playlists.md): the playlist, who may use it besides its owner,
// and its items in order. A media item's id is not a foreign key: a playlist keeps naming an item
// that was deleted (shown as missing, skipped when it airs) rather than changing without a word.
mediaMigrations['0005_playlists'] = {
  async up(db) {
    await db.schema
      .createTable('playlists')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('private'))
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('standard'))
      .addColumn('permitted_users', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('permitted_groups', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('playlists_owner_idx').on('playlists').column('owner_id').execute();
    await db.schema.createIndex('playlists_updated_idx').on('playlists').columns(['updated', 'id']).execute();
    await db.schema
      .createTable('playlist_items')
      .addColumn('playlist_id', 'integer', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
      .addColumn('ord', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('media_id', 'integer')
      .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addPrimaryKeyConstraint('playlist_items_pkey', ['playlist_id', 'ord'])
      .execute();
    await db.schema.createIndex('playlist_items_media_idx').on('playlist_items').column('media_id').execute();
  },
};

// Dynamic picks (docs/decisions/playlists.md, "Dynamic picks"): the library's items by a hash of
// the id (playlists/picks.ts, hashExpression: the same expression), so a pick reads a bucket (a
// range of the hash) or two instead of every match.
mediaMigrations['0006_pick_hash'] = {
  async up(db, schema) {
    await sql`create index items_pick_hash_idx on ${sql.table(`${schema}.items`)} (((id::bigint * 2654435761) & 4294967295))`.execute(db);
  },
};

// Search by filters (issue 36, docs/decisions/media-search-speed.md): statistics on lower(field) of
// the fields advanced searches compare with eq/neq, so that the planner's estimate of a search by
// genre or category is near the truth (without them it expects 0.5 % of the rows) and the search
// can pick its plan by it, as a search by words does.
export const statisticsFields = ['genre', 'category', 'country', 'language', 'type', 'status', 'artist', 'album'] as const;
mediaMigrations['0007_filter_statistics'] = {
  async up(db, schema) {
    for (const field of statisticsFields) {
      await sql`create statistics ${sql.table(`${schema}.items_lower_${field}_stat`)} on (lower(${sql.ref(field)})) from ${sql.table(`${schema}.items`)}`.execute(db);
    }
    await sql`analyze ${sql.table(`${schema}.items`)}`.execute(db);
  },
};

// Durations (issue 41, docs/decisions/media.md, "Durations"): how each file's duration was found.
// 'container': from the file's header, not decoded yet (the background measuring's queue);
// 'decoded': the decoded audio's length; 'undecodable': ffmpeg could not decode it, the header's
// length is kept; null: nothing to measure (images, documents). The library's audio and video wait
// to be measured.
mediaMigrations['0008_duration_source'] = {
  async up(db, schema) {
    const table = (name: string) => sql.table(`${schema}.${name}`);
    for (const name of ['uploads', 'items', 'versions']) {
      await db.schema.alterTable(name).addColumn('duration_source', 'text', (c) => c.defaultTo('container')).execute();
    }
    await sql`update ${table('uploads')} set duration_source = null where type not in ('audio', 'video')`.execute(db);
    await sql`update ${table('items')} set duration_source = null where type not in ('audio', 'video')`.execute(db);
    await sql`update ${table('versions')} v set duration_source = null from ${table('items')} i where i.id = v.media_id and i.type not in ('audio', 'video')`.execute(db);
    await sql`create index items_duration_queue_idx on ${table('items')} (id) where duration_source = 'container'`.execute(db);
    await sql`create index versions_duration_queue_idx on ${table('versions')} (media_id, created) where duration_source = 'container'`.execute(db);
  },
};

// Duplicate uploads (issue 43, N10; docs/decisions/media.md, "Duplicate uploads"): each upload's
// SHA-256, so an upload of a file already in the library is pointed out. Uploads made before have
// none and are not compared.
mediaMigrations['0009_upload_content_hash'] = {
  async up(db) {
    await db.schema.alterTable('uploads').addColumn('content_hash', 'text').execute();
    await db.schema.createIndex('uploads_content_hash_idx').on('uploads').column('content_hash').where('content_hash', 'is not', null).execute();
    // The items holding those files, found by file.
    await db.schema.createIndex('items_file_idx').on('items').column('file_id').execute();
  },
};

// Station sound (issue 44; docs/decisions/station-sound.md): each file's analysis, once per file (a
// new version's file is analysed anew). A file without a row waits to be analysed.
mediaMigrations['0010_analyses'] = {
  async up(db) {
    await db.schema
      .createTable('analyses')
      .addColumn('file_id', 'text', (c) => c.primaryKey())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('analysed', 'undecodable')`))
      .addColumn('integrated_lufs', 'real')
      .addColumn('loudness_range', 'real')
      .addColumn('true_peak', 'real')
      .addColumn('cue_in', 'real')
      .addColumn('cue_out', 'real')
      .addColumn('next_start', 'real')
      .addColumn('seconds', 'real')
      .addColumn('waveform', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('reason', 'text')
      .addColumn('analysed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

// Edited cue points (issue 44): per item, kept over every analysis of its file (and its new
// versions'); gone with the item.
mediaMigrations['0011_cue_edits'] = {
  async up(db) {
    await db.schema
      .createTable('cue_edits')
      .addColumn('media_id', 'integer', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
      .addColumn('cue_in', 'real')
      .addColumn('cue_out', 'real')
      .addColumn('next_start', 'real')
      .addColumn('edited_by', 'integer', (c) => c.notNull())
      .addColumn('edited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

// Issue 46: a recording's ISRC and its label (SoundExchange's report of use names them), read from
// the file's tags at upload where the item does not say.
mediaMigrations['0012_isrc_label'] = {
  async up(db) {
    await db.schema.alterTable('items').addColumn('isrc', 'text', (c) => c.notNull().defaultTo('')).addColumn('label', 'text', (c) => c.notNull().defaultTo('')).execute();
  },
};
