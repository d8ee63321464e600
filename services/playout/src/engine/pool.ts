// The replica's Liquidsoap processes waiting to air (warm spares) and the ones an earlier service
// of this host left. Liquidsoap takes seconds to start (3.6 s on an idle machine of CI's kind, 30 s
// at a load of 12 on two cores), so a player whose process died, or a player taken over from a
// dead replica, gets a process that has already started: `take` hands one over at once and starts
// another in the background. Spares are kept while the system has players to air (`demand`).
//
// What an earlier service left (records.ts): its spares are adopted (a restart, clean or not, puts
// its players back on air without waiting for Liquidsoap to start); a process still airing a player
// goes on until a process of this service takes that player, which ends it first (`take`), or
// until its grace ends. Whatever is left after the grace is ended by its record.
import { LiquidsoapInstance, type InstanceOptions } from './instance';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineRecords, recordedProcessRuns, thisOwner, type EngineRecord } from './records';

export interface PoolOptions extends Omit<InstanceOptions, 'records'> {
  /** Where the processes are recorded. */
  runDir: string;
  /** How many started processes wait for a player while there are players to air. */
  spares: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

/** The longest a spare an earlier service was starting is waited for from its start (Liquidsoap took 30 s to start at a load of 12; one started anew would take as long). */
const MAX_ADOPTED_START_MS = 60_000;

export class LiquidsoapPool {
  readonly records: EngineRecords;
  readonly #ready: LiquidsoapInstance[] = [];
  readonly #starting = new Set<Promise<LiquidsoapInstance | null>>();
  #orphans: EngineRecord[] = [];
  #sweep?: NodeJS.Timeout;
  #stopped = false;
  #wanted = false;
  /** Takers waiting for a process on its way (each further taker starts its own). */
  #waiting = 0;

  #priorityRefused = false;

  constructor(private readonly options: PoolOptions) {
    this.records = new EngineRecords(options.runDir);
  }

  /** What every process of the pool is started with. */
  #instanceOptions() {
    return {
      ...this.options,
      records: this.records,
      priorityRefused: (error: Error) => {
        if (this.#priorityRefused) return;
        this.#priorityRefused = true;
        this.options.log?.('warn', 'liquidsoap runs at the priority of the service: raising it needs root or CAP_SYS_NICE (on a busy machine, audio then competes with everything else)', { priority: this.options.priority, err: error.message });
      },
    };
  }

  /** Learns what an earlier service left: adopts its spares, and ends the rest once their grace is over. */
  async start(): Promise<void> {
    const orphans = await this.records.orphans();
    this.#orphans = orphans.filter((o) => o.player_id !== null);
    if (this.#orphans.length) this.options.log?.('info', 'liquidsoap processes airing for an earlier run found', { orphans: this.#orphans.map((o) => ({ pid: o.pid, player_id: o.player_id, holder: o.owner.holder })) });
    for (const record of orphans.filter((o) => o.player_id === null)) {
      if (this.#ready.length + this.#starting.size >= Math.max(1, this.options.spares)) {
        await this.records.end(record).catch(() => false);
        continue;
      }
      this.#adoptSpare(record);
    }
    this.#sweep = setTimeout(() => void this.#endOrphans(() => true), this.options.graceMs + 1000);
  }

  /** Whether there are players to air: spares are kept only then. */
  demand(wanted: boolean): void {
    if (wanted === this.#wanted) return;
    this.#wanted = wanted;
    if (wanted) this.#fill();
    else for (const spare of this.#ready.splice(0)) void spare.stop();
  }

  /** The holders (replicas) that left processes airing, with their players. */
  orphanPlayers(): Map<string, number[]> {
    const out = new Map<string, number[]>();
    for (const o of this.#orphans) out.set(o.owner.holder, [...(out.get(o.owner.holder) ?? []), o.player_id!]);
    return out;
  }

  async #endOrphans(which: (record: EngineRecord) => boolean) {
    const ending = this.#orphans.filter(which);
    this.#orphans = this.#orphans.filter((o) => !which(o));
    await Promise.all(
      ending.map(async (record) => {
        const was = await this.records.end(record).catch(() => false);
        if (was) this.options.log?.('info', 'ended a liquidsoap process left by an earlier run', { pid: record.pid, player_id: record.player_id });
      }),
    );
  }

  /**
   * Adopts a spare an earlier service left, as one on its way (take() waits for it before starting
   * another). It may have been starting when that service died (a crash soon after a takeover used
   * the one before): it is given what a start may take from when it was started to come up.
   */
  #adoptSpare(record: EngineRecord) {
    const startingMs = Date.parse(record.started_at) + Math.min(this.options.startTimeoutMs, MAX_ADOPTED_START_MS) - Date.now();
    const spare = new LiquidsoapInstance(this.#instanceOptions());
    const adopted = spare.adopt(record, Math.max(0, startingMs || 0)).then(async (up) => {
      if (up) return spare;
      this.options.log?.('warn', 'a spare liquidsoap process of an earlier run could not be adopted; starting another', { pid: record.pid, why: spare.lastLines.slice(-3) });
      await this.records.end(record).catch(() => false);
      return null;
    });
    this.#starting.add(adopted);
    void adopted.then((instance) => {
      this.#starting.delete(adopted);
      if (!instance) return this.#fill();
      this.options.log?.('info', 'adopted a spare liquidsoap process of an earlier run', { pid: instance.pid });
      // a pool stopped meanwhile stops or leaves it with the rest (stop())
      if (this.#stopped) return;
      this.#keep(instance);
    });
  }

  #keep(spare: LiquidsoapInstance) {
    this.#ready.push(spare);
    spare.onGone(() => {
      const at = this.#ready.indexOf(spare);
      if (at < 0) return;
      this.#ready.splice(at, 1);
      this.#fill();
    });
  }

  #fill() {
    while (!this.#stopped && this.#wanted && this.#ready.length + this.#starting.size < this.options.spares) {
      const started = this.#launch();
      this.#starting.add(started);
      void started.then((spare) => {
        this.#starting.delete(started);
        if (!spare) return;
        // a pool stopped meanwhile stops or leaves it with the rest (stop())
        if (this.#stopped) return;
        if (!this.#wanted) return void spare.stop();
        this.#keep(spare);
      });
    }
  }

  /** A process started now; null when it did not start. */
  #launch(): Promise<LiquidsoapInstance | null> {
    const instance = new LiquidsoapInstance(this.#instanceOptions());
    return instance.start().then(
      () => instance,
      (error) => {
        this.options.log?.('error', 'a liquidsoap process did not start', { err: String(error), last: instance.lastLines.slice(-5) });
        void instance.stop();
        return null;
      },
    );
  }

  /** Whether a process an earlier run left is still airing the player. */
  async airingOrphan(playerId: number): Promise<boolean> {
    const left = this.#orphans.filter((o) => o.player_id === playerId);
    return (await Promise.all(left.map((o) => recordedProcessRuns(o)))).some(Boolean);
  }

  /** Ends the processes an earlier run left airing the player, so its mount and harbor port are free. */
  endOrphans(playerId: number): Promise<void> {
    return this.#endOrphans((o) => o.player_id === playerId);
  }

  /** A started process for a player: a spare if one waits (another starts in its place), else one started now. */
  async take(): Promise<LiquidsoapInstance> {
    this.demand(true);
    for (;;) {
      if (this.#stopped) throw new Error('the engine pool is stopped');
      const spare = this.#ready.shift();
      this.#fill();
      if (spare?.running) return spare;
      if (spare) continue;
      // one on its way is sooner than one started now, unless other takers already wait for each
      if (this.#starting.size > this.#waiting) {
        this.#waiting += 1;
        await Promise.race(this.#starting).finally(() => (this.#waiting -= 1));
        continue;
      }
      const fresh = await this.#launch();
      if (fresh?.running) return fresh;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  /** The spares' pids (for figures and tests). */
  get sparePids(): number[] {
    return this.#ready.flatMap((i) => (i.pid ? [i.pid] : []));
  }

  /**
   * Stops the pool. With `leaveSpares` (a clean stop of the service), the spares are left running
   * for the next service of this host to adopt; they end themselves if none comes.
   */
  async stop(options: { leaveSpares?: boolean } = {}): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#sweep);
    const starting = (await Promise.all([...this.#starting])).filter((i): i is LiquidsoapInstance => i !== null);
    const spares = [...this.#ready.splice(0), ...starting];
    if (options.leaveSpares) for (const spare of spares) spare.release();
    else await Promise.all(spares.map((i) => i.stop()));
  }
}

/** A pool for one engine (tests, benchmarks): `spares` of them (none by default), recorded in a temporary directory. */
export function privatePool(playerId: number, o: { liquidsoap?: string; startTimeoutMs?: number; spares?: number; frameMs?: number; log?: PoolOptions['log'] }): LiquidsoapPool {
  return new LiquidsoapPool({
    binary: o.liquidsoap ?? 'liquidsoap',
    runDir: join(tmpdir(), `airwave-engines-${process.pid}-${playerId}`),
    owner: thisOwner(`engine:${process.pid}`),
    spares: o.spares ?? 0,
    graceMs: 8000,
    spareGraceMs: 8000,
    heartbeatMs: 1000,
    watchdogMs: 5000,
    harborBind: '127.0.0.1',
    priority: -10,
    startTimeoutMs: o.startTimeoutMs ?? 60_000,
    ...(o.frameMs ? { frameMs: o.frameMs } : {}),
    ...(o.log ? { log: o.log } : {}),
  });
}
