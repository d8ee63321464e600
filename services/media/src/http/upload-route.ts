// POST /api/v2/uploads: the file streams to storage (never across the bus), its content is
// detected, and the media service registers it for an item or a version to claim.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { AirwaveError, forbidden, mediaFiles, ok, type Principal } from '@airwave/contracts';
import type { Storage } from '@airwave/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ask, callerOf, type Helpers } from './caller';
import { detect } from './detect';
import { storeUpload, type StoredUpload } from './uploads';

/** The SHA-256 (hex) of a file's bytes. */
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

type Registered = z.output<(typeof mediaFiles.registerUpload)['output']>;

export function uploadRoute(storage: Storage, maxUploadBytes: number, helpers: Helpers) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = await callerOf(helpers, request);
    if (!principal.permissions.includes('create_own_media') && !principal.permissions.includes('manage_media')) {
      throw forbidden('Uploading needs create_own_media or manage_media.', { permission: 'create_own_media' });
    }
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxUploadBytes + 64 * 1024) {
      // Refuse before reading; the connection closes so the client stops sending.
      reply.header('connection', 'close');
      throw new AirwaveError('payload_too_large', `The file is larger than ${maxUploadBytes} bytes.`, { limit: maxUploadBytes });
    }
    const stored = await storeUpload(request, reply, storage, maxUploadBytes);
    try {
      return reply.send(ok(await register(storage, helpers, request, principal, stored), 'Uploaded.'));
    } catch (error) {
      // Only registered uploads are swept when no item claims them: any other file goes now
      // (also when the media service did not answer: the client never got the file's key).
      await storage.delete(stored.fileId);
      throw error;
    }
  };
}

/** Detects the stored file and registers it with a new key; answers the UploadResult. */
async function register(storage: Storage, helpers: Helpers, request: FastifyRequest, principal: Principal, { fileId, size }: StoredUpload) {
  const path = storage.localPath(fileId)!;
  const detected = await detect(path);
  if (!detected) throw new AirwaveError('bad_request', 'The file is not a recognized audio, video, image or document format.');
  const fileKey = randomBytes(32).toString('base64url');
  // The bytes' SHA-256, read back from the stored file (just written, in the page cache), to point
  // out the same file uploaded before.
  const input = { file_id: fileId, key_hash: createHash('sha256').update(fileKey).digest('hex'), size, ...detected, content_hash: await sha256Of(path) };
  const registered = await ask<Registered>(helpers, request, mediaFiles.registerUpload.subject, input, principal);
  if (!registered.accepted) throw new AirwaveError('bad_request', `Format refused: ${registered.reason}`);
  // The media service's duration: the decoded audio's where it measured it.
  const duration = registered.duration === undefined ? detected.duration : registered.duration;
  return { file_id: fileId, file_key: fileKey, size, ...detected, duration, duplicates: registered.duplicates ?? [] };
}
