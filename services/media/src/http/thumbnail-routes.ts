// Thumbnails: an image scaled down, audio's embedded cover art, a video frame where ffmpeg is
// installed (thumbnails.ts). The ETag is the file id: a file never changes under its id.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AirwaveError, mediaFiles, scheduling, type Principal } from '@airwave/contracts';
import type { Storage } from '@airwave/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ask, callerOf, idOf, type Helpers } from './caller';
import type { Thumbnailer } from './thumbnails';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** GET /api/v2/media/thumbnail/:id and GET /api/v2/shows/:id/thumbnail (a show's media item). */
export function thumbnailRoutes(storage: Storage, thumbnailer: Thumbnailer, helpers: Helpers) {
  const thumbnail = async (request: FastifyRequest, reply: FastifyReply, mediaId: number, principal: Principal) => {
    const file = await ask<{ file_id: string; format: string; type: string }>(helpers, request, mediaFiles.locate.subject, { id: mediaId }, principal);
    const etag = `"${createHash('sha256').update(file.file_id).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', 'private, max-age=300');
    reply.header('etag', etag);
    // The client holds this file's thumbnail already: nothing to make or send.
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const made = await thumbnailer.of({
      fileId: file.file_id,
      type: file.type,
      path: storage.localPath(file.file_id),
      read: () => readAll(storage.read(file.file_id)),
    });
    // A list asks for "nothing" without an error (a 404 per row fills the browser's console).
    if (!made && (request.query as { absent?: unknown } | undefined)?.absent === 'empty') return reply.code(204).send();
    if (!made) throw new AirwaveError('not_found', 'This media item has no thumbnail.');
    return reply.header('content-type', made.contentType).send(made.body);
  };
  return {
    ofMedia: async (request: FastifyRequest, reply: FastifyReply) => {
      const principal = await callerOf(helpers, request);
      return thumbnail(request, reply, idOf(request), principal);
    },
    ofShow: async (request: FastifyRequest, reply: FastifyReply) => {
      const principal = await callerOf(helpers, request);
      const id = idOf(request);
      const show = await ask<{ item_type: string; item_id: number }>(helpers, request, scheduling.showGet.subject, { id }, principal);
      if (show.item_type !== 'media') throw new AirwaveError('not_found', 'This show has no thumbnail.');
      return thumbnail(request, reply, show.item_id, principal);
    },
  };
}
