// Receiving the bytes of an upload into storage: a multipart form's first file, or the raw body.
// A body that ends early (cut short, its connection closed) is answered 400 and nothing of it is
// kept; only a failure of the store itself is a 500.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AirwaveError } from '@airwave/contracts';
import { IncompleteBodyError, StorageLimitError, type Storage } from '@airwave/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isMultipartForm, readMultipartFile } from './multipart';

export interface StoredUpload {
  fileId: string;
  size: number;
}

const noFile = () => new AirwaveError('bad_request', 'Send the file as a multipart field or as the raw body.');

/** The file's bytes as a stream, and a promise of the rest of the body arriving intact. */
async function fileOf(request: FastifyRequest, maxBytes: number): Promise<{ file: Readable & { truncated?: boolean }; whole: Promise<void> }> {
  // The media plugin's catch-all content-type parser hands the payload over unread.
  const payload = request.body as Readable | undefined;
  if (!payload || typeof payload.pipe !== 'function') throw noFile();
  if (!isMultipartForm(request.headers['content-type'])) return { file: payload, whole: Promise.resolve() };
  return readMultipartFile(request.raw, payload, maxBytes);
}

/** What a failed upload answers; the reply closes the connection when the body may be unread. */
function uploadFailure(error: unknown, reply: FastifyReply, maxBytes: number): unknown {
  if (error instanceof StorageLimitError) {
    // The rest of the body is not read: closing the connection stops the client sending it.
    reply.header('connection', 'close');
    return new AirwaveError('payload_too_large', `The file is larger than ${maxBytes} bytes.`, { limit: maxBytes });
  }
  // The rest of the body may be unread, or the connection gone: it is not used again.
  if (!AirwaveError.is(error)) reply.header('connection', 'close');
  if (error instanceof IncompleteBodyError) return new AirwaveError('bad_request', 'The upload ended before the file was complete.');
  return error;
}

/** Stores an upload's file under a new id; nothing stays stored when it fails. */
export async function storeUpload(request: FastifyRequest, reply: FastifyReply, storage: Storage, maxBytes: number): Promise<StoredUpload> {
  const { file, whole } = await fileOf(request, maxBytes);
  const fileId = `uploads/${randomUUID()}`;
  try {
    const size = await storage.put(fileId, file, maxBytes);
    // busboy stops a multipart file at the limit and marks it, rather than failing it.
    if (file.truncated) throw new StorageLimitError(maxBytes);
    // A form's file can be read to its end and the form still be cut short after it.
    await whole;
    if (size === 0) throw new AirwaveError('bad_request', 'The file is empty.');
    return { fileId, size };
  } catch (error) {
    await storage.delete(fileId);
    throw uploadFailure(error, reply, maxBytes);
  }
}
