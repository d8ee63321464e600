// Where media files live. Keys are opaque ids chosen by Airwave (`uploads/<uuid>`); a key can never
// name a path outside the storage root.
import { createReadStream, createWriteStream } from 'node:fs';
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

export interface Storage {
  /** Stores a stream under `key`, refusing (and removing) it past `maxBytes`. Resolves to its size. */
  put(key: string, body: Readable, maxBytes: number): Promise<number>;
  read(key: string, range?: { start: number; end: number }): Readable;
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
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.partial`;
      let size = 0;
      try {
        await pipeline(
          body,
          async function* (source) {
            for await (const chunk of source as AsyncIterable<Buffer>) {
              size += chunk.length;
              if (size > maxBytes) throw new StorageLimitError(maxBytes);
              yield chunk;
            }
          },
          createWriteStream(partial, { mode: 0o640 }),
        );
        await rename(partial, path);
        return size;
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
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
