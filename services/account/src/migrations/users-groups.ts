// The steps of migration 0001: users, then groups and the permission catalogue, then their seed
// rows. They run in this order, in the migrator's one transaction.
import type { AnyDB } from '@airwave/db';
import { sql } from 'kysely';
import { permissionCatalogue } from './catalogue';

export async function createUsers(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('language', 'text')
    .addColumn('theme', 'text')
    .addColumn('dyslexia_friendly_font', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sidebar_display_left', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_access', 'timestamptz')
    .execute();
  // Usernames and emails are unique regardless of case.
  await db.schema.createIndex('users_username_key').on('users').unique().expression(sql`lower(username)`).execute();
  await db.schema
    .createIndex('users_email_key')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .where(sql.ref('email'), '<>', '')
    .execute();
}

export async function createGroupsAndPermissions(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('permissions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('group_permissions')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull().references('permissions.name').onDelete('cascade'))
    .addPrimaryKeyConstraint('group_permissions_pkey', ['group_id', 'permission'])
    .execute();
  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_groups_pkey', ['user_id', 'group_id'])
    .execute();
  await db.schema.createIndex('user_groups_group_idx').on('user_groups').column('group_id').execute();
}

/** The catalogue, group 1 (Admin) and group 2 (Users, who may upload their own media). */
export async function seedGroupsAndCatalogue(db: AnyDB): Promise<void> {
  await db.insertInto('permissions').values(permissionCatalogue).execute();
  await db
    .insertInto('groups')
    .values([
      { name: 'Admin', description: 'Holds every permission.' },
      { name: 'Users', description: 'Default group of new users.' },
    ])
    .execute();
  await db.insertInto('group_permissions').values([{ group_id: 2, permission: 'create_own_media' }]).execute();
}
