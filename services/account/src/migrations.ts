import { sql } from 'kysely';
import type { SchemaMigration } from '@airwave/db';

/** The permission catalogue: every permission name the services check, with what it allows. */
export const permissionCatalogue: { name: string; category: string; description: string }[] = [
  { name: 'manage_users', category: 'administration', description: 'Create, edit, disable and delete users and groups.' },
  { name: 'manage_appkeys', category: 'account', description: 'Create, list, change and delete own app keys.' },
  { name: 'manage_modules', category: 'administration', description: 'Install, uninstall and purge modules.' },
  { name: 'manage_media', category: 'media', description: 'Edit, approve, archive and delete any media item.' },
  { name: 'create_own_media', category: 'media', description: 'Upload media and edit own media items.' },
  { name: 'media_advanced_permissions', category: 'media', description: 'Set the permitted users and groups of media items.' },
  { name: 'manage_media_settings', category: 'media', description: 'Manage media formats, categories, genres and dayparting.' },
  { name: 'manage_media_versions', category: 'media', description: 'Manage versions of any media item.' },
  { name: 'manage_timeslots', category: 'scheduling', description: 'Manage timeslots of players (granted for all players or per player).' },
  { name: 'manage_shows', category: 'scheduling', description: 'Manage shows of players.' },
  { name: 'manage_players', category: 'scheduling', description: 'Create, edit and delete players.' },
];

export const accountMigrations: Record<string, SchemaMigration> = {
  '0001_users_groups_permissions': {
    async up(db) {
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

      await db.insertInto('permissions').values(permissionCatalogue).execute();
      await db
        .insertInto('groups')
        .values([
          { name: 'Admin', description: 'Holds every permission.' },
          { name: 'Users', description: 'Default group of new users.' },
        ])
        .execute();
      await db.insertInto('group_permissions').values([{ group_id: 2, permission: 'create_own_media' }]).execute();
    },
  },
  '0002_scoped_permissions': {
    // Permissions may be granted for one record (`manage_timeslots:3`), so a group's permission is
    // no longer a foreign key to the catalogue; the service checks the base name against it.
    async up(db) {
      await db.schema.alterTable('group_permissions').dropConstraint('group_permissions_permission_fkey').execute();
    },
  },
  '0003_keys_tokens_store_settings': {
    async up(db) {
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
      await db.schema
        .createTable('tokens')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('store')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('store_pkey', ['user_id', 'name'])
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'jsonb', (c) => c.notNull())
        .execute();
      await db.insertInto('settings').values({ name: 'can_register', value: JSON.stringify(false) }).execute();
    },
  },
};
