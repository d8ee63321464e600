// The steps of migration 0003: app keys, one-time tokens, stored client values and the service's
// settings (registration starts switched off).
import type { AnyDB } from '@airwave/db';
import { sql } from 'kysely';

export async function createAppKeys(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('app_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('permissions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_access', 'timestamptz')
    .execute();
  await db.schema.createIndex('app_keys_user_idx').on('app_keys').column('user_id').execute();
}

export async function createTokens(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function createStore(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('store')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_pkey', ['user_id', 'name'])
    .execute();
}

export async function createSettings(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .execute();
  await db.insertInto('settings').values({ name: 'can_register', value: JSON.stringify(false) }).execute();
}
