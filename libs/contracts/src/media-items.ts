// Media items: what an item is, its input, formats and properties, the archive, and the item
// operations (save, get, properties, formats, archive, unarchive, delete).
import { z } from 'zod';
import { Empty, Flag, Id, Nothing } from './common';
import { defineOperation } from './operation';
import { documentedInput } from './input-forms';

export const mediaTag = 'Media';
const tag = mediaTag;

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

/** An ISRC as written (`US-ABC-26-12345` or `usabc2612345`), kept as its 12 characters in capitals; empty clears it. */
export const Isrc = z
  .string()
  .trim()
  .transform((v) => v.replace(/[-\s]/g, '').toUpperCase())
  .refine((v) => v === '' || /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(v), 'must be an ISRC: 2 letters, 3 letters or digits, 7 digits (hyphens allowed)')
  .describe('The recording’s ISRC (ISO 3901), hyphens allowed; kept as 12 characters in capitals');

export const MediaItemInput = z.object({
  id: Id.optional(),
  file_id: z.string().max(100).optional(),
  file_key: z.string().max(200).optional(),
  title: text(500).min(1, 'is required').optional(),
  artist: text(500).optional(),
  album: text(500).optional(),
  isrc: Isrc.optional(),
  label: text(500).optional().describe('The record label (its marketing label, as a report of use names it)'),
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
  isrc: z.string().describe('The recording’s ISRC, 12 characters, or empty'),
  label: z.string(),
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

/** The operations on media items, in the order of the `media` group (media.ts). */
export const mediaItemOperations = {
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
};
