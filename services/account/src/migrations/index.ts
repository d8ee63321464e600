// The account schema's migrations. Their names are recorded in account.kysely_migration: never
// rename one; add a new one instead. Each runs in the migrator's transaction, step by step.
import type { SchemaMigration } from '@airwave/db';
import { createAppKeys, createSettings, createStore, createTokens } from './keys-tokens-store';
import { addAuditPermission, addPermission, createAudit, createTwoFactor } from './two-factor-audit';
import { createGroupsAndPermissions, createUsers, seedGroupsAndCatalogue } from './users-groups';

export { permissionCatalogue } from './catalogue';

export const accountMigrations: Record<string, SchemaMigration> = {
  '0001_users_groups_permissions': {
    async up(db) {
      await createUsers(db);
      await createGroupsAndPermissions(db);
      await seedGroupsAndCatalogue(db);
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
      await createAppKeys(db);
      await createTokens(db);
      await createStore(db);
      await createSettings(db);
    },
  },
  '0004_two_factor_audit': {
    async up(db) {
      await createTwoFactor(db);
      await createAudit(db);
      await addAuditPermission(db);
    },
  },
  '0005_manage_webhooks': {
    // Webhooks (the modules service) are registered by holders of manage_webhooks.
    async up(db) {
      await addPermission(db, { name: 'manage_webhooks', category: 'administration', description: 'Register webhooks, read their delivery logs and send them test events.' });
    },
  },
  '0006_player_monitor_alerts': {
    // Players as OpenBroadcaster has them (issue 30): its monitor and alerts permissions, each
    // granted for every player or for one (`view_player_monitor:3`, `manage_alerts:3`).
    async up(db) {
      await addPermission(db, { name: 'view_player_monitor', category: 'scheduling', description: "Read players' as-run logs in the player monitor (granted for all players or per player)." });
      await addPermission(db, { name: 'manage_alerts', category: 'scheduling', description: 'Create, edit and delete alerts (priority broadcasts) of players (granted for all players or per player).' });
    },
  },
  '0007_playlists': {
    // Playlists as OpenBroadcaster has them (issue 30, docs/decisions/playlists.md).
    async up(db) {
      await addPermission(db, { name: 'manage_playlists', category: 'playlists', description: 'Create, edit and delete any playlist, and see private ones.' });
      await addPermission(db, { name: 'create_own_playlists', category: 'playlists', description: 'Create playlists and edit your own.' });
      await addPermission(db, { name: 'playlists_advanced_permissions', category: 'playlists', description: 'Set the users and groups that may edit and use a playlist.' });
    },
  },
};
