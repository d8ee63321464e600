// The API's refusals in plain words (issue 35, point 9): a validation issue's path becomes the
// field as the forms label it ("media.0.title" → "Title of item 1"), zod's wording becomes a
// sentence ("Too big: expected string to have <=255 characters" → "is too long: at most 255
// characters"), an instant is written as a date and a time, and a permission by what it allows.

/** Form labels of the API's field names (the last name of a path, indexes dropped). */
const labels: Record<string, string> = {
  title: 'Title',
  artist: 'Artist',
  album: 'Album',
  year: 'Year',
  genre: 'Genre',
  category: 'Category',
  country: 'Country',
  language: 'Language',
  comments: 'Comments',
  item_id: 'What airs',
  item_type: 'What airs',
  player_id: 'Player',
  user_id: 'User',
  password: 'Password',
  password_again: 'New password again',
  username: 'Username',
  display_name: 'Display name',
  email: 'Email',
  name: 'Name',
  description: 'Description',
  timezone: 'Time zone',
  start: 'Start',
  stop: 'Last day',
  duration: 'Length',
  frequency: 'How often',
  group_ids: 'Groups',
  permissions: 'Permissions',
  event_types: 'Event types',
  url: 'Address',
  val: 'Value',
  filter: 'Field',
  op: 'Operator',
  filters: 'Filters',
  items: 'Items',
  media: 'Items',
  code: 'Code',
};

/** Zod's and the contracts' wordings, and what to say instead (a predicate of the field). */
const wordings: [RegExp, (m: RegExpExecArray) => string][] = [
  [/expected number, received (NaN|null|undefined|string)|must be a number/i, () => 'must be a number'],
  [/Too big: expected string to have <=\s?(\d+) characters?/i, (m) => `is too long: at most ${m[1]} characters`],
  [/Too small: expected string to have >=\s?1 characters?/i, () => 'is required'],
  [/Too small: expected string to have >=\s?(\d+) characters?/i, (m) => `is too short: at least ${m[1]} characters`],
  [/Too small: expected array to have >=\s?1 items?/i, () => 'must have at least one'],
  [/Too small: expected array to have >=\s?(\d+) items?/i, (m) => `must have at least ${m[1]}`],
  [/Too big: expected array to have <=\s?(\d+) items?/i, (m) => `takes at most ${m[1]}`],
  [/Too big: expected (?:number|int) to be <=\s?(\S+)/i, (m) => `must be at most ${m[1]}`],
  [/Too small: expected (?:number|int) to be >=\s?(\S+)/i, (m) => `must be at least ${m[1]}`],
  [/Too small: expected (?:number|int) to be >\s?(\S+)/i, (m) => `must be more than ${m[1]}`],
  [/expected (?:string|number|boolean|array|object), received undefined/i, () => 'is required'],
  [/Invalid option|Invalid enum value/i, () => 'is not one of the choices'],
  [/must match password/i, () => 'does not match the password'],
  [/Invalid email/i, () => 'is not an email address'],
  [/Invalid url|Invalid URL/, () => 'is not a web address'],
];

/** A field's path as its form labels it: "media.0.title" → "Title of item 1", "filters.1.val" → "Value of filter 2". */
export function fieldLabel(path: string): string {
  const parts = path.split('.');
  const name = [...parts].reverse().find((p) => !/^\d+$/.test(p)) ?? path;
  const label = labels[name] ?? capitalize(name.replace(/_/g, ' '));
  const index = parts.findIndex((p) => /^\d+$/.test(p));
  if (index <= 0 || parts[index - 1] === name) return label;
  const of = parts[index - 1] === 'filters' ? 'filter' : 'item';
  return `${label} of ${of} ${Number(parts[index]) + 1}`;
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
  return sentence(predicate.replace(/^(is|must|does|needs|takes) /, (verb) => (verb === 'is ' ? '' : verb)));
}

/** One issue as a sentence: "Title of item 1 is too long: at most 255 characters."; an unknown wording after its field's label. */
export function issueSentence(path: string, message: string): string {
  const known = knownPredicate(message);
  if (!path) return sentence(known ?? plainPredicate(message));
  return known ? `${fieldLabel(path)} ${known}.` : sentence(`${fieldLabel(path)}: ${plainPredicate(message)}`);
}

/** A permission by what it allows: "manage_timeslots:3" → "manage timeslots". */
export function permissionWords(permission: string): string {
  return permission.replace(/:.*$/, '').replace(/_/g, ' ').replace(/\bappkeys\b/, 'app keys');
}

/** A server message with its instants written as dates and times, and its permission ids as words. */
export function plainMessage(message: string, locale: string): string {
  return message
    .replace(/(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, (_, date: string, time: string) => wallClock(date, time, locale))
    .replace(/\bneeds (manage_\w+|create_own_\w+|view_\w+)( or (manage_\w+|create_own_\w+))?/g, (_, a: string, __, b?: string) => `needs the permission to ${permissionWords(a)}${b ? ` or to ${permissionWords(b)}` : ''}`)
    .replace(/\bmanage_timeslots may\b/, 'someone allowed to manage timeslots may');
}

/** The date and time as written in the instant (the offset's own wall clock, the player's): "29 Mar 2026, 08:00". */
function wallClock(date: string, time: string, locale: string): string {
  const at = new Date(`${date}T${time}:00Z`);
  const day = at.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const clock = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  return `${day}, ${clock}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => capitalize(text.trim()).replace(/([^.!?])$/, '$1.');
