// The as-run entries not yet delivered, kept on local disk so that neither the bus nor the database
// being away, nor a restart of the service meanwhile, loses what aired. One spool per process: a
// JSON-lines file `<dir>/<started>-<random>.jsonl`, appended as entries come and rewritten (a new
// file renamed over it) as they are delivered. A live process touches its file every few seconds;
// a file left by a process that stopped (touched to 1970 by a clean stop) or died (not touched for
// `staleMs`) is adopted by the next spool that looks: renamed to claim it (one adopter wins), its
// entries queued before the new ones, then removed. An entry delivered twice (a crash between the
// delivery and the rewrite, or an adoption) is skipped by the as-run log itself.
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bus } from '@airwave/bus';
import { AirwaveError, playerSync, type ErrorCode } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import { callOperation } from '@airwave/service-kit';
import type { z } from 'zod';

export type AsRunEntry = z.input<typeof playerSync.appendAsRun.input>['entries'][number];
export interface Spooled {
  player_id: number;
  entry: AsRunEntry;
}

/** At most this many entries wait (the oldest are dropped past it, logged). */
export const MAX_SPOOLED = 10_000;
/** Entries per call to the as-run log. */
const BATCH = 1000;
/** Answers that say the entries will never be taken (the player is gone, the entry refused): dropped, logged. */
const REFUSED: ErrorCode[] = ['bad_request', 'not_found', 'forbidden', 'conflict', 'payload_too_large', 'unprocessable'];

export interface SpoolOptions {
  /** Where the spool files live (PLAYOUT_CACHE_DIR/asrun-spool); null keeps the entries in memory only. */
  dir: string | null;
  bus: Bus;
  logger: Logger;
  /** A file not touched for this long belongs to a process that died (default 20 s). */
  staleMs?: number;
}

export class AsRunSpool {
  readonly #entries: Spooled[] = [];
  readonly #file: string | null;
  readonly #staleMs: number;
  #heartbeat: NodeJS.Timeout | null = null;
  #sending: Promise<void> | null = null;

  constructor(private readonly options: SpoolOptions) {
    this.#staleMs = options.staleMs ?? 20_000;
    this.#file = options.dir ? join(options.dir, `${Date.now()}-${randomBytes(4).toString('hex')}.jsonl`) : null;
    if (!options.dir) return;
    mkdirSync(options.dir, { recursive: true });
    this.#rewrite();
    this.#heartbeat = setInterval(() => this.#touch(new Date()), Math.max(100, this.#staleMs / 4));
    this.#heartbeat.unref();
    this.adopt();
  }

  /** Queues an entry of a player's as-run log (on disk before this returns). */
  append(playerId: number, entry: AsRunEntry): void {
    const spooled = { player_id: playerId, entry };
    this.#entries.push(spooled);
    if (this.#entries.length > MAX_SPOOLED) {
      this.options.logger.error({ playerId }, 'Playout: the as-run spool is full; the oldest entry is dropped');
      this.#entries.shift();
      this.#rewrite();
    } else this.#write(() => appendFileSync(this.#file!, `${JSON.stringify(spooled)}\n`));
  }

  /** How many entries wait (of one player, or of all). */
  queued(playerId?: number): number {
    return playerId === undefined ? this.#entries.length : this.#entries.filter((e) => e.player_id === playerId).length;
  }

  /** Sends what waits, in order, once at a time; what the log does not take stays for the next call. */
  deliver(): Promise<void> {
    this.#sending ??= this.#send().finally(() => (this.#sending = null));
    return this.#sending;
  }

  async #send(): Promise<void> {
    this.adopt();
    // The file follows once a round ends, not after each batch: an entry sent but still on disk
    // after a crash is sent again, and the log skips it as a duplicate.
    if ((await this.#sendBatches()) > 0) this.#rewrite();
  }

  /** Sends batches until the spool is empty or the log cannot be reached; answers how many left it. */
  async #sendBatches(): Promise<number> {
    let removed = 0;
    while (this.#entries.length > 0) {
      const playerId = this.#entries[0]!.player_id;
      let count = 1;
      while (count < Math.min(BATCH, this.#entries.length) && this.#entries[count]!.player_id === playerId) count += 1;
      const batch = this.#entries.slice(0, count);
      try {
        await callOperation(this.options.bus, playerSync.appendAsRun, { player_id: playerId, entries: batch.map((e) => e.entry) });
      } catch (error) {
        if (!(error instanceof AirwaveError && REFUSED.includes(error.code))) {
          this.options.logger.warn({ playerId, queued: this.#entries.length, err: error }, 'Playout: the as-run log is not reachable; entries wait in the local spool');
          return removed;
        }
        this.options.logger.error({ playerId, dropped: batch.length, err: error }, 'Playout: the as-run log refused entries; they are dropped');
      }
      // Entries appended meanwhile are behind these: remove exactly the batch sent.
      this.#entries.splice(0, batch.length);
      removed += batch.length;
    }
    return removed;
  }

  /** Takes over the spool files of processes that stopped or died; their entries go first. */
  adopt(now = Date.now()): number {
    const dir = this.options.dir;
    if (!dir || !this.#file) return 0;
    const adopted: Spooled[] = [];
    const claimed: string[] = [];
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (path === this.#file || !name.endsWith('.jsonl')) continue;
      const mtime = statOrNull(path)?.mtimeMs;
      if (mtime === undefined || now - mtime < this.#staleMs) continue;
      // Still a .jsonl with its old time: should this process die before removing it, the next adopts it.
      const claim = join(dir, `adopting-${randomBytes(4).toString('hex')}.jsonl`);
      try {
        renameSync(path, claim);
      } catch {
        continue; // another spool adopted it first
      }
      adopted.push(...parseLines(readFileSync(claim, 'utf8')));
      claimed.push(claim);
    }
    if (adopted.length > 0) {
      this.#entries.unshift(...adopted);
      this.options.logger.info({ entries: adopted.length }, 'Playout: as-run entries of an earlier process found in the local spool; sending them');
    }
    if (claimed.length === 0) return 0;
    this.#rewrite();
    for (const claim of claimed) rmSync(claim, { force: true });
    return adopted.length;
  }

  /** Stops the heartbeat; what still waits is left for the next process to adopt at once. */
  close(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    if (!this.#file) return;
    if (this.#entries.length === 0) rmSync(this.#file, { force: true });
    else this.#touch(new Date(0));
  }

  #touch(at: Date) {
    this.#write(() => utimesSync(this.#file!, at, at));
  }

  /** The file holds exactly the entries waiting (a new file renamed over it: never half written). */
  #rewrite() {
    this.#write(() => {
      const next = `${this.#file}.next`;
      writeFileSync(next, this.#entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
      renameSync(next, this.#file!);
    });
  }

  /** A write the spool cannot make (disk full, directory gone) leaves the entry in memory, logged. */
  #write(write: () => void) {
    if (!this.#file) return;
    try {
      write();
    } catch (error) {
      this.options.logger.warn({ err: error, file: this.#file }, 'Playout: the as-run spool could not be written; entries wait in memory');
    }
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** The entries of a spool file; a line cut short by a crash is skipped. */
function parseLines(text: string): Spooled[] {
  const entries: Spooled[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = JSON.parse(line) as Spooled;
      if (Number.isInteger(parsed.player_id) && typeof parsed.entry === 'object' && parsed.entry !== null) entries.push(parsed);
    } catch {
      // a partial last line
    }
  }
  return entries;
}
