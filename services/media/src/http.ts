// The file paths of the media library, served by the gateway: uploads stream to storage (never
// across the bus), and downloads stream from it with HTTP Range support.
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AirwaveError, mediaFiles, ok, scheduling, unauthenticated, forbidden, type Principal } from '@airwave/contracts';
import type { Storage } from '@airwave/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import { Thumbnailer } from './thumbnails';
import { storeUpload } from './uploads';

interface Helpers {
  bus: { request(subject: string, data: unknown, options?: { headers?: Record<string, string> }): Promise<unknown> };
  authenticate(request: FastifyRequest, fields?: Record<string, unknown>): Promise<Principal | null>;
  busHeadersOf(request: FastifyRequest): Record<string, string>;
}

export interface MediaHttpOptions {
  storage: Storage;
  maxUploadBytes: number;
  /** Makes and caches thumbnails (default: 320 px, ffmpeg from PATH for video frames). */
  thumbnailer?: Thumbnailer;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const typeOfMime = (mime: string): 'audio' | 'video' | 'image' | 'document' | null => {
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'document';
  return null;
};

const mimeOf: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', flac: 'audio/flac', m4a: 'audio/mp4', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm', pdf: 'application/pdf' };

/** Detects type, format, duration and tags from the file's content, never its name. */
export async function detect(path: string): Promise<{ type: 'audio' | 'video' | 'image' | 'document'; format: string; duration: number | null; tags: Record<string, unknown> } | null> {
  const kind = await fileTypeFromFile(path);
  if (!kind) return null;
  const type = typeOfMime(kind.mime);
  if (!type) return null;
  let duration: number | null = null;
  const tags: Record<string, unknown> = {};
  if (type === 'audio' || type === 'video') {
    try {
      const meta = await parseFile(path, { duration: true, skipCovers: true });
      duration = meta.format.duration ?? null;
      for (const key of ['title', 'artist', 'album', 'year', 'genre', 'comment'] as const) {
        const value = meta.common[key];
        if (value !== undefined && !(Array.isArray(value) && value.length === 0)) tags[key] = Array.isArray(value) ? value.map(String).join(', ') : value;
      }
    } catch {
      // Unreadable metadata: the file is still stored, without duration.
    }
  }
  return { type, format: kind.ext === 'jpeg' ? 'jpg' : kind.ext, duration, tags };
}

/** The one range of a `Range: bytes=…` header within a file of `total` bytes (null: the whole file). */
function byteRange(header: string | undefined, total: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  let start = match?.[1] ? Number(match[1]) : NaN;
  let end = match?.[2] ? Number(match[2]) : total - 1;
  if (match && !match[1] && match[2]) {
    start = Math.max(0, total - Number(match[2]));
    end = total - 1;
  }
  end = Math.min(end, total - 1);
  if (!match || Number.isNaN(start) || start > end || start >= total) return 'unsatisfiable';
  return { start, end };
}

// Also when the file goes between sizing and opening it (its item deleted meanwhile).
const missingFile = () => new AirwaveError('not_found', 'The file of this media item is missing.');

export function mediaHttpPlugin(options: MediaHttpOptions) {
  return async (app: FastifyInstance, helpers: Helpers) => {
    await app.register(async (scope) => {
      // Every body reaches the upload route unread, a multipart form too (src/uploads.ts reads it).
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

      scope.post('/api/v2/uploads', async (request, reply) => {
        const principal = await helpers.authenticate(request, (request.query ?? {}) as Record<string, unknown>);
        if (!principal) throw unauthenticated();
        if (!principal.permissions.includes('create_own_media') && !principal.permissions.includes('manage_media')) {
          throw forbidden('Uploading needs create_own_media or manage_media.', { permission: 'create_own_media' });
        }
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > options.maxUploadBytes + 64 * 1024) {
          // Refuse before reading; the connection closes so the client stops sending.
          reply.header('connection', 'close');
          throw new AirwaveError('payload_too_large', `The file is larger than ${options.maxUploadBytes} bytes.`, { limit: options.maxUploadBytes });
        }
        const { fileId, size } = await storeUpload(request, reply, options.storage, options.maxUploadBytes);
        try {
          const detected = await detect(options.storage.localPath(fileId)!);
          if (!detected) throw new AirwaveError('bad_request', 'The file is not a recognized audio, video, image or document format.');
          const fileKey = randomBytes(32).toString('base64url');
          const registered = (await helpers.bus.request(
            mediaFiles.registerUpload.subject,
            { input: { file_id: fileId, key_hash: createHash('sha256').update(fileKey).digest('hex'), size, ...detected }, principal },
            { headers: helpers.busHeadersOf(request) },
          )) as { accepted: boolean; reason: string | null };
          if (!registered.accepted) throw new AirwaveError('bad_request', `Format refused: ${registered.reason}`);
          return reply.send(ok({ file_id: fileId, file_key: fileKey, size, ...detected }, 'Uploaded.'));
        } catch (error) {
          // Only registered uploads are swept when no item claims them: any other file goes now
          // (also when the media service did not answer: the client never got the file's key).
          await options.storage.delete(fileId);
          throw error;
        }
      });

      const download = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
        const principal = await helpers.authenticate(request, (request.query ?? {}) as Record<string, unknown>);
        if (!principal) throw unauthenticated();
        const id = Number((request.params as { id: string }).id);
        if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new AirwaveError('bad_request', 'Invalid input: id: must be a positive whole number');
        const created = (request.params as { created?: string }).created;
        if (created !== undefined && !/^\d{1,10}$/.test(created)) throw new AirwaveError('bad_request', 'Invalid input: created: must be a version timestamp');
        const file = (await helpers.bus.request(
          mediaFiles.locate.subject,
          { input: { id, ...(created !== undefined ? { created: Number(created) } : {}) }, principal },
          { headers: helpers.busHeadersOf(request) },
        )) as { file_id: string; format: string; title: string };
        const total = await options.storage.size(file.file_id);
        if (total === null) throw missingFile();
        reply.header('accept-ranges', 'bytes');
        const range = byteRange(request.headers.range, total);
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${total}`);
          return reply.code(416).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ status: false, msg: 'Requested range not satisfiable.', data: { code: 'bad_request' } }));
        }
        // Opened before any header of the file is set: a file gone meanwhile is still a 404.
        const stream = await options.storage.open(file.file_id, range ?? undefined);
        if (!stream) throw missingFile();
        reply.header('content-type', mimeOf[file.format] ?? 'application/octet-stream');
        reply.header('content-disposition', `attachment; filename="media-${id}.${file.format}"`);
        reply.header('cache-control', 'private, no-store');
        if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${total}`).header('content-length', String(range.end - range.start + 1));
        else reply.header('content-length', String(total));
        return reply.send(stream);
      };
      scope.get('/api/v2/downloads/media/:id', download);

      // Thumbnails: an image scaled down, audio's embedded cover art, a video frame where ffmpeg is
      // installed (src/thumbnails.ts). The ETag is the file id: a file never changes under its id.
      const thumbnailer = options.thumbnailer ?? new Thumbnailer();
      const thumbnail = async (request: FastifyRequest, reply: import('fastify').FastifyReply, mediaId: number, principal: Principal) => {
        const file = (await helpers.bus.request(mediaFiles.locate.subject, { input: { id: mediaId }, principal }, { headers: helpers.busHeadersOf(request) })) as { file_id: string; format: string; type: string };
        const etag = `"${createHash('sha256').update(file.file_id).digest('base64url').slice(0, 27)}"`;
        reply.header('cache-control', 'private, max-age=300');
        reply.header('etag', etag);
        // The client holds this file's thumbnail already: nothing to make or send.
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const made = await thumbnailer.of({
          fileId: file.file_id,
          type: file.type,
          path: options.storage.localPath(file.file_id),
          read: () => readAll(options.storage.read(file.file_id)),
        });
        if (!made) throw new AirwaveError('not_found', 'This media item has no thumbnail.');
        return reply.header('content-type', made.contentType).send(made.body);
      };
      scope.get('/api/v2/media/thumbnail/:id', async (request, reply) => {
        const principal = await helpers.authenticate(request, (request.query ?? {}) as Record<string, unknown>);
        if (!principal) throw unauthenticated();
        const id = Number((request.params as { id: string }).id);
        if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new AirwaveError('bad_request', 'Invalid input: id: must be a positive whole number');
        return thumbnail(request, reply, id, principal);
      });
      scope.get('/api/v2/shows/:id/thumbnail', async (request, reply) => {
        const principal = await helpers.authenticate(request, (request.query ?? {}) as Record<string, unknown>);
        if (!principal) throw unauthenticated();
        const id = Number((request.params as { id: string }).id);
        if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new AirwaveError('bad_request', 'Invalid input: id: must be a positive whole number');
        const show = (await helpers.bus.request(scheduling.showGet.subject, { input: { id }, principal }, { headers: helpers.busHeadersOf(request) })) as { item_type: string; item_id: number };
        if (show.item_type !== 'media') throw new AirwaveError('not_found', 'This show has no thumbnail.');
        return thumbnail(request, reply, show.item_id, principal);
      });
      scope.get('/api/v2/downloads/media/:id/version/:created', download);
    });
  };
}
