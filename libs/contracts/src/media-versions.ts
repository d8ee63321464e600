// Versions of a media item: earlier or alternative files, one of them active.
import { z } from 'zod';
import { Id, Nothing } from './common';
import { defineOperation } from './operation';
import { MediaItem, mediaTag as tag } from './media-items';

export const MediaVersion = z.object({
  media_id: z.number().int(),
  created: z.number().int().describe('Unix seconds; identifies the version within the item'),
  notes: z.string(),
  format: z.string(),
  duration: z.number().nullable(),
  size: z.number().int(),
  active: z.boolean(),
});

/** A version's `created` (Unix seconds) as a path or body field. */
export const Created = z.coerce.number().int().min(0).max(4_102_444_800);

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
