// The file of a multipart upload, read with busboy. A form counts only when it arrives whole, up to
// its close delimiter: a body cut short (a client that stopped sending or closed its connection, a
// proxy that gave up) is the client's mistake, and nothing of it may be kept. @fastify/multipart,
// used before, took busboy's "Unexpected end of multipart data" for the end of the form and
// destroyed the file stream without an error, which reached the error handler as a 500.
import type { IncomingMessage } from 'node:http';
import { finished, type Readable } from 'node:stream';
import Busboy, { type BusboyFileStream, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import { AirwaveError } from '@airwave/contracts';
import { IncompleteBodyError } from '@airwave/storage';

export interface MultipartFile {
  /** The form's first file as it arrives; `truncated` once it passed the size limit. */
  file: BusboyFileStream;
  /**
   * Settles when the whole form has arrived: rejects with IncompleteBodyError when it stopped
   * short of its close delimiter, which may only show after the file itself was read to its end.
   */
  whole: Promise<void>;
}

/** Whether a request's content type is a multipart form. */
export const isMultipartForm = (contentType: string | undefined) => /^multipart\/form-data\b/i.test(contentType ?? '');

const invalid = (reason: string) => new AirwaveError('bad_request', `The multipart body is not valid: ${reason}`);

/**
 * Reads the first file of the multipart form arriving as `body` (the request's payload; `request`
 * is watched for the connection closing early). Rejects with 400 when the form is broken or has no
 * file; later failures come through the file stream and `whole`.
 */
export function readMultipartFile(request: IncomingMessage, body: Readable, maxFileBytes: number): Promise<MultipartFile> {
  let parser: BusboyInstance;
  try {
    // Fields and parts past the limits are skipped by busboy; only the first file is read.
    parser = Busboy({ headers: request.headers as BusboyHeaders, limits: { fileSize: maxFileBytes, files: 1, fields: 20, parts: 50 } });
  } catch (error) {
    return Promise.reject(invalid((error as Error).message));
  }
  return new Promise((resolve, reject) => {
    let file: BusboyFileStream | undefined;
    let failure: IncompleteBodyError | undefined;
    let settle!: (error?: Error) => void;
    const whole = new Promise<void>((done, fail) => (settle = (error) => (error ? fail(error) : done())));
    // Read by the caller only once the file is stored; until then a rejection is not unhandled.
    whole.catch(() => undefined);
    const fail = (cause: unknown) => {
      if (failure) return;
      failure = new IncompleteBodyError(cause);
      body.unpipe(parser);
      if (file) file.destroy(failure);
      else reject(invalid(cause instanceof Error ? cause.message : String(cause)));
      settle(failure);
    };
    parser.on('file', (_field, stream) => {
      // busboy emits a cut part's error on the file even after it was destroyed: without a
      // listener of its own that would be an uncaught exception. Its reader sees it as well.
      stream.on('error', fail);
      file = stream;
      resolve({ file, whole });
    });
    parser.on('error', fail);
    parser.on('finish', () => {
      if (!file) reject(new AirwaveError('bad_request', 'Send the file as a multipart field or as the raw body.'));
      settle(failure);
    });
    // A connection closed before the body ended; this also fires at once for one closed already.
    finished(request, { writable: false }, (error) => {
      if (error) fail(error);
    });
    body.pipe(parser);
  });
}
