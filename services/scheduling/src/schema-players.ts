// The tables of players as OpenBroadcaster has them (issue 30): the players' own settings, their
// station IDs, what their sync reports (status, now playing), the as-run log, and alerts.
import type { ColumnType, Generated } from 'kysely';
import { sql } from 'kysely';
import type { AnyDB } from '@airwave/db';

type Created = ColumnType<Date, Date | undefined, never>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Maybe<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface PlayerColumns {
  id: Generated<number>;
  name: string;
  description: string;
  timezone: string;
  created: Created;
  stream_url: ColumnType<string, string | undefined, string>;
  /** Who airs it: 'external' (OB Player) or 'airwave' (the playout service). */
  playout: ColumnType<string, string | undefined, string>;
  /** Its Icecast source password, sealed (AIRWAVE_ENCRYPTION_KEY) for `player-source:<id>`, or null. */
  source_password_sealed: Maybe<string>;
  /** The scrypt hash of its password (as users' are), or null: no password, no sync. */
  password_hash: Maybe<string>;
  ip_address: Maybe<string>;
  support_audio: Flag;
  support_video: Flag;
  support_images: Flag;
  support_linein: Flag;
  station_id_image_duration: ColumnType<number, number | undefined, number>;
  /** The loudness the playout airs each item at, LUFS (issue 44). */
  loudness_target: ColumnType<number, number | undefined, number>;
  default_playlist_id: Maybe<number>;
  parent_player_id: Maybe<number>;
  use_parent_schedule: Flag;
  use_parent_dynamic: Flag;
  use_parent_ids: Flag;
  use_parent_playlist: Flag;
  use_parent_alert: Flag;
}

/** What the player's sync reports: written often, so apart from its settings (no lock between them). */
export interface PlayerStatusColumns {
  player_id: number;
  version: ColumnType<string, string | undefined, string>;
  last_connect: Maybe<Date>;
  last_connect_schedule: Maybe<Date>;
  last_connect_emergency: Maybe<Date>;
  last_connect_playlog: Maybe<Date>;
  last_connect_media: Maybe<Date>;
  last_ip_address: Maybe<string>;
  longitude: Maybe<number>;
  latitude: Maybe<number>;
  show_name: Maybe<string>;
  playlist_id: Maybe<number>;
  playlist_end: Maybe<Date>;
  media_id: Maybe<number>;
  media_end: Maybe<Date>;
  now_playing_updated: Maybe<Date>;
}

export interface AlertColumns {
  id: Generated<number>;
  player_id: number;
  user_id: number;
  name: string;
  item_id: number;
  frequency: number;
  duration: number | null;
  start: Date;
  stop: Date;
  mode: string;
  created: Created;
}

export interface AsRunColumns {
  id: Generated<number>;
  player_id: number;
  media_id: number;
  artist: string;
  title: string;
  /** Unix seconds as the player sent them: numeric, so the fraction is kept exactly. */
  played_at: string;
  context: string;
  emerg_id: number;
  notes: string;
  /** When the play ended (Unix seconds, numeric): Airwave's playout reports it, OB Player does not (null). */
  ended_at: string | null;
  /** The show it aired in, as Airwave's playout names it (the rundown block's name); null from OB Player, which sends none. */
  show_name: string | null;
  created: Created;
}

async function extendPlayers(db: AnyDB) {
  // One statement: a migration runs at every start of a new station (and of every test system).
  let players = db.schema
    .alterTable('players')
    .addColumn('stream_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('ip_address', 'text');
  // A player plays whatever it is given until told otherwise: the players made before keep airing everything.
  for (const column of ['support_audio', 'support_video', 'support_images', 'support_linein']) players = players.addColumn(column, 'boolean', (c) => c.notNull().defaultTo(true));
  players = players
    .addColumn('station_id_image_duration', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('default_playlist_id', 'integer')
    .addColumn('parent_player_id', 'integer', (c) => c.references('players.id').onDelete('restrict'));
  for (const use of ['schedule', 'dynamic', 'ids', 'playlist', 'alert']) players = players.addColumn(`use_parent_${use}`, 'boolean', (c) => c.notNull().defaultTo(false));
  await players.execute();
  await db.schema.alterTable('players').addCheckConstraint('players_not_own_parent', sql`parent_player_id <> id`).execute();
  await db.schema.createIndex('players_parent_idx').on('players').column('parent_player_id').execute();
  await db.schema
    .createTable('player_station_ids')
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_station_ids_pkey', ['player_id', 'position'])
    .addUniqueConstraint('player_station_ids_media_key', ['player_id', 'media_id'])
    .execute();
}

async function createStatus(db: AnyDB) {
  let table = db.schema
    .createTable('player_status')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull().defaultTo(''));
  for (const column of ['last_connect', 'last_connect_schedule', 'last_connect_emergency', 'last_connect_playlog', 'last_connect_media']) table = table.addColumn(column, 'timestamptz');
  await table
    .addColumn('last_ip_address', 'text')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('show_name', 'text')
    .addColumn('playlist_id', 'integer')
    .addColumn('playlist_end', 'timestamptz')
    .addColumn('media_id', 'integer')
    .addColumn('media_end', 'timestamptz')
    .addColumn('now_playing_updated', 'timestamptz')
    .execute();
}

async function createAlertsAndAsRun(db: AnyDB) {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('restrict'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('frequency', 'integer', (c) => c.notNull())
    .addColumn('duration', 'integer')
    .addColumn('start', 'timestamptz', (c) => c.notNull())
    .addColumn('stop', 'timestamptz', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('interrupt'))
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('alerts_window_check', sql`stop > start`)
    .execute();
  await db.schema.createIndex('alerts_player_idx').on('alerts').columns(['player_id', 'start']).execute();
  await db.schema
    .createTable('asrun')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('played_at', 'numeric', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('emerg_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The same play reported twice (OB Player resends what it is not sure was stored) is one entry.
    .addUniqueConstraint('asrun_play_key', ['player_id', 'played_at', 'media_id', 'context', 'emerg_id'])
    .execute();
}

/** Issue 34: who airs a player, and the source password of its Icecast mount (sealed). */
export async function playerPlayout(db: AnyDB) {
  await db.schema
    .alterTable('players')
    .addColumn('playout', 'text', (c) => c.notNull().defaultTo('external').check(sql`playout in ('external', 'airwave')`))
    .addColumn('source_password_sealed', 'text')
    .execute();
}

/** Issue 34: a live show's own source password for the harbor of an aired player (sealed, like the player's). */
export async function showSourcePassword(db: AnyDB) {
  await db.schema.alterTable('shows').addColumn('source_password_sealed', 'text').execute();
}

/** Issue 34: the actual end of each play, from the engine's own end event (null when not reported). */
export async function asRunEnd(db: AnyDB) {
  await db.schema.alterTable('asrun').addColumn('ended_at', 'numeric').execute();
  await db.schema.alterTable('asrun').addCheckConstraint('asrun_end_after_start', sql`ended_at >= played_at`).execute();
}

/** Issue 43: the show each play aired in, so the as-run log can be read by show. */
/** Issue 44: the loudness each item airs at, a player's own (streaming's -16, broadcast's -23, -18 between). */
export async function playerLoudness(db: AnyDB) {
  await db.schema.alterTable('players').addColumn('loudness_target', 'real', (c) => c.notNull().defaultTo(-18)).execute();
}

export async function asRunShow(db: AnyDB) {
  await db.schema.alterTable('asrun').addColumn('show_name', 'text').execute();
}

export async function playersAndAlerts(db: AnyDB) {
  await extendPlayers(db);
  await createStatus(db);
  await createAlertsAndAsRun(db);
}
