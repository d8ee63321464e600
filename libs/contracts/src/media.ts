// Media library: items, uploads, formats, properties, archive, search and saved searches.
import { z } from 'zod';
import { Empty, Flag, Id, Nothing } from './common';
import { defineOperation } from './operation';
import { documentedInput } from './input-forms';

const tag = 'Media';

export const MediaType = z.enum(['audio', 'video', 'image', 'document']);
export const Visibility = z.enum(['public', 'private', 'visible']);

const OneId = z.union([z.number().int().positive().max(2_147_483_647), z.string().regex(/^\s*\d{1,10}\s*$/)]);

/** `id` may be an array of ids or a single id (as OpenBroadcaster clients send). */
export const IdList = documentedInput(
  z.preprocess(
    (v) => {
      if (typeof v === 'string' && v.trim().startsWith('[')) {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      }
      if (typeof v === 'string' && v.includes(',')) return v.split(',').map((s) => s.trim());
      return Array.isArray(v) ? v : v === undefined ? v : [v];
    },
    z.array(z.coerce.number().int().positive().max(2_147_483_647)).min(1, 'give at least one id').max(1000),
  ),
  z
    .union([z.array(OneId).min(1).max(1000), OneId, z.string().max(20_000)])
    .describe('Ids: an array, one id, or a text of ids separated by commas (or a JSON array)'),
);

const text = (max: number) => z.string().trim().max(max);

export const MediaItemInput = z.object({
  id: Id.optional(),
  file_id: z.string().max(100).optional(),
  file_key: z.string().max(200).optional(),
  title: text(500).min(1, 'is required').optional(),
  artist: text(500).optional(),
  album: text(500).optional(),
  year: z.coerce.number().int().min(0).max(9999).nullable().optional(),
  category: text(200).optional(),
  genre: text(200).optional(),
  country: text(100).optional(),
  language: text(100).optional(),
  comments: text(5000).optional(),
  is_copyright_owner: Flag.optional(),
  status: Visibility.optional(),
  is_approved: Flag.optional(),
  dynamic_select: Flag.optional(),
  permitted_users: z.array(Id).max(500).optional(),
  permitted_groups: z.array(Id).max(500).optional(),
  /** The item's version as last read; if given and no longer current, nothing is saved (409). */
  version: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type MediaItemInput = z.infer<typeof MediaItemInput>;

export const MediaItem = z.object({
  id: z.number().int(),
  owner_id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  album: z.string(),
  year: z.number().int().nullable(),
  category: z.string(),
  genre: z.string(),
  country: z.string(),
  language: z.string(),
  comments: z.string(),
  is_copyright_owner: z.boolean(),
  status: Visibility,
  is_approved: z.boolean(),
  is_archived: z.boolean(),
  dynamic_select: z.boolean(),
  permitted_users: z.array(z.number().int()),
  permitted_groups: z.array(z.number().int()),
  type: MediaType,
  format: z.string(),
  duration: z.number().nullable(),
  size: z.number().int(),
  created: z.string(),
  updated: z.string(),
  /** 1 when created, +1 on every change; send it back with PUT /media to refuse stale writes. */
  version: z.number().int(),
  can_edit: z.boolean(),
});

export const MediaFormats = z.object({
  audio_formats: z.array(z.string().regex(/^[a-z0-9]{2,10}$/)).max(50),
  video_formats: z.array(z.string().regex(/^[a-z0-9]{2,10}$/)).max(50),
  image_formats: z.array(z.string().regex(/^[a-z0-9]{2,10}$/)).max(50),
  document_formats: z.array(z.string().regex(/^[a-z0-9]{2,10}$/)).max(50),
});

export const UploadResult = z.object({
  file_id: z.string(),
  file_key: z.string(),
  type: MediaType,
  format: z.string(),
  duration: z.number().nullable(),
  size: z.number().int(),
  tags: z.record(z.string(), z.unknown()),
});

export const filterFields = ['comments', 'artist', 'title', 'album', 'year', 'type', 'category', 'country', 'language', 'genre', 'duration', 'is_copyright_owner', 'status'] as const;
export const filterOps = ['eq', 'neq', 'contains', 'ncontains', 'gt', 'gte', 'lt', 'lte', 'has', 'nhas'] as const;
export const filterOpAliases: Record<string, (typeof filterOps)[number]> = { is: 'eq', not: 'neq', like: 'contains', not_like: 'ncontains', not_has: 'nhas' };

export const SearchFilter = z.object({
  filter: z.enum(filterFields, { error: `must be one of ${filterFields.join(', ')}` }),
  op: documentedInput(
    z.preprocess((v) => (typeof v === 'string' && v in filterOpAliases ? filterOpAliases[v] : v), z.enum(filterOps, { error: `must be one of ${filterOps.join(', ')}` })),
    z.enum([...filterOps, ...(Object.keys(filterOpAliases) as [string, ...string[]])]).describe(`Also OpenBroadcaster's names: ${Object.entries(filterOpAliases).map(([a, o]) => `${a} (${o})`).join(', ')}`),
  ),
  val: z.union([z.string().max(500), z.number(), z.boolean()]),
});
export type SearchFilter = z.infer<typeof SearchFilter>;

const SimpleQuery = z.object({ mode: z.literal('simple'), string: z.string().max(500).default('') });
const AdvancedQuery = z.object({ mode: z.literal('advanced'), filters: z.array(SearchFilter).max(50) });

/** `q` as clients send it: an object (or its JSON in a query string), or a plain string. */
export const SearchQuery = documentedInput(
  z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const trimmed = v.trim();
        if (trimmed.startsWith('{')) {
          try {
            return JSON.parse(trimmed) as unknown;
          } catch {
            return v;
          }
        }
        return { mode: 'simple', string: v };
      }
      return v ?? { mode: 'simple', string: '' };
    },
    z.discriminatedUnion('mode', [SimpleQuery, AdvancedQuery]),
  ),
  z
    .union([z.string().max(20_000).describe('Words to find (a simple search), or the JSON of one of the objects'), SimpleQuery, AdvancedQuery])
    .optional()
    .describe('What to find: plain words, or a simple or advanced search (in a query string in bracket notation, q[mode]=advanced&q[filters][0][filter]=genre, or as JSON). Default: everything.'),
);
export type SearchQuery = z.infer<typeof SearchQuery>;

export const sortFields = ['artist', 'album', 'title', 'year', 'category_name', 'genre_name', 'country_name', 'language_name', 'duration', 'updated'] as const;

const SearchRecord = z.object({ id: z.number().int(), filters: z.unknown(), description: z.string(), default: z.boolean(), created: z.string() });

export const media = {
  save: defineOperation({
    subject: 'media.items.save',
    input: z.object({
      media: documentedInput(
        z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? v : [v]), z.array(MediaItemInput).min(1).max(500)),
        z.union([z.array(MediaItemInput).min(1).max(500), MediaItemInput]).describe('The items, or one item'),
      ),
    }),
    output: z.array(z.object({ id: z.number().int() })),
    auth: 'user',
    http: { method: 'PUT', path: '/media', summary: 'Create or update one or many media items (all or none)', tag },
    successMessage: 'Media saved.',
  }),
  get: defineOperation({
    subject: 'media.items.get',
    input: z.object({ id: Id }),
    output: MediaItem,
    auth: 'user',
    http: { method: 'GET', path: '/media/:id', summary: 'One media item', tag },
  }),
  propertiesGet: defineOperation({
    subject: 'media.properties.get',
    input: z.object({ id: Id }),
    output: z.record(z.string(), z.unknown()),
    auth: 'user',
    http: { method: 'GET', path: '/media/properties/:id', summary: 'Additional properties of a media item', tag },
  }),
  propertiesSet: defineOperation({
    subject: 'media.properties.set',
    input: z.object({ id: Id, properties: z.record(z.string().max(100), z.unknown()) }),
    output: Nothing,
    auth: 'user',
    http: { method: 'POST', path: '/media/properties/:id', summary: 'Save additional properties (a JSON object, at most 16 KiB)', tag },
    successMessage: 'Properties saved.',
  }),
  formatsGet: defineOperation({ subject: 'media.formats.get', input: Empty, output: MediaFormats, auth: 'user', http: { method: 'GET', path: '/media/formats', summary: 'Accepted formats', tag } }),
  formatsSet: defineOperation({
    subject: 'media.formats.set',
    input: MediaFormats,
    output: MediaFormats,
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'POST', path: '/media/formats', summary: 'Set the accepted formats', tag },
    successMessage: 'Formats saved.',
  }),
  archive: defineOperation({
    subject: 'media.archive',
    input: z.object({ id: IdList }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_media',
    http: { method: 'POST', path: '/media/archive', summary: 'Archive media items', tag },
    successMessage: 'Archived.',
  }),
  unarchive: defineOperation({
    subject: 'media.unarchive',
    input: z.object({ id: IdList }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_media',
    http: { method: 'POST', path: '/media/archive/undo', summary: 'Take media items out of the archive', tag },
    successMessage: 'Restored.',
  }),
  delete: defineOperation({
    subject: 'media.delete',
    input: z.object({ id: IdList }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_media',
    http: { method: 'DELETE', path: '/media/archive', summary: 'Delete archived or unapproved media items (all or none)', tag },
    successMessage: 'Deleted.',
  }),
  search: defineOperation({
    subject: 'media.search',
    input: z.object({
      q: SearchQuery,
      l: z.coerce.number().int().min(1).max(500).default(50),
      o: z.coerce.number().int().min(0).max(100_000).default(0),
      sort_by: z.enum(sortFields).default('updated'),
      sort_dir: z.enum(['asc', 'desc']).default('desc'),
      s: z.enum(['approved', 'unapproved', 'archived']).default('approved'),
      my: Flag.optional(),
      save_history: Flag.optional(),
    }),
    output: z.object({
      num_results: z.number().int().describe('Exact when num_results_exact; past 1,000 matches an estimate (always above 1,000)'),
      num_results_exact: z.boolean(),
      media: z.array(MediaItem),
    }),
    auth: 'user',
    http: { method: 'GET', path: '/media/search', summary: 'Search the library (simple words or advanced filters)', tag },
  }),
  searches: defineOperation({
    subject: 'media.searches.list',
    input: Empty,
    output: z.object({ saved: z.array(SearchRecord), history: z.array(SearchRecord) }),
    auth: 'user',
    http: { method: 'GET', path: '/media/searches', summary: 'Saved searches and history of the logged-in user', tag },
  }),
  searchSave: defineOperation({
    subject: 'media.searches.save',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'POST', path: '/media/searches', summary: 'Move a search from history to saved', tag },
  }),
  searchDefault: defineOperation({
    subject: 'media.searches.default',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'POST', path: '/media/searches/default', summary: 'Make a saved search part of your default search', tag },
  }),
  searchUndefault: defineOperation({
    subject: 'media.searches.undefault',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/media/searches/default/:id', summary: 'Unset a default search', tag },
  }),
  searchEdit: defineOperation({
    subject: 'media.searches.edit',
    input: z.object({ id: Id, filters: z.array(SearchFilter).max(50), description: z.string().trim().max(500).default('') }),
    output: Nothing,
    auth: 'user',
    http: { method: 'PUT', path: '/media/searches/:id', summary: 'Edit a saved search', tag },
  }),
  searchDelete: defineOperation({
    subject: 'media.searches.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/media/searches/:id', summary: 'Delete a saved search', tag },
  }),
};

export const MediaVersion = z.object({
  media_id: z.number().int(),
  created: z.number().int().describe('Unix seconds; identifies the version within the item'),
  notes: z.string(),
  format: z.string(),
  duration: z.number().nullable(),
  size: z.number().int(),
  active: z.boolean(),
});

const Created = z.coerce.number().int().min(0).max(4_102_444_800);

export const mediaVersions = {
  list: defineOperation({
    subject: 'media.versions.list',
    input: z.object({ id: Id }),
    output: z.object({ versions: z.array(MediaVersion), media: MediaItem }),
    auth: 'user',
    http: { method: 'GET', path: '/media/:id/versions', summary: 'Versions of a media item (the path parameter is the media_id)', tag },
  }),
  add: defineOperation({
    subject: 'media.versions.add',
    input: z.object({ media_id: Id, file_id: z.string().max(100), file_key: z.string().max(200), notes: z.string().trim().max(2000).default('') }),
    output: MediaVersion,
    auth: 'user',
    http: { method: 'POST', path: '/media/versions', summary: 'Add a version file from an upload', tag },
    successMessage: 'Version added.',
  }),
  edit: defineOperation({
    subject: 'media.versions.edit',
    input: z.object({ media_id: Id, created: Created, notes: z.string().trim().max(2000) }),
    output: MediaVersion,
    auth: 'user',
    http: { method: 'PUT', path: '/media/versions/:media_id/:created', summary: 'Edit the notes of a version', tag },
    successMessage: 'Version saved.',
  }),
  remove: defineOperation({
    subject: 'media.versions.delete',
    input: z.object({ media_id: Id, created: Created }),
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/media/versions/:media_id/:created', summary: 'Delete a version (not the active one)', tag },
    successMessage: 'Version deleted.',
  }),
  activate: defineOperation({
    subject: 'media.versions.activate',
    input: z.object({ media_id: Id, created: Created }),
    output: MediaVersion,
    auth: 'user',
    http: { method: 'PATCH', path: '/media/versions/:media_id', summary: "Make a version active: its file becomes the item's file", tag },
    successMessage: 'Version activated.',
  }),
};

/** Internal operations of the upload and download paths (the gateway's file plugin). */
export const mediaFiles = {
  registerUpload: defineOperation({
    subject: 'media.uploads.register',
    input: z.object({
      file_id: z.string(),
      key_hash: z.string(),
      size: z.number().int(),
      type: MediaType,
      format: z.string(),
      duration: z.number().nullable(),
      tags: z.record(z.string(), z.unknown()),
    }),
    output: z.object({ accepted: z.boolean(), reason: z.string().nullable() }),
    auth: 'user',
  }),
  /** Which stored file to send for a download, after the visibility check. */
  locate: defineOperation({
    subject: 'media.files.locate',
    input: z.object({ id: Id, created: Created.optional() }),
    output: z.object({ file_id: z.string(), format: z.string(), type: MediaType, title: z.string() }),
    auth: 'user',
  }),
};
