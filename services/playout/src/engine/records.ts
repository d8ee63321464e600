// What this host's playout has running: one record per Liquidsoap process it started, a JSON file
// in the run directory (`PLAYOUT_RUN_DIR`), written before the process may air and removed when it
// ends. A service that starts after a crash finds there the processes its predecessor left (the
// orphans) and ends them by their recorded pid, after checking that the pid is still that
// Liquidsoap (its command line names the recorded script), never by a process name; and it knows
// which replica held their players, so it can take their leases over at once.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The process that drives an engine: the host, its pid, and its start (so a reused pid is told apart). */
export interface Owner {
  host: string;
  pid: number;
  /** The process's start time as the kernel gives it (`/proc/<pid>/stat` field 22), or null where there is no /proc. */
  since: string | null;
  /** The replica's name in the leases. */
  holder: string;
}

export interface EngineRecord {
  id: string;
  pid: number;
  /** The script it runs: its command line names it, which is how it is recognised. */
  script: string;
  /** Its working directory (script, control socket, default playlist, output). */
  dir: string;
  owner: Owner;
  /** The player it airs, once activated; null while it is a warm spare. */
  player_id: number | null;
  started_at: string;
}

/** The kernel's start time of a process, or null (no /proc, or no such process). */
export function processSince(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name (field 2) may hold spaces and parentheses: count fields after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

/**
 * Whether a process runs: it exists and is not a zombie (a process that ended and whose parent has
 * not reaped it yet: an orphan's parent is init, which may take its time).
 */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

const alive = processRuns;

/** This process as an owner of engines. */
export function thisOwner(holder: string): Owner {
  return { host: hostname(), pid: process.pid, since: processSince(process.pid), holder };
}

/** Whether the owner is a process that still runs on this host (a record of another host is never judged dead). */
export async function ownerAlive(owner: Owner): Promise<boolean> {
  if (owner.host !== hostname()) return true;
  if (!alive(owner.pid)) return false;
  if (owner.since === null) return true;
  return processSince(owner.pid) === owner.since;
}

/** Whether the recorded process still runs and is that Liquidsoap (its command line names the script). */
export async function recordedProcessRuns(record: EngineRecord): Promise<boolean> {
  if (!alive(record.pid)) return false;
  const cmdline = await readFile(`/proc/${record.pid}/cmdline`, 'utf8').catch(() => null);
  // without /proc, a live pid of a record of this host is taken to be it
  return cmdline === null ? true : cmdline.split('\0').includes(record.script);
}

export class EngineRecords {
  constructor(readonly dir: string) {}

  #path(id: string) {
    return join(this.dir, `${id}.json`);
  }

  async write(record: EngineRecord): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${this.#path(record.id)}.tmp`;
    await writeFile(tmp, JSON.stringify(record), { mode: 0o600 });
    await rename(tmp, this.#path(record.id));
  }

  async remove(id: string): Promise<void> {
    await rm(this.#path(id), { force: true });
  }

  /** Every record of this host (records of other hosts sharing the directory are left alone). */
  async list(): Promise<EngineRecord[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const records = await Promise.all(
      names
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => {
          const text = await readFile(join(this.dir, name), 'utf8').catch(() => null);
          try {
            return text ? (JSON.parse(text) as EngineRecord) : null;
          } catch {
            return null;
          }
        }),
    );
    return records.filter((r): r is EngineRecord => r !== null && r.owner?.host === hostname());
  }

  /** The records whose owner has died: the engines a crashed predecessor left. */
  async orphans(): Promise<EngineRecord[]> {
    const all = await this.list();
    const dead = await Promise.all(all.map(async (r) => !(await ownerAlive(r.owner))));
    return all.filter((_, i) => dead[i]);
  }

  /**
   * Ends a recorded process (SIGKILL: it is not ours to stop gently, and it must leave the mount
   * and the harbor port at once) if it still is that Liquidsoap, waits for it to go, and removes
   * its record and directory. Answers whether it was running.
   */
  async end(record: EngineRecord, waitMs = 3000): Promise<boolean> {
    const running = await recordedProcessRuns(record);
    if (running) {
      try {
        process.kill(record.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
      const deadline = Date.now() + waitMs;
      while (alive(record.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    }
    await rm(record.dir, { recursive: true, force: true });
    await this.remove(record.id);
    return running;
  }
}
