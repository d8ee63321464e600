// The modules schema's migrations. Their names are recorded in modules.kysely_migration: never
// rename one; add a new one instead.
import type { SchemaMigration } from '@airwave/db';
import { sql } from 'kysely';
import { createWebhookTables } from './webhooks/tables';

export const modulesMigrations: Record<string, SchemaMigration> = {
  '0001_installed': {
    async up(db) {
      await db.schema
        .createTable('installed')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('installed'))
        .addColumn('installed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0002_webhooks': {
    async up(db) {
      await createWebhookTables(db);
    },
  },
};
