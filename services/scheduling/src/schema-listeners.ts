// Listeners' tables (issue 46, docs/decisions/listeners.md): each listener session of a player's
// mount (the address only as a salted hash), each player's listener hook key (a hash of it), and
// the station's salt (sealed).
import type { ColumnType, Generated } from 'kysely';
import { sql } from 'kysely';
import type { AnyDB } from '@airwave/db';

export interface ListenerSessionColumns {
  id: Generated<string>;
  player_id: number;
  mount: string;
  /** Icecast's listener id on that mount. */
  client: string;
  started: Date;
  ended: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** HMAC-SHA-256 of the address under the station's salt (listeners/address.ts). */
  address: string;
  /** ISO 3166-1 alpha-2 of the address, read before it was hashed (listeners/country.ts); null where unknown. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
  agent: string;
}

/** A play's listener figures, stored with its as-run entry once settled (listeners/settle.ts). */
export interface PlayListenerColumns {
  asrun_id: number;
  listeners_at_start: number;
  peak_listeners: number;
  listener_seconds: number;
  atp: number;
  settled: ColumnType<Date, Date | undefined, never>;
}

export interface ListenerSchema {
  listener_sessions: ListenerSessionColumns;
  play_listeners: PlayListenerColumns;
  listener_hooks: { player_id: number; key_hash: string };
  listener_salt: { id: number; sealed: string };
}

export async function listenerTables(db: AnyDB) {
  await db.schema
    .createTable('listener_sessions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id').onDelete('cascade'))
    .addColumn('mount', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('started', 'timestamptz', (c) => c.notNull())
    .addColumn('ended', 'timestamptz')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('agent', 'text', (c) => c.notNull().defaultTo(''))
    .addCheckConstraint('listener_sessions_order', sql`ended is null or ended >= started`)
    .execute();
  await db.schema.createIndex('listener_sessions_player_idx').on('listener_sessions').columns(['player_id', 'started']).execute();
  // one open session per listener id of a mount: a batch's insert skips what is already open
  await db.schema.createIndex('listener_sessions_open_idx').on('listener_sessions').columns(['player_id', 'mount', 'client']).unique().where(sql.ref('ended'), 'is', null).execute();
  await db.schema
    .createTable('listener_hooks')
    .addColumn('player_id', 'integer', (c) => c.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('listener_salt')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('sealed', 'text', (c) => c.notNull())
    .execute();
}

/** Each session's country (issue 46, "Countries"); sessions counted before it have none. */
export async function listenerCountry(db: AnyDB) {
  await db.schema.alterTable('listener_sessions').addColumn('country', 'text').execute();
}

/** Each play's figures, kept with its as-run entry past the sessions' retention (issue 46, "Settled figures"). */
export async function playListeners(db: AnyDB) {
  await db.schema
    .createTable('play_listeners')
    .addColumn('asrun_id', 'bigint', (c) => c.primaryKey().references('asrun.id').onDelete('cascade'))
    .addColumn('listeners_at_start', 'integer', (c) => c.notNull())
    .addColumn('peak_listeners', 'integer', (c) => c.notNull())
    .addColumn('listener_seconds', 'integer', (c) => c.notNull())
    .addColumn('atp', 'integer', (c) => c.notNull())
    .addColumn('settled', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
