// One Liquidsoap process running the engine's script (script.ts): started as a warm spare (or a
// spare a crashed or stopped predecessor left, adopted), given a player's output once
// (`activate`), kept alive by a heartbeat, watched, and ended. Its stdout and stderr go to a file in
// its directory that this side follows line by line (tail.ts), so the process never depends on a
// pipe to this one: if the service dies, it keeps airing until its grace ends, then ends itself. It
// is recorded (records.ts) from its start to its end.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiquidsoapControl } from './control';
import type { EngineOutput } from './plan';
import { processRuns as alive, recordedProcessRuns, type EngineRecord, type EngineRecords, type Owner } from './records';
import { liquidsoapScript } from './script';
import { FollowedFile } from './tail';

export interface InstanceOptions {
  binary: string;
  records: EngineRecords;
  owner: Owner;
  /** An airing process ends itself when no heartbeat came for this long (ms). */
  graceMs: number;
  /** A spare ends itself when no heartbeat came for this long (ms): longer, so a restarted service finds it. */
  spareGraceMs: number;
  /** A heartbeat every this many ms. */
  heartbeatMs: number;
  /** A process that answers no heartbeat for this long is hung: it is killed (ms). */
  watchdogMs: number;
  harborBind: string;
  /** How long the process may take to answer at start (ms). */
  startTimeoutMs: number;
  /** Liquidsoap's frame, ms (default 10). */
  frameMs?: number;
  /**
   * The process's scheduling priority (a nice value, -20 to 19): audio first when the machine is
   * busy. Below 0 needs root or CAP_SYS_NICE; without it the process keeps the service's.
   */
  priority?: number;
  /** Told once when the priority could not be set. */
  priorityRefused?: (error: Error) => void;
}

export type Gone = 'exited' | 'unresponsive';

export class LiquidsoapInstance {
  id = randomBytes(6).toString('hex');
  dir = '';
  playerId: number | null = null;
  readonly #lines = new Set<(line: string) => void>();
  readonly #gone = new Set<(why: Gone) => void>();
  readonly #recent: string[] = [];
  #pid = 0;
  #child?: ChildProcess;
  #control?: LiquidsoapControl;
  #pulse?: LiquidsoapControl;
  #output?: FollowedFile;
  #beat?: NodeJS.Timeout;
  #lastAnswer = Date.now();
  #ended = false;

  constructor(private readonly options: InstanceOptions) {}

  get pid(): number | undefined {
    return this.#pid || undefined;
  }

  get running(): boolean {
    return !this.#ended;
  }

  /** The last lines the process wrote, for diagnostics. */
  get lastLines(): string[] {
    return [...this.#recent];
  }

  get defaultPlaylist(): string {
    return join(this.dir, 'default.m3u');
  }

  get #script() {
    return join(this.dir, 'engine.liq');
  }

  #record(): EngineRecord {
    return { id: this.id, pid: this.#pid, script: this.#script, dir: this.dir, owner: this.options.owner, player_id: this.playerId, started_at: new Date().toISOString() };
  }

  /** Starts the process and waits until it answers; a warm spare from then on. */
  async start(): Promise<void> {
    const o = this.options;
    this.dir = await mkdtemp(join(tmpdir(), 'airwave-ls-'));
    await writeFile(this.defaultPlaylist, '\n');
    await writeFile(this.#script, liquidsoapScript({ socket: join(this.dir, 'ctl.sock'), fallbackPlaylist: this.defaultPlaylist, spareGraceS: o.spareGraceMs / 1000, harborBind: o.harborBind, frameMs: o.frameMs ?? 10 }));
    const log = await open(join(this.dir, 'out.log'), 'a');
    const child = spawn(o.binary, [this.#script], { stdio: ['ignore', log.fd, log.fd] });
    await log.close();
    this.#child = child;
    this.#pid = child.pid ?? 0;
    this.#prioritize();
    await o.records.write(this.#record());
    const exited = new Promise<never>((_, reject) => {
      child.once('exit', (code, signal) => {
        reject(new Error(`liquidsoap exited (${code ?? signal}): ${this.#recent.slice(-6).join(' | ')}`));
        this.#end('exited');
      });
      child.once('error', (error) => reject(error));
    });
    exited.catch(() => undefined);
    this.#follow(0);
    await Promise.race([this.#pulse!.ready(o.startTimeoutMs), exited]);
    this.#watch();
  }

  #prioritize() {
    if (this.options.priority === undefined || !this.#pid) return;
    try {
      setPriority(this.#pid, this.options.priority);
    } catch (error) {
      this.options.priorityRefused?.(error as Error);
    }
  }

  /**
   * Takes over a spare an earlier service of this host left (its record, its process still that
   * Liquidsoap, answering): it becomes this owner's. Answers false when it cannot be had.
   */
  async adopt(record: EngineRecord, startingMs = 0): Promise<boolean> {
    if (record.player_id !== null) return false;
    if (!(await recordedProcessRuns(record))) {
      this.#recent.push(`(pid ${record.pid} no longer runs its script)`);
      return false;
    }
    this.id = record.id;
    this.dir = record.dir;
    this.#pid = record.pid;
    const size = await stat(join(this.dir, 'out.log')).then((s) => s.size, () => 0);
    this.#follow(size);
    // a spare the earlier service started moments before it died may still be starting: its
    // socket comes up within `startingMs` (a fresh start would take longer than what it has left)
    if (startingMs > 0) await this.#comesUp(startingMs);
    // as long as the watchdog would wait: a spare that has just come up on a busy machine answers
    // its first command slowly, and one refused here is killed and replaced by a new start
    const answer = await this.#pulse!.command('heartbeat', Math.max(2000, this.options.watchdogMs)).catch(() => '');
    if (!answer.endsWith('OK')) {
      this.#recent.push(`(no answer to its first heartbeat: ${answer || 'none'}; alive: ${alive(this.#pid)})`);
      this.#end('unresponsive');
      return false;
    }
    await this.options.records.write(this.#record());
    this.#watch();
    return true;
  }

  /** Waits while the process lives, up to `withinMs`, for its control socket to take a connection. */
  async #comesUp(withinMs: number) {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline && alive(this.#pid)) {
      if (await this.#pulse!.ready(0).then(() => true, () => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Follows the process's output from `offset` and opens its control socket (two connections: commands, and the heartbeat beside them). */
  #follow(offset: number) {
    this.#output = new FollowedFile(join(this.dir, 'out.log'), (line) => this.#line(line), { from: offset });
    this.#control = new LiquidsoapControl(join(this.dir, 'ctl.sock'));
    this.#pulse = new LiquidsoapControl(join(this.dir, 'ctl.sock'));
  }

  #watch() {
    this.#lastAnswer = Date.now();
    this.#beat = setInterval(() => void this.#heartbeat(), this.options.heartbeatMs);
  }

  /** A heartbeat, and the watchdog: a process that has not answered for watchdogMs is killed. */
  async #heartbeat() {
    if (this.#ended) return;
    // a process that is not our child (adopted) is found gone by its pid
    if (!this.#child && !alive(this.#pid)) return this.#end('exited');
    if (Date.now() - this.#lastAnswer > this.options.watchdogMs) {
      this.#recent.push(`(watchdog: no answer for ${Date.now() - this.#lastAnswer} ms)`);
      this.#kill('SIGKILL');
      return this.#end('unresponsive');
    }
    const answer = await this.#pulse!.command('heartbeat', this.options.watchdogMs).catch(() => '');
    if (answer.endsWith('OK')) this.#lastAnswer = Date.now();
  }

  #kill(signal: NodeJS.Signals) {
    try {
      if (this.#child) this.#child.kill(signal);
      else if (this.#pid) process.kill(this.#pid, signal);
    } catch {
      // gone already
    }
  }

  #line(line: string) {
    this.#recent.push(line);
    if (this.#recent.length > 200) this.#recent.shift();
    for (const listener of this.#lines) listener(line);
  }

  onLine(listener: (line: string) => void): () => void {
    this.#lines.add(listener);
    return () => this.#lines.delete(listener);
  }

  /** Called once when the process exits or is found hung (and killed). */
  onGone(listener: (why: Gone) => void): () => void {
    this.#gone.add(listener);
    return () => this.#gone.delete(listener);
  }

  #end(why: Gone) {
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#beat);
    this.#control?.close();
    this.#pulse?.close();
    void this.#cleanUp();
    for (const listener of this.#gone) listener(why);
  }

  #cleaned?: Promise<void>;
  #cleanUp(): Promise<void> {
    // the last lines are read before the directory goes
    this.#cleaned ??= (async () => {
      await this.#output?.close();
      await this.options.records.remove(this.id);
      if (this.dir) await rm(this.dir, { recursive: true, force: true });
    })();
    return this.#cleaned;
  }

  command(line: string, timeoutMs?: number): Promise<string> {
    if (this.#ended || !this.#control) return Promise.reject(new Error('liquidsoap is not running'));
    return this.#control.command(line, timeoutMs);
  }

  /**
   * Airs the player from now on: its Icecast mount and, with one, its harbor; silence until
   * `holdUntil` (Unix ms; 0 for none). Recorded as the player's before it airs.
   */
  async activate(playerId: number, output: EngineOutput, name: string, holdUntil: number): Promise<void> {
    this.playerId = playerId;
    await this.options.records.write(this.#record());
    const h = output.harbor;
    const fields = [output.host, String(output.port), output.mount, output.password, name, h ? String(h.port) : '', h?.mount ?? '', h?.password ?? '', (holdUntil / 1000).toFixed(3), String(this.options.graceMs / 1000)];
    const answer = await this.command(`activate ${fields.map(encodeURIComponent).join(' ')}`);
    if (!answer.endsWith('OK')) throw new Error(`liquidsoap did not activate: ${answer}`);
  }

  /** Ends the process (SIGTERM, then SIGKILL after 3 s) and waits for it. */
  async stop(): Promise<void> {
    if (this.#pid && alive(this.#pid)) {
      this.#kill('SIGTERM');
      const deadline = Date.now() + 3000;
      while (alive(this.#pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (alive(this.#pid)) this.#kill('SIGKILL');
      while (this.#child && this.#child.exitCode === null && this.#child.signalCode === null) await new Promise((r) => setTimeout(r, 20));
    }
    this.#end('exited');
    await this.#cleanUp();
  }

  /** Stops heartbeating and following without ending the process (a spare left for the next service). */
  release(): void {
    if (this.#ended) return;
    this.#ended = true;
    clearInterval(this.#beat);
    this.#control?.close();
    this.#pulse?.close();
    void this.#output?.close();
  }
}
