// The API's refusals in plain words (issue 35, point 9): a validation issue's path becomes the
// field as the forms label it ("media.0.title" → "Title of item 1"), zod's wording becomes a
// sentence ("Too big: expected string to have <=255 characters" → "is too long: at most 255
// characters"), an instant is written as a date and a time, and a permission by what it allows;
// all of it in the console's language (the labels and sentences are in its catalogues).
import { i18n, msg } from '../i18n';

/** Form labels of the API's field names (the last name of a path, indexes dropped). */
const labels: Record<string, string> = {
  title: msg('Title'),
  artist: msg('Artist'),
  album: msg('Album'),
  year: msg('Year'),
  genre: msg('Genre'),
  category: msg('Category'),
  country: msg('Country'),
  language: msg('Language'),
  comments: msg('Comments'),
  item_id: msg('What airs'),
  item_type: msg('What airs'),
  player_id: msg('Player'),
  user_id: msg('User'),
  password: msg('Password'),
  password_again: msg('New password again'),
  current_password: msg('Current password'),
  username: msg('Username'),
  display_name: msg('Display name'),
  email: msg('Email'),
  name: msg('Name'),
  description: msg('Description'),
  timezone: msg('Time zone'),
  start: msg('Start'),
  stop: msg('Last day'),
  duration: msg('Length'),
  frequency: msg('How often'),
  group_ids: msg('Groups'),
  permissions: msg('Permissions'),
  event_types: msg('Event types'),
  url: msg('Address'),
  val: msg('Value'),
  filter: msg('Field'),
  op: msg('Operator'),
  filters: msg('Filters'),
  items: msg('Items'),
  media: msg('Items'),
  code: msg('Code'),
};

/** Zod's and the contracts' wordings, and what to say instead (a predicate of the field). */
const wordings: [RegExp, (m: RegExpExecArray) => string][] = [
  [/expected number, received (NaN|null|undefined|string)|must be a number/i, () => i18n.t('must be a number')],
  [/Too big: expected string to have <=\s?(\d+) characters?/i, (m) => i18n.t('is too long: at most {{limit}} characters', { limit: m[1] })],
  [/Too small: expected string to have >=\s?1 characters?/i, () => i18n.t('is required')],
  [/Too small: expected string to have >=\s?(\d+) characters?/i, (m) => i18n.t('is too short: at least {{limit}} characters', { limit: m[1] })],
  [/Too small: expected array to have >=\s?1 items?/i, () => i18n.t('must have at least one')],
  [/Too small: expected array to have >=\s?(\d+) items?/i, (m) => i18n.t('must have at least {{limit}}', { limit: m[1] })],
  [/Too big: expected array to have <=\s?(\d+) items?/i, (m) => i18n.t('takes at most {{limit}}', { limit: m[1] })],
  [/Too big: expected (?:number|int) to be <=\s?(\S+)/i, (m) => i18n.t('must be at most {{limit}}', { limit: m[1] })],
  [/Too small: expected (?:number|int) to be >=\s?(\S+)/i, (m) => i18n.t('must be at least {{limit}}', { limit: m[1] })],
  [/Too small: expected (?:number|int) to be >\s?(\S+)/i, (m) => i18n.t('must be more than {{limit}}', { limit: m[1] })],
  [/expected (?:string|number|boolean|array|object), received undefined/i, () => i18n.t('is required')],
  [/Invalid option|Invalid enum value/i, () => i18n.t('is not one of the choices')],
  [/must match password/i, () => i18n.t('does not match the password')],
  [/is required to set a new password/i, () => i18n.t('is needed to set a new password')],
  [/Invalid email/i, () => i18n.t('is not an email address')],
  [/Invalid url|Invalid URL/, () => i18n.t('is not a web address')],
];

/** A field's path as its form labels it: "media.0.title" → "Title of item 1", "filters.1.val" → "Value of filter 2". */
export function fieldLabel(path: string): string {
  const parts = path.split('.');
  const name = [...parts].reverse().find((p) => !/^\d+$/.test(p)) ?? path;
  const label = name in labels ? i18n.t(labels[name]!) : capitalize(name.replace(/_/g, ' '));
  const index = parts.findIndex((p) => /^\d+$/.test(p));
  if (index <= 0 || parts[index - 1] === name) return label;
  const number = Number(parts[index]) + 1;
  return parts[index - 1] === 'filters' ? i18n.t('{{label}} of filter {{number}}', { label, number }) : i18n.t('{{label}} of item {{number}}', { label, number });
}

/** A validation message as a predicate ("is too long: at most 255 characters"), or null when its wording is not known. */
function knownPredicate(message: string): string | null {
  for (const [pattern, say] of wordings) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  return null;
}

/** A validation message as a predicate; unknown ones as the server words them. */
export function plainPredicate(message: string): string {
  return knownPredicate(message) ?? message.replace(/^Invalid input:\s*/i, '');
}

/** Under a field (its label is above it): "Too long: at most 255 characters."; unknown wordings as they are. */
export function underField(message: string): string {
  const predicate = knownPredicate(message);
  if (predicate === null) return message;
  // Under its label the field is not named again, nor the copula: "Too long: …", "Must be a number."
  return sentence(predicate.startsWith(`${i18n.t('is')} `) ? predicate.slice(i18n.t('is').length + 1) : predicate);
}

/** One issue as a sentence: "Title of item 1 is too long: at most 255 characters."; an unknown wording after its field's label. */
export function issueSentence(path: string, message: string): string {
  const known = knownPredicate(message);
  if (!path) return sentence(known ?? plainPredicate(message));
  return known ? i18n.t('{{field}} {{predicate}}.', { field: fieldLabel(path), predicate: known }) : sentence(i18n.t('{{field}}: {{message}}', { field: fieldLabel(path), message: plainPredicate(message) }));
}

/** What each permission allows, as "needs the permission to …" ends (others: their id in words). */
const permissionNames: Record<string, string> = {
  create_own_media: msg('create own media'),
  create_own_playlists: msg('create own playlists'),
  manage_alerts: msg('manage alerts'),
  manage_appkeys: msg('manage app keys'),
  manage_media: msg('manage media'),
  manage_media_settings: msg('manage media settings'),
  manage_media_versions: msg('manage media versions'),
  manage_modules: msg('manage modules'),
  manage_players: msg('manage players'),
  manage_playlists: msg('manage playlists'),
  manage_shows: msg('manage shows'),
  manage_timeslots: msg('manage timeslots'),
  manage_users: msg('manage users'),
  manage_webhooks: msg('manage webhooks'),
  media_advanced_permissions: msg('set who may see media'),
  view_audit: msg('view audit'),
  view_player_monitor: msg('view the player monitor'),
};

/** A permission by what it allows: "manage_timeslots:3" → "manage timeslots". */
export function permissionWords(permission: string): string {
  const id = permission.replace(/:.*$/, '');
  const known = permissionNames[id];
  return known ? i18n.t(known) : id.replace(/_/g, ' ').replace(/\bappkeys\b/, 'app keys');
}

/** A server message with its instants written as dates and times, and its permission ids as words. */
export function plainMessage(message: string, locale: string): string {
  return message
    .replace(/(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, (_, date: string, time: string) => wallClock(date, time, locale))
    .replace(/\bneeds (manage_\w+|create_own_\w+|view_\w+)( or (manage_\w+|create_own_\w+))?/g, (_, a: string, __, b?: string) =>
      b ? i18n.t('needs the permission to {{a}} or to {{b}}', { a: permissionWords(a), b: permissionWords(b) }) : i18n.t('needs the permission to {{a}}', { a: permissionWords(a) }),
    )
    .replace(/\bmanage_timeslots may\b/, i18n.t('someone allowed to manage timeslots may'));
}

/** The date and time as written in the instant (the offset's own wall clock, the player's): "29 Mar 2026, 08:00". */
function wallClock(date: string, time: string, locale: string): string {
  const at = new Date(`${date}T${time}:00Z`);
  const day = at.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const clock = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  return i18n.t('{{day}}, {{clock}}', { day, clock });
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => capitalize(text.trim()).replace(/([^.!?])$/, '$1.');
