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
