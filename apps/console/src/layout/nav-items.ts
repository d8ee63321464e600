import { msg } from '../i18n';
/** The pages, each offered only to users holding its permission (null: everyone; `x` also held as `x:<id>`, for some players). */
export const navItems = [
  { to: '/on-air', label: msg('On air'), permission: null },
  { to: '/media', label: msg('Media'), permission: null },
  { to: '/schedule', label: msg('Schedule'), permission: null },
  { to: '/rundown', label: msg('Rundown'), permission: null },
  { to: '/as-run', label: msg('As-run log'), permission: 'view_player_monitor' },
  { to: '/reports', label: msg('Reports'), permission: null },
  { to: '/players', label: msg('Players'), permission: null },
  { to: '/playlists', label: msg('Playlists'), permission: null },
  { to: '/clocks', label: msg('Clocks'), permission: null },
  { to: '/alerts', label: msg('Alerts'), permission: 'manage_alerts' },
  { to: '/dayparting', label: msg('Dayparting'), permission: 'manage_media_settings' },
  { to: '/modules', label: msg('Modules'), permission: 'manage_modules' },
  { to: '/users', label: msg('Users and groups'), permission: 'manage_users' },
  { to: '/app-keys', label: msg('App keys'), permission: 'manage_appkeys' },
  { to: '/webhooks', label: msg('Webhooks'), permission: 'manage_webhooks' },
  { to: '/audit', label: msg('Audit trail'), permission: 'view_audit' },
  { to: '/settings', label: msg('Account settings'), permission: null },
] as const;
