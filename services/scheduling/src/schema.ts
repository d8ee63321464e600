import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AnyDB, SchemaMigration } from '@airwave/db';
import { sql } from 'kysely';
import { rundownBlocks, type RundownBlockColumns } from './schema-rundown';
import { clockPins, clocksAndFormats, type ClockSchema } from './schema-clocks';
import { listenerCountry, listenerTables, playListeners, type ListenerSchema } from './schema-listeners';
import { asRunEnd, asRunShow, playerLoudness, playerPlayout, playersAndAlerts, showSourcePassword, type AlertColumns, type AsRunColumns, type PlayerColumns, type PlayerStatusColumns } from './schema-players';

type Created = ColumnType<Date, Date | undefined, never>;

interface EntryColumns {
  id: Generated<number>;
  player_id: number;
  user_id: number;
  mode: string;
  x_data: number | null;
  start: ColumnType<Date, Date, Date>;
  duration: number;
  stop: ColumnType<Date | null, Date | null, Date | null>;
  /** "YYYY-MM-DD HH:MM:SS": the local time the series follows when its first start was given in a spring gap. */
  local_start: ColumnType<string | null, string | null | undefined, string | null>;
  created: Created;
}

interface ExceptionColumns {
  id: Generated<number>;
  series_id: number;
  user_id: number;
  original_start: Date;
  skip: boolean;
  start: Date | null;
  duration: number | null;
  created: Created;
}

export interface SchedulingSchema extends ClockSchema, ListenerSchema {
  timeslot_exceptions: ExceptionColumns;
  show_exceptions: ExceptionColumns & { item_type: string | null; item_id: number | null };
  players: PlayerColumns;
  player_station_ids: { player_id: number; position: number; media_id: number };
  player_status: PlayerStatusColumns;
  alerts: AlertColumns;
  asrun: AsRunColumns;
  timeslots: EntryColumns & { description: string };
  shows: EntryColumns & {
    item_type: string;
    item_id: number;
    flagged: string | null;
    source_password_sealed: ColumnType<string | null, string | null | undefined, string | null>;
    /** The show's own name, description and colour (#rrggbb), each null when not set. */
    name: ColumnType<string | null, string | null | undefined, string | null>;
    description: ColumnType<string | null, string | null | undefined, string | null>;
    colour: ColumnType<string | null, string | null | undefined, string | null>;
  };
  last_player: { user_id: number; page: string; player_id: number };
  rundown_blocks: RundownBlockColumns;
  dayparting: {
    id: Generated<number>;
    description: string;
    start_month: number;
    start_day: number;
    start_time: string;
    end_month: number;
    end_day: number;
    end_time: string;
    filters: ColumnType<unknown[], string, string>;
  };
}

export type SchedulingDB = Kysely<SchedulingSchema>;

/** The Postgres schema the service owns (raw SQL, which withSchema does not qualify, names it). */
export const SCHEDULING_SCHEMA = 'scheduling';

const entryTable = (db: AnyDB, name: string) =>
  db.schema
    .createTable(name)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('x_data', 'integer')
    .addColumn('start', 'timestamptz', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('stop', 'timestamptz')
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));

/** Exceptions to one table's series: one per occurrence (its original start), gone with the series. */
const exceptionTable = (db: AnyDB, name: string, series: string) =>
  db.schema
    .createTable(name)
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('series_id', 'integer', (c) => c.notNull().references(`${series}.id`).onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('original_start', 'timestamptz', (c) => c.notNull())
    .addColumn('skip', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('start', 'timestamptz')
    .addColumn('duration', 'integer')
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint(`${name}_occurrence_key`, ['series_id', 'original_start'])
    .addCheckConstraint(`${name}_moved_check`, sql`(start is null) = (duration is null) and not (skip and start is not null)`);

export const schedulingMigrations: Record<string, SchemaMigration> = {
  '0001_schedule': {
    async up(db) {
      await db.schema
        .createTable('players')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await entryTable(db, 'timeslots').addColumn('description', 'text', (c) => c.notNull().defaultTo('')).execute();
      await entryTable(db, 'shows')
        .addColumn('item_type', 'text', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('flagged', 'text')
        .execute();
      for (const table of ['timeslots', 'shows']) {
        await db.schema.createIndex(`${table}_player_idx`).on(table).columns(['player_id', 'start']).execute();
      }
      await db.schema.createIndex('shows_item_idx').on('shows').columns(['item_type', 'item_id']).execute();
      await db.schema
        .createTable('last_player')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('player_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('last_player_pkey', ['user_id', 'page'])
        .execute();
      await db.schema
        .createTable('dayparting')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('start_month', 'integer', (c) => c.notNull())
        .addColumn('start_day', 'integer', (c) => c.notNull())
        .addColumn('start_time', 'text', (c) => c.notNull())
        .addColumn('end_month', 'integer', (c) => c.notNull())
        .addColumn('end_day', 'integer', (c) => c.notNull())
        .addColumn('end_time', 'text', (c) => c.notNull())
        .addColumn('filters', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .execute();
    },
  },
  '0002_exceptions': {
    async up(db) {
      await exceptionTable(db, 'timeslot_exceptions', 'timeslots').execute();
      await exceptionTable(db, 'show_exceptions', 'shows').addColumn('item_type', 'text').addColumn('item_id', 'integer').execute();
      // Moved occurrences are found by where they landed, for listings and collisions.
      for (const name of ['timeslot_exceptions', 'show_exceptions']) {
        await db.schema.createIndex(`${name}_moved_idx`).on(name).column('start').where(sql.ref('start'), 'is not', null).execute();
      }
    },
  },
  '0003_players_alerts': { up: playersAndAlerts },
  // A series given a first start in the spring gap follows that local time (recurrence.ts, seriesWall).
  '0004_series_local_start': {
    async up(db) {
      for (const table of ['timeslots', 'shows']) await db.schema.alterTable(table).addColumn('local_start', 'text').execute();
    },
  },
  '0005_rundown': { up: rundownBlocks },
  '0006_player_playout': { up: playerPlayout },
  '0007_asrun_end': { up: asRunEnd },
  '0008_show_source_password': { up: showSourcePassword },
  // Issue 43: a show's own name, description and colour in the calendar.
  '0009_show_identity': {
    async up(db) {
      for (const column of ['name', 'description', 'colour']) await db.schema.alterTable('shows').addColumn(column, 'text').execute();
    },
  },
  '0010_asrun_show': { up: asRunShow },
  '0011_player_loudness': { up: playerLoudness },
  // Issue 45: music categories, clocks, and each player's rotation rules and clock grid.
  '0012_clocks': { up: clocksAndFormats },
  // Songs put in a clock hour's place by hand (PUT /players/{id}/rundown/replace).
  '0013_clock_pins': { up: clockPins },
  // Issue 46: listener sessions, each player's listener hook key, the station's salt.
  '0014_listeners': { up: listenerTables },
  // Issue 46: each listener session's country, read from the address before it is hashed.
  '0015_listener_country': { up: listenerCountry },
  // Issue 46: each play's listener figures, settled an hour after it ended and kept past the sessions.
  '0016_play_listeners': { up: playListeners },
};
