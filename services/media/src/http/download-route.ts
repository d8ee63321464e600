// GET /api/v2/downloads/media/:id[/version/:created]: a media item's file (or one version's),
// streamed from storage with HTTP Range support.
import { AirwaveError, mediaFiles } from '@airwave/contracts';
import type { Storage } from '@airwave/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { byteRange } from './byte-range';
import { ask, callerOf, idOf, type Helpers } from './caller';

interface LocatedFile {
  file_id: string;
  format: string;
  title: string;
}

const mimeOf: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', flac: 'audio/flac', m4a: 'audio/mp4', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm', pdf: 'application/pdf' };

// Also when the file goes between sizing and opening it (its item deleted meanwhile).
const missingFile = () => new AirwaveError('not_found', 'The file of this media item is missing.');

export function downloadRoute(storage: Storage, helpers: Helpers) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = await callerOf(helpers, request);
    const id = idOf(request);
    const created = (request.params as { created?: string }).created;
    if (created !== undefined && !/^\d{1,10}$/.test(created)) throw new AirwaveError('bad_request', 'Invalid input: created: must be a version timestamp');
    const input = { id, ...(created !== undefined ? { created: Number(created) } : {}) };
    const file = await ask<LocatedFile>(helpers, request, mediaFiles.locate.subject, input, principal);
    return sendFile(storage, request, reply, id, file);
  };
}

async function sendFile(storage: Storage, request: FastifyRequest, reply: FastifyReply, id: number, file: LocatedFile) {
  const total = await storage.size(file.file_id);
  if (total === null) throw missingFile();
  reply.header('accept-ranges', 'bytes');
  const range = byteRange(request.headers.range, total);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${total}`);
    return reply.code(416).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ status: false, msg: 'Requested range not satisfiable.', data: { code: 'bad_request' } }));
  }
  // Opened before any header of the file is set: a file gone meanwhile is still a 404.
  const stream = await storage.open(file.file_id, range ?? undefined);
  if (!stream) throw missingFile();
  reply.header('content-type', mimeOf[file.format] ?? 'application/octet-stream');
  reply.header('content-disposition', `attachment; filename="media-${id}.${file.format}"`);
  reply.header('cache-control', 'private, no-store');
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${total}`).header('content-length', String(range.end - range.start + 1));
  else reply.header('content-length', String(total));
  return reply.send(stream);
}
