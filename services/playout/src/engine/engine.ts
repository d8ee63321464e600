// One player's audio engine: a Liquidsoap process (instance.ts, from the replica's pool) fed over
// its control socket with the actions the plan needs (timeline.ts) at their instants, reporting
// what actually aired from Liquidsoap's own track reports (events.ts). If the process dies or stops
// answering, a warm spare takes over at once and the plan resumes at the right offset in the
// current item.
import { writeFile } from 'node:fs/promises';
import { initialAir, orderReports, parseLine, reduceAir, type AirEvent, type AirState, type EngineLine } from './events';
import type { Gone, LiquidsoapInstance } from './instance';
import type { EngineOutput, Plan, PlannedItem, PlayerEngine, TrackEvent } from './plan';
import { privatePool, type LiquidsoapPool } from './pool';
import { Reconciler } from './reconcile';
import { defaultTimelineOptions, fallbackPlaylist, requestUri, timeline, type Action, type TimelineOptions } from './timeline';
import { duckCommand, duckEndCommand, UNDUCK } from './voice';

type Log = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;

export interface LiquidsoapEngineOptions {
  playerId: number;
  /** Where the engine's processes come from: the replica's pool. Without one, the engine keeps a private pool of `spares` (none by default). */
  pool?: LiquidsoapPool;
  /** Warm spares of a private pool. */
  spares?: number;
  /** Liquidsoap's frame in a private pool, ms (default 10). */
  frameMs?: number;
  /** The Liquidsoap binary of a private pool (default `liquidsoap` on the PATH). */
  liquidsoap?: string;
  timeline?: Partial<TimelineOptions>;
  /** Shown to Icecast listeners as the stream's name. */
  name?: string;
  log?: Log;
  /** How long Liquidsoap may take to start answering, in a private pool (ms). */
  startTimeoutMs?: number;
}

export class LiquidsoapEngine implements PlayerEngine {
  private plan: Plan;
  private readonly items = new Map<string, PlannedItem>();
  private readonly listeners = new Set<(event: TrackEvent) => void>();
  private readonly reconciler = new Reconciler();
  private air: AirState = initialAir;
  private instance?: LiquidsoapInstance;
  private pool?: LiquidsoapPool;
  private ownPool = false;
  private timer?: NodeJS.Timeout;
  private busy = false;
  private stopping = false;
  private output?: EngineOutput;
  private fallbackText = '';
  private pending: EngineLine[] = [];
  /** While a process is made ready: the latest instant an item under way resumes at (Unix ms). */
  private resumesAt = 0;
  private lastIcecastError = 0;
  /** How long a push takes Liquidsoap (ms, a moving average): an item under way resumes a little after that. */
  private pushMs = 250;

  constructor(private readonly options: LiquidsoapEngineOptions) {
    this.plan = { player_id: options.playerId, items: [], fallback: [] };
  }

  /** The Liquidsoap process id (for CPU and memory figures), while it runs. */
  get pid(): number | undefined {
    return this.instance?.pid;
  }

  /** The last lines Liquidsoap wrote, for diagnostics. */
  get lastLines(): string[] {
    return this.instance?.lastLines ?? [];
  }

  async start(output: EngineOutput): Promise<void> {
    this.output = output;
    this.stopping = false;
    if (!this.pool) {
      this.ownPool = !this.options.pool;
      this.pool = this.options.pool ?? privatePool(this.options.playerId, this.options);
      if (this.ownPool) await this.pool.start();
    }
    await this.attach();
  }

  /**
   * Takes a process from the pool and puts the player on air with it: the default playlist, then
   * the pushes due now (an item under way resumes at its offset, after a short hold of silence).
   * When nothing airs the player, the output opens first (silent until the pushes are done, so
   * listeners can come back meanwhile); when a process an earlier run left still airs it, that one
   * airs on while this one is made ready, and is ended just before this one opens.
   */
  private async attach(): Promise<void> {
    const began = Date.now();
    const instance = await this.pool!.take();
    if (this.stopping) return void (await instance.stop());
    const taken = Date.now();
    this.instance = instance;
    this.air = initialAir;
    this.pending = [];
    this.reconciler.reset();
    instance.onLine((line) => this.onLine(line));
    instance.onGone((why) => this.onGone(instance, why));
    this.fallbackText = fallbackPlaylist(this.plan);
    await writeFile(instance.defaultPlaylist, this.fallbackText);
    await instance.command('default_reload');
    const name = this.options.name ?? `player ${this.options.playerId}`;
    const orphan = await this.pool!.airingOrphan(this.options.playerId);
    if (!orphan) await instance.activate(this.options.playerId, this.output!, name, Date.now() + 3000);
    this.resumesAt = 0;
    // what is under way first; the rest once on air
    await this.runDue((a) => a.item.start < Date.now());
    const pushed = Date.now();
    if (orphan) {
      await this.pool!.endOrphans(this.options.playerId);
      await instance.activate(this.options.playerId, this.output!, name, this.resumesAt);
    } else await instance.command(`hold ${(this.resumesAt / 1000).toFixed(3)}`);
    this.options.log?.('info', 'liquidsoap on air', { pid: instance.pid, takeMs: taken - began, pushMs: pushed - taken, activateMs: Date.now() - pushed, resumesIn: this.resumesAt ? this.resumesAt - Date.now() : null, replaced: orphan });
    this.schedule();
  }

  private onGone(instance: LiquidsoapInstance, why: Gone) {
    if (this.stopping || this.instance !== instance) return;
    this.options.log?.('error', why === 'exited' ? 'liquidsoap exited; a spare takes over' : 'liquidsoap stopped answering; killed, a spare takes over', { last: instance.lastLines.slice(-5) });
    this.instance = undefined;
    clearTimeout(this.timer);
    void this.reattach();
  }

  private async reattach(): Promise<void> {
    while (!this.stopping && !this.instance) {
      try {
        await this.attach();
      } catch (error) {
        this.options.log?.('error', 'liquidsoap could not be put on air; trying again', { err: String(error) });
        const failed = this.instance as LiquidsoapInstance | undefined;
        this.instance = undefined;
        await failed?.stop().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /**
   * Lines of one frame arrive together; a deck's track report can follow the switch to it in the
   * same frame, so reports wait a moment and are taken in order of time, tracks before switches.
   */
  private onLine(line: string) {
    const parsed = parseLine(line);
    if (!parsed) return;
    if (parsed.type === 'icecast') return this.icecastSaid(parsed.text);
    this.pending.push(parsed);
    if (this.pending.length === 1) setTimeout(() => this.drain(), 20);
  }

  /** Icecast's connection news, logged (an error at most every 10 s: it is retried every 250 ms while Icecast is away). */
  private icecastSaid(text: string) {
    const error = text.startsWith('error');
    if (error && Date.now() - this.lastIcecastError < 10_000) return;
    if (error) this.lastIcecastError = Date.now();
    this.options.log?.(error ? 'warn' : 'info', `icecast ${text}`);
  }

  private drain() {
    const batch = orderReports(this.pending.splice(0));
    for (const parsed of batch) this.apply(parsed);
  }

  private apply(parsed: EngineLine) {
    if (parsed.type === 'voice') return this.reconciler.started('voice', parsed.key);
    if (parsed.type === 'track' && (parsed.deck || parsed.channel === 'alert')) this.reconciler.started(parsed.deck ?? 'alert', parsed.key);
    const [next, events] = reduceAir(this.air, parsed);
    this.air = next;
    for (const e of events) this.emit(this.trackEvent(e));
  }

  private trackEvent(e: AirEvent): TrackEvent {
    const item = this.items.get(e.key);
    const context = e.channel === 'alert' ? 'emerg' : e.channel === 'default' ? 'fallback' : (item?.context ?? 'show');
    return {
      player_id: this.options.playerId,
      key: e.key,
      media_id: item?.media_id ?? null,
      title: item?.title ?? '',
      artist: item?.artist ?? '',
      context,
      at: e.at,
      kind: e.kind,
    };
  }

  private emit(event: TrackEvent) {
    for (const l of this.listeners) l(event);
  }

  async update(plan: Plan): Promise<void> {
    for (const i of [...plan.items, ...plan.fallback]) this.items.set(i.key, i);
    this.plan = plan;
    const instance = this.instance;
    if (!instance) return;
    const text = fallbackPlaylist(plan);
    if (text !== this.fallbackText) {
      this.fallbackText = text;
      // the playlist watches its file (inotify): no command, so pushes due now are not held up
      await writeFile(instance.defaultPlaylist, text);
    }
    const timing = { ...defaultTimelineOptions, ...this.timing() };
    const changes = this.reconciler.changes(plan, Date.now(), timing);
    for (const cut of changes.cuts) {
      this.options.log?.('info', 'plan changed: item on air cut short', { deck: cut.deck, key: cut.key, at: cut.at });
      await instance.command(`${cut.deck}.cut ${(cut.at / 1000).toFixed(3)} ${timing.hardFadeS}`);
      if (cut.deck === 'voice') await instance.command(duckEndCommand(cut.at)); // the music back up from the voice's cut
      this.reconciler.cut(cut);
      // the cut also empties the deck's queue: whatever waited there is pushed again as the new plan has it
      this.reconciler.flushed(cut.deck);
    }
    for (const deck of changes.flush) {
      this.options.log?.('info', 'plan changed: queued items replaced', { deck });
      await instance.command(`${deck}.flush`);
      if (deck === 'voice') await instance.command(UNDUCK); // pushed again, a voice sets its ducking again
      this.reconciler.flushed(deck);
    }
    this.schedule();
  }

  onTrack(listener: (event: TrackEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The timeline's options: a live item without a password of its own takes the harbor's, and an
   * item under way starts twice a push's time after its push (at least 200 ms, at most 1.5 s), so
   * its offset is exact and the hold before it short.
   */
  private timing(): Partial<TimelineOptions> {
    const lateStartMs = Math.round(Math.min(1500, Math.max(200, 2 * this.pushMs)));
    return { livePassword: this.output?.harbor?.password ?? '', lateStartMs, ...this.options.timeline };
  }

  private due(): Action | undefined {
    return timeline(this.plan, Date.now(), this.timing(), this.reconciler.state)[0];
  }

  private schedule() {
    clearTimeout(this.timer);
    if (this.stopping || !this.instance) return;
    const next = this.due();
    if (!next) return;
    this.timer = setTimeout(() => void this.tick(), Math.max(0, next.at - Date.now()));
  }

  private async tick() {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.runDue();
    } catch (err) {
      this.options.log?.('error', 'liquidsoap command failed', { err: String(err) });
    } finally {
      this.busy = false;
      if (!this.stopping) this.timer = setTimeout(() => this.schedule(), 0);
    }
  }

  /** Every action due now (that `only` lets through), in order. */
  private async runDue(only: (a: Action) => boolean = () => true) {
    const due = () => timeline(this.plan, Date.now(), this.timing(), this.reconciler.state).find(only);
    for (let a = due(); a && a.at <= Date.now() + 5 && !this.stopping && this.instance; a = due()) {
      await this.execute(this.instance, a);
      this.reconciler.did(a);
    }
  }

  private async execute(instance: LiquidsoapInstance, a: Action) {
    const window = `${(a.from / 1000).toFixed(3)} ${(a.until / 1000).toFixed(3)}`;
    if (a.kind === 'live') {
      const fields = [a.key, a.password, a.item.title, a.item.artist].map(encodeURIComponent).join(' ');
      await instance.command(`live ${window} ${fields}`);
      return;
    }
    const began = Date.now();
    const answer = await instance.command(`${a.deck}.push ${window} ${encodeURIComponent(a.key)} ${requestUri(a)}`);
    this.pushMs = 0.7 * this.pushMs + 0.3 * (Date.now() - began);
    if (answer.endsWith('OK')) {
      if (a.from > a.item.start) this.resumesAt = Math.max(this.resumesAt, a.from);
      // a voice ducks main from before it starts until after it stops sounding
      if (a.item.duck) await instance.command(duckCommand(a.item.duck, a.endAt));
      return this.reconciler.pushed(a);
    }
    this.reconciler.fail(a.key);
    this.options.log?.('warn', 'file missing or unreadable: skipped', { key: a.key, path: a.item.path });
    const event: TrackEvent = { ...this.trackEvent({ kind: 'start', key: a.key, channel: a.channel === 'voice' ? 'main' : a.channel, at: 0 }), kind: 'skip', reason: 'missing or unreadable file' };
    setTimeout(() => this.emit({ ...event, at: Date.now() }), Math.max(0, a.airsAt - Date.now()));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    const instance = this.instance;
    this.instance = undefined;
    await instance?.stop();
    if (this.ownPool) await this.pool?.stop();
  }
}
