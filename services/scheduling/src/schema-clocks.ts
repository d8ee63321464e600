// Music scheduling's tables (issue 45, docs/decisions/clocks.md): categories, clocks, and each
// player's format (its rotation rules, and its grid of clocks by weekday and hour).
import type { ColumnType, Generated } from 'kysely';
import { sql } from 'kysely';
import type { AnyDB } from '@airwave/db';

type Json<T> = ColumnType<T, string, string>;

export interface CategoryColumns {
  id: Generated<number>;
  name: string;
  description: string;
  source: Json<unknown>;
}

export interface ClockColumns {
  id: Generated<number>;
  name: string;
  description: string;
  target_seconds: number;
  fill_category_id: number | null;
  overrun: string;
  slots: Json<unknown[]>;
  rules: Json<Record<string, unknown>>;
  updated: ColumnType<Date, Date | undefined, Date>;
}

export interface FormatColumns {
  player_id: number;
  rules: Json<Record<string, unknown>>;
}

export interface GridColumns {
  player_id: number;
  weekday: number;
  hour: number;
  clock_id: number;
}

/** The categories a clock's slots name, kept beside the slots so a category in use cannot be deleted. */
export interface ClockCategoryColumns {
  clock_id: number;
  category_id: number;
}

/** A song put in a clock hour's place by hand: the block's start and which of its picks. */
export interface PinColumns {
  player_id: number;
  block_start: Date;
  pick: number;
  media_id: number;
  /** Put there by hand (a replacement), or kept as it was when a later song of the hour was replaced. */
  replaced: boolean;
}

export interface ClockSchema {
  clock_pins: PinColumns;
  music_categories: CategoryColumns;
  clocks: ClockColumns;
  clock_categories: ClockCategoryColumns;
  player_formats: FormatColumns;
  format_grid: GridColumns;
}

export async function clocksAndFormats(db: AnyDB) {
  await db.schema
    .createTable('music_categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('clocks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_seconds', 'integer', (c) => c.notNull())
    .addColumn('fill_category_id', 'integer', (c) => c.references('music_categories.id').onDelete('restrict'))
    .addColumn('overrun', 'text', (c) => c.notNull())
    .addColumn('slots', 'jsonb', (c) => c.notNull())
    .addColumn('rules', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('clock_categories')
    .addColumn('clock_id', 'integer', (c) => c.notNull().references('clocks.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('music_categories.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('clock_categories_pkey', ['clock_id', 'category_id'])
    .execute();
  await db.schema.createIndex('clock_categories_category_idx').on('clock_categories').column('category_id').execute();
  await db.schema
    .createTable('player_formats')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('format_grid')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 1 and 7`))
    .addColumn('hour', 'integer', (c) => c.notNull().check(sql`hour between 0 and 23`))
    .addColumn('clock_id', 'integer', (c) => c.notNull().references('clocks.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('format_grid_pkey', ['player_id', 'weekday', 'hour'])
    .execute();
  await db.schema.createIndex('format_grid_clock_idx').on('format_grid').column('clock_id').execute();
  // The clock a rundown block was filled by: a clock's change re-resolves only its hours.
  await db.schema.alterTable('rundown_blocks').addColumn('clock_id', 'integer').addColumn('warnings', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
  await db.schema.createIndex('rundown_blocks_clock_idx').on('rundown_blocks').column('clock_id').execute();
}

export async function clockPins(db: AnyDB) {
  await db.schema
    .createTable('clock_pins')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('block_start', 'timestamptz', (c) => c.notNull())
    .addColumn('pick', 'integer', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.notNull())
    .addColumn('replaced', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('clock_pins_pkey', ['player_id', 'block_start', 'pick'])
    .execute();
}
