// The webhooks' tables: the registrations and their delivery log (one row per event and webhook,
// unique, so an event taken from the stream twice is delivered once).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function createWebhookTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('event_types', sql`text[]`, (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('previous_secret_sealed', 'text')
    .addColumn('previous_secret_until', 'timestamptz')
    .addColumn('secret_rotated_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addUniqueConstraint('webhook_deliveries_event_unique', ['webhook_id', 'event_id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['next_attempt_at']).where(sql.ref('status'), '=', 'pending').execute();
  await db.schema.createIndex('webhook_deliveries_log_idx').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();
}
