// The steps of migration 0004: two-factor secrets and recovery codes, the audit trail, and the
// permission to read everyone's audit trail.
import type { AnyDB } from '@airwave/db';
import { sql } from 'kysely';

export async function createTwoFactor(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_step', 'integer')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addUniqueConstraint('recovery_codes_user_code_key', ['user_id', 'code_hash'])
    .execute();
}

/** Entries outlive their users (no foreign key): the trail of a deleted account stays readable. */
export async function createAudit(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('actor_id', 'integer')
    .addColumn('actor_username', 'text')
    .addColumn('address', 'text')
    .addColumn('request_id', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_time_idx').on('audit').columns(['occurred_at', 'id']).execute();
  await db.schema.createIndex('audit_user_time_idx').on('audit').columns(['user_id', 'occurred_at']).execute();
}

/** A permission added to the catalogue by a later migration. */
export async function addPermission(db: AnyDB, permission: { name: string; category: string; description: string }): Promise<void> {
  await db
    .insertInto('permissions')
    .values(permission)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function addAuditPermission(db: AnyDB): Promise<void> {
  await addPermission(db, { name: 'view_audit', category: 'administration', description: 'Read the audit trail of every account and of modules.' });
}
