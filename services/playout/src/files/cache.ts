// The next hours' files on local disk: copied ahead from the media library (the volume the
// gateway's downloads read, as remote.php's `media` action does) into the playout's own cache,
// named `<id>-<file digest>.<format>` as OB Player names them, so a new version is a new file. What
// is copied stays airable while the bus, the database or the library's volume are away.
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Bus } from '@airwave/bus';
import { mediaInternal, type PlayerFile } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import { callOperation } from '@airwave/service-kit';

/** Opens a stored file of the media library by its storage key, or null when it is missing. */
export type OpenStored = (fileId: string) => Promise<Readable | null>;

const exists = (path: string) => stat(path).then((s) => s.isFile(), () => false);

export class FileCache {
  /** The file last known for each media id (kept while the bus is down). */
  readonly #known = new Map<number, PlayerFile>();
  readonly #copying = new Map<string, Promise<boolean>>();

  constructor(
    readonly dir: string,
    private readonly open: OpenStored,
    private readonly bus: Bus,
    private readonly logger: Logger,
  ) {}

  /** Local paths of the media items, copying what is missing; an item that cannot be had is absent. */
  async ensure(mediaIds: number[]): Promise<Map<number, string>> {
    await mkdir(this.dir, { recursive: true });
    const ids = [...new Set(mediaIds)];
    await this.#learn(ids);
    const paths = new Map<number, string>();
    await Promise.all(
      ids.map(async (id) => {
        const file = this.#known.get(id);
        if (file && (await this.#copy(file))) paths.set(id, join(this.dir, file.filename));
      }),
    );
    return paths;
  }

  /** Asks the media service which file each item has now; on failure the last answer stands. */
  async #learn(ids: number[]) {
    try {
      for (let at = 0; at < ids.length; at += 2000) {
        for (const file of await callOperation(this.bus, mediaInternal.playerFiles, { ids: ids.slice(at, at + 2000) })) this.#known.set(file.id, file);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'Playout: the media service did not answer; airing the files already cached');
    }
  }

  #copy(file: PlayerFile): Promise<boolean> {
    const path = join(this.dir, file.filename);
    let running = this.#copying.get(path);
    if (!running) {
      running = this.#fetch(file, path).finally(() => this.#copying.delete(path));
      this.#copying.set(path, running);
    }
    return running;
  }

  async #fetch(file: PlayerFile, path: string): Promise<boolean> {
    if (await exists(path)) {
      const now = new Date();
      await utimes(path, now, now).catch(() => undefined); // in use: kept by prune()
      return true;
    }
    const partial = `${path}.part`;
    try {
      const body = await this.open(file.file_id);
      if (!body) throw new Error('the stored file is missing');
      await pipeline(body, createWriteStream(partial));
      await rename(partial, path);
      return true;
    } catch (error) {
      await rm(partial, { force: true });
      this.logger.warn({ mediaId: file.id, err: error }, 'Playout: a media file could not be copied to the local cache; its time goes to the fallback');
      return false;
    }
  }

  /** Removes cached files not used for `maxAgeMs` (each use touches its file). */
  async prune(maxAgeMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
