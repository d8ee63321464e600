// The document's top: what the API is, where it is served, its areas (tags) and how callers
// authenticate (docs/decisions/api-conventions.md, "Credentials" and "OpenAPI").
import type { JsonSchema } from './openapi-schema';

export const apiDescription = [
  'Broadcast media and scheduling server; its API answers the way OpenBroadcaster clients expect.',
  '',
  'Every JSON reply is the envelope `{ "status": true|false, "msg": string, "data": any }` with a matching HTTP status; on failure `data` is `{ "code", "details"? }`.',
  '',
  'Credentials, in the order they are read: headers `X-Auth-ID` (user id, optional) and `X-Auth-Key` (session key); `Authorization: Bearer <session key>` (from `POST /api/v2/account/login`) or `Authorization: Bearer base64(<app key id>):<app key>`; cookies `ob_auth_id` and `ob_auth_key`; fields `i` (user id) and `k` (session key), in the query string for GET and DELETE and in the body otherwise.',
  '',
  'Input: query strings for GET and DELETE, read the way PHP does (`q[mode]=advanced&q[filters][0][filter]=genre` is a nested value; JSON in a parameter works too); bodies as JSON or `application/x-www-form-urlencoded` forms. OpenBroadcaster\'s form field (or query parameter) `d` carries the request\'s data as a JSON text; its fields become the request\'s. A query parameter an operation does not read is refused (400), except `i`, `k`, `d` and `_` (a cache buster).',
  '',
  'Creating: `POST /x`, `PUT /x` and `PUT /x/0` all create, for every resource that clients create.',
].join('\n');

/** The project's licence (LICENSE at the repository's root) as OpenAPI 3.1 names it: an SPDX identifier (which excludes `url`). */
export const apiLicense = { name: 'Apache License 2.0', identifier: 'Apache-2.0' };
/** The same licence as AsyncAPI 3 names it (its License Object has a URL, no identifier). */
export const eventsLicense = { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' };

/** Where the served API documents are read by people: the docs page of the server that serves them. */
export const docsPagePath = '/api/docs';

/**
 * info.contact: the project's name and the docs page. The page is on the server that serves the
 * document, so its absolute URL is the request's origin (`https://radio.example.org`) and the path;
 * every station runs its own Airwave, so there is no one address to write in at build time.
 */
export function apiContact(origin: string): { name: string; url: string } {
  return { name: 'Airwave', url: `${origin}${docsPagePath}` };
}

/** The document is served by the server it describes: paths resolve against where it was fetched. */
export const defaultServers = [{ url: '/', description: 'The server that serves this document (its paths start with /api/v2)' }];

const tagDescriptions: Record<string, string> = {
  Account: 'The logged-in user: login and sessions, settings, app keys, stored client values, registration and password reset',
  Users: 'Administration of users and groups (manage_users)',
  Media: 'The media library: uploads and downloads, items and their versions, formats, properties, archive, search and saved searches',
  Playlists: 'Playlists of media items, dynamic selections, station IDs and breakpoints (owned by the media service)',
  Scheduling: 'Players, timeslots, shows and dayparting restrictions',
  Modules: 'Installing and removing modules, which add routes under /api/v2/<module>',
  Webhooks: 'Events POSTed, signed (Standard Webhooks), to URLs administrators register, with retries and a delivery log (manage_webhooks); the events are those of /api/v2/asyncapi.json',
  Server: 'Health, readiness, metrics, this document and ping',
};

/** The top-level tags: every tag an operation uses, each with a description. */
export function tagsOf(used: Iterable<string>): JsonSchema[] {
  const names = [...new Set(used)];
  const known = Object.keys(tagDescriptions).filter((name) => names.includes(name));
  const rest = names.filter((name) => !(name in tagDescriptions)).sort();
  return [...known, ...rest].map((name) => ({
    name,
    description: tagDescriptions[name] ?? `Routes of ${name.startsWith('Module: ') ? `the module ${name.slice('Module: '.length)}` : name}`,
  }));
}

export const securitySchemes: Record<string, JsonSchema> = {
  session: { type: 'http', scheme: 'bearer', description: 'A session key from `POST /api/v2/account/login`: `Authorization: Bearer <key>`.' },
  appKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'An app key: `Authorization: Bearer base64(<app key id>):<app key>`. It may call only the endpoints it was given, with its owner\'s rights.',
  },
  authHeaders: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Auth-Key',
    description: 'OpenBroadcaster\'s headers: the session key in `X-Auth-Key`, optionally the user id in `X-Auth-ID` (it must be the session\'s user). Read before any other credentials.',
  },
  authCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'ob_auth_key',
    description: 'OpenBroadcaster\'s cookies: the session key in `ob_auth_key`, optionally the user id in `ob_auth_id`.',
  },
  authField: {
    type: 'apiKey',
    in: 'query',
    name: 'k',
    description:
      'OpenBroadcaster\'s fields: the session key in `k`, optionally the user id in `i`; in the query string for GET and DELETE (and for uploads, downloads and thumbnails), as body fields (form or JSON) otherwise.',
  },
};

/**
 * Who may call a route. Needing a user: any of the schemes, but an app key only where app keys may
 * call, and the fields `k`/`i` in the query string only where the gateway reads them there.
 */
export function securityOf(needsUser: boolean, options: { appKeys?: boolean; queryFields?: boolean } = {}): JsonSchema[] {
  if (!needsUser) return [];
  const names = ['session', ...(options.appKeys === false ? [] : ['appKey']), 'authHeaders', 'authCookie', ...(options.queryFields === false ? [] : ['authField'])];
  return names.map((name) => ({ [name]: [] }));
}
