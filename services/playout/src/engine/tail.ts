// A file another process appends lines to, followed as it grows (Liquidsoap's output, instance.ts):
// each new complete line is handed over once, woken by the file system's change notice with a poll
// behind it. When the file passes `maxBytes` it is emptied (the writer appends, so it goes on at
// the new end) and followed from there.
import { watch, type FSWatcher } from 'node:fs';
import { open, truncate, type FileHandle } from 'node:fs/promises';

export class FollowedFile {
  #offset = 0;
  #pending = '';
  #reading: Promise<void> | null = null;
  #again = false;
  #closed = false;
  #handle: Promise<FileHandle | null>;
  readonly #watcher: FSWatcher | null;
  readonly #poll: NodeJS.Timeout;

  constructor(
    private readonly path: string,
    private readonly onLine: (line: string) => void,
    private readonly options: { pollMs?: number; maxBytes?: number; from?: number } = {},
  ) {
    this.#offset = options.from ?? 0;
    this.#handle = open(path, 'r').catch(() => null);
    let watcher: FSWatcher | null = null;
    try {
      watcher = watch(path, () => this.read());
      watcher.on('error', () => undefined);
    } catch {
      watcher = null;
    }
    this.#watcher = watcher;
    this.#poll = setInterval(() => this.read(), options.pollMs ?? 100);
  }

  /** Reads what was appended since the last read (calls made meanwhile read once more after it). */
  read(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = this.#drain().finally(() => {
      this.#reading = null;
      if (this.#again && !this.#closed) {
        this.#again = false;
        void this.read();
      }
    });
    return this.#reading;
  }

  async #drain() {
    const handle = await this.#handle;
    if (!handle) return;
    const buffer = Buffer.alloc(64 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, this.#offset).catch(() => ({ bytesRead: 0 }));
      if (bytesRead === 0) break;
      this.#offset += bytesRead;
      const lines = (this.#pending + buffer.subarray(0, bytesRead).toString('utf8')).split('\n');
      this.#pending = lines.pop() ?? '';
      for (const line of lines) this.onLine(line);
    }
    if (this.#offset > (this.options.maxBytes ?? 32 * 1024 * 1024)) {
      await truncate(this.path, 0).catch(() => undefined);
      this.#offset = 0;
    }
  }

  /** Reads what is left, then stops following. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#poll);
    this.#watcher?.close();
    await this.read();
    await (await this.#handle)?.close();
  }
}
