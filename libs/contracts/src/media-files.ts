// The upload and download paths' side of the media library: what an upload answers and the
// internal operations of the gateway's file plugin.
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';
import { MediaType } from './media-items';
import { Created } from './media-versions';

export const UploadResult = z.object({
  file_id: z.string(),
  file_key: z.string(),
  type: MediaType,
  format: z.string(),
  duration: z.number().nullable(),
  size: z.number().int(),
  tags: z.record(z.string(), z.unknown()),
  duplicates: z
    .array(z.object({ id: z.number().int(), title: z.string(), artist: z.string(), is_archived: z.boolean() }))
    .describe('Media items you can see whose file is byte for byte this one (uploaded before; a warning, not a refusal)'),
});

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
      content_hash: z.string().regex(/^[0-9a-f]{64}$/).optional().describe("The file's SHA-256 (hex)"),
    }),
    // `duration`: the length stored, the decoded audio's when it was measured in time (docs/decisions/media.md, "Durations").
    output: z.object({ accepted: z.boolean(), reason: z.string().nullable(), duration: z.number().nullable().optional(), duplicates: UploadResult.shape.duplicates.optional() }),
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
