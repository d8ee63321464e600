// The playout schema: one lease per player aired by Airwave (which replica airs it, until when).
// Times are the database's own clock (now()), so replicas with skewed clocks agree on expiry.
import type { SchemaMigration } from '@airwave/db';
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';

export const PLAYOUT_SCHEMA = 'playout';

export interface LeaseColumns {
  player_id: number;
  /** The replica airing it: `<host>:<pid>:<random>`. */
  holder: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  acquired_at: ColumnType<Date, Date | string, Date | string>;
}

export interface PlayoutSchema {
  leases: LeaseColumns;
}

export type PlayoutDB = Kysely<PlayoutSchema>;

export const playoutMigrations: Record<string, SchemaMigration> = {
  '0001_leases': {
    async up(db) {
      await db.schema
        .createTable('leases')
        .addColumn('player_id', 'integer', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('acquired_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
};
