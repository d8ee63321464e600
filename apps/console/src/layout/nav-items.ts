/** The pages, each offered only to users holding its permission (null: everyone; `x` also held as `x:<id>`, for some players). */
export const navItems = [
  { to: '/on-air', label: 'On air', permission: null },
  { to: '/media', label: 'Media', permission: null },
  { to: '/schedule', label: 'Schedule', permission: null },
  { to: '/rundown', label: 'Rundown', permission: null },
  { to: '/players', label: 'Players', permission: null },
  { to: '/playlists', label: 'Playlists', permission: null },
  { to: '/alerts', label: 'Alerts', permission: 'manage_alerts' },
  { to: '/dayparting', label: 'Dayparting', permission: 'manage_media_settings' },
  { to: '/modules', label: 'Modules', permission: 'manage_modules' },
  { to: '/users', label: 'Users and groups', permission: 'manage_users' },
  { to: '/app-keys', label: 'App keys', permission: 'manage_appkeys' },
  { to: '/webhooks', label: 'Webhooks', permission: 'manage_webhooks' },
  { to: '/audit', label: 'Audit trail', permission: 'view_audit' },
  { to: '/settings', label: 'Account settings', permission: null },
] as const;
