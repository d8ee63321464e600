// Where media files live. Keys are opaque ids chosen by Airwave (`uploads/<uuid>`); a key can never
// name a path outside the storage root.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class StorageLimitError extends Error {
  constructor(readonly limit: number) {
    super(`File larger than ${limit} bytes`);
    this.name = 'StorageLimitError';
  }
}

/**
 * The body being stored failed or ended before it was complete (a client that closed its
 * connection, a multipart form cut short): the sender's fault, not the store's.
 */
export class IncompleteBodyError extends Error {
  constructor(cause: unknown) {
    super(`The body ended before it was complete: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'IncompleteBodyError';
  }
}

/**
 * The chunks of `body`, at most `maxBytes` of them. An error of the body itself becomes an
 * IncompleteBodyError here, where it is known to be the body's: once the copy fails, the stream
 * machinery passes one error to every stream, and a disk error would look like the body's too.
 */
async function* limitedChunks(body: Readable, maxBytes: number): AsyncGenerator<Buffer> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let size = 0;
  try {
    for (;;) {
      let step: IteratorResult<Buffer>;
      try {
        step = await chunks.next();
      } catch (cause) {
        throw cause instanceof IncompleteBodyError ? cause : new IncompleteBodyError(cause);
      }
      if (step.done) return;
      size += step.value.length;
      if (size > maxBytes) throw new StorageLimitError(maxBytes);
      yield step.value;
    }
  } finally {
    // Stops reading a body that is refused or no longer wanted (no-op once it has ended).
    await chunks.return?.();
  }
}

/** Resolves once `stream` has closed its file, so that removing the file cannot race its opening. */
const closed = (stream: WriteStream) => new Promise<void>((done) => (stream.closed ? done() : stream.once('close', () => done())));

/** Copies `body` to `path` through a partial file renamed once complete; nothing is kept on failure. */
async function copyIn(path: string, body: Readable, maxBytes: number): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  const file = createWriteStream(partial, { mode: 0o640 });
  try {
    await pipeline(limitedChunks(body, maxBytes), file);
    await rename(partial, path);
    return file.bytesWritten;
  } catch (error) {
    await closed(file);
    // The failure of the copy is the one to report, not a failure to remove what it left.
    await rm(partial, { force: true }).catch(() => undefined);
    throw error;
  }
}

export interface Storage {
  /**
   * Stores a stream under `key`, refusing (and removing) it past `maxBytes`. Resolves to its size.
   * A body that fails or ends early rejects with IncompleteBodyError, and nothing is kept.
   */
  put(key: string, body: Readable, maxBytes: number): Promise<number>;
  read(key: string, range?: { start: number; end: number }): Readable;
  /**
   * Opens a file to read, resolving once it is open, or to null when there is no such file. A reply
   * can then still choose its status: a file removed after it was sized (its item deleted meanwhile)
   * is a 404, where a stream failing after the reply began could only be a 500 or a cut reply.
   */
  open(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** A local path, when the store is a local disk (for tools that need a file). */
  localPath(key: string): string | null;
}

const KEY = /^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9][a-z0-9_.-]{0,127}){0,3}$/;

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error('Storage key escapes the root');
    return path;
  };
  return {
    async put(key, body, maxBytes) {
      const path = pathOf(key);
      // A body that fails before the copy reads it (while the directory is made: a client gone
      // mid-upload) must not emit its error to no listener, which throws it out of the process;
      // the copy still sees it (the body is `errored`) and reports it as IncompleteBodyError.
      const held = () => undefined;
      body.on('error', held);
      try {
        return await copyIn(path, body, maxBytes);
      } finally {
        body.off('error', held);
      }
    },
    read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async open(key, range) {
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      try {
        await once(stream, 'ready');
        return stream;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    localPath: (key) => pathOf(key),
  };
}
