// The rundown's resolutions (docs/decisions/rundown.md): one row per (player, block start), what
// the block resolved to and the inputs it was resolved from, so the same question gets the same
// items and `last_updated` until something it depends on changes.
import type { ColumnType } from 'kysely';
import { sql } from 'kysely';
import type { AnyDB } from '@airwave/db';

export interface RundownBlockColumns {
  player_id: number;
  start: Date;
  /** Where the block ended when it was stored (for the window `scheduling.rundown.changed` names). */
  end: Date;
  kind: string;
  /** The show (series); 0 for a default-playlist block. */
  show_id: number;
  /** A digest of everything the resolution was made from (what the block airs, its length, the player's settings, dayparting). */
  inputs: string;
  playlist_id: number | null;
  /** Every media item in `items`: a change to one of them makes the block stale. */
  media_ids: ColumnType<number[], number[], number[]>;
  name: string;
  description: string;
  /** Seconds from the start to the end of the last item, before the block is cut to its time. */
  duration: number;
  items: ColumnType<unknown[], string, string>;
  /** Unix seconds. */
  last_updated: ColumnType<number, number, number>;
  /** Something it depends on changed: resolved again when next asked, unless it has begun. */
  stale: ColumnType<boolean, boolean | undefined, boolean>;
  /** The clock a clock block was filled by (issue 45), else null. */
  clock_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** What a clock block's hour could not do. */
  warnings: ColumnType<string[], string | undefined, string>;
}

export async function rundownBlocks(db: AnyDB) {
  await db.schema
    .createTable('rundown_blocks')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('start', 'timestamptz', (c) => c.notNull())
    .addColumn('end', 'timestamptz', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('show_id', 'integer', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('playlist_id', 'integer')
    .addColumn('media_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('duration', 'double precision', (c) => c.notNull())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('last_updated', 'bigint', (c) => c.notNull())
    .addColumn('stale', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('rundown_blocks_pkey', ['player_id', 'start'])
    .execute();
  await db.schema.createIndex('rundown_blocks_playlist_idx').on('rundown_blocks').column('playlist_id').execute();
}
