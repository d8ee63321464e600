// One player's audio engine: a Liquidsoap process (script.ts) fed over its telnet server with the
// actions the plan needs (timeline.ts) at their instants, reporting what actually aired from
// Liquidsoap's own track reports (events.ts). If Liquidsoap dies, it is started again and the plan
// resumes at the right offset in the current item.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { initialAir, orderReports, parseLine, reduceAir, type AirEvent, type AirState, type EngineLine } from './events';
import type { EngineOutput, Plan, PlannedItem, PlayerEngine, TrackEvent } from './plan';
import { freePort } from './ports';
import { Reconciler } from './reconcile';
import { liquidsoapScript } from './script';
import { LiquidsoapTelnet } from './telnet';
import { defaultTimelineOptions, fallbackPlaylist, requestUri, timeline, type Action, type TimelineOptions } from './timeline';

export interface LiquidsoapEngineOptions {
  playerId: number;
  /** The Liquidsoap binary (default `liquidsoap` on the PATH). */
  liquidsoap?: string;
  timeline?: Partial<TimelineOptions>;
  /** Shown to Icecast listeners as the stream's name. */
  name?: string;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
  /** How long Liquidsoap may take to start answering (ms). */
  startTimeoutMs?: number;
}

export class LiquidsoapEngine implements PlayerEngine {
  private plan: Plan;
  private readonly items = new Map<string, PlannedItem>();
  private readonly listeners = new Set<(event: TrackEvent) => void>();
  private readonly reconciler = new Reconciler();
  private air: AirState = initialAir;
  private child?: ChildProcess;
  private telnet?: LiquidsoapTelnet;
  private timer?: NodeJS.Timeout;
  private busy = false;
  private stopping = false;
  private dir?: string;
  private output?: EngineOutput;
  private fallbackText = '';
  private readonly recent: string[] = [];
  private pending: EngineLine[] = [];

  constructor(private readonly options: LiquidsoapEngineOptions) {
    this.plan = { player_id: options.playerId, items: [], fallback: [] };
  }

  /** The Liquidsoap process id (for CPU and memory figures), while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines Liquidsoap wrote, for diagnostics. */
  get lastLines(): string[] {
    return [...this.recent];
  }

  async start(output: EngineOutput): Promise<void> {
    this.output = output;
    this.stopping = false;
    this.dir ??= await mkdtemp(join(tmpdir(), `airwave-playout-${this.options.playerId}-`));
    await this.launch();
  }

  private async launch(): Promise<void> {
    const dir = this.dir!;
    const output = this.output!;
    const telnetPort = await freePort();
    this.fallbackText = fallbackPlaylist(this.plan);
    await writeFile(join(dir, 'default.m3u'), this.fallbackText);
    const script = liquidsoapScript({
      telnetPort,
      ...output,
      fallbackPlaylist: join(dir, 'default.m3u'),
      name: this.options.name ?? `player ${this.options.playerId}`,
    });
    await writeFile(join(dir, 'player.liq'), script);
    this.air = initialAir;
    this.reconciler.reset();
    const child = spawn(this.options.liquidsoap ?? 'liquidsoap', [join(dir, 'player.liq')], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    createInterface({ input: child.stdout! }).on('line', (line) => this.onLine(line));
    this.pending = [];
    createInterface({ input: child.stderr! }).on('line', (line) => this.remember(line));
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => {
        this.onExit(child, code, signal);
        reject(new Error(`liquidsoap exited (${code ?? signal}): ${this.recent.slice(-6).join(' | ')}`));
      }),
    );
    exited.catch(() => undefined);
    this.telnet = new LiquidsoapTelnet(telnetPort);
    await Promise.race([this.telnet.ready(this.options.startTimeoutMs ?? 60_000), exited]);
    this.schedule();
  }

  private remember(line: string) {
    this.recent.push(line);
    if (this.recent.length > 200) this.recent.shift();
  }

  private onExit(child: ChildProcess, code: number | null, signal: string | null) {
    if (this.stopping || this.child !== child) return;
    this.options.log?.('error', 'liquidsoap exited; starting it again', { code, signal, last: this.recent.slice(-5) });
    this.telnet?.close();
    clearTimeout(this.timer);
    setTimeout(() => {
      if (!this.stopping) this.launch().catch((err) => this.options.log?.('error', 'liquidsoap did not start again', { err: String(err) }));
    }, 1000);
  }

  /**
   * Lines of one frame arrive together; a deck's track report can follow the switch to it in the
   * same frame, so reports wait a moment and are taken in order of time, tracks before switches.
   */
  private onLine(line: string) {
    this.remember(line);
    const parsed = parseLine(line);
    if (!parsed) return;
    if (parsed.type === 'icecast') {
      this.options.log?.(parsed.text.startsWith('error') ? 'warn' : 'info', `icecast ${parsed.text}`);
      return;
    }
    this.pending.push(parsed);
    if (this.pending.length === 1) setTimeout(() => this.drain(), 20);
  }

  private drain() {
    const batch = orderReports(this.pending.splice(0));
    for (const parsed of batch) this.apply(parsed);
  }

  private apply(parsed: EngineLine) {
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
    if (!this.telnet) return;
    const text = fallbackPlaylist(plan);
    if (text !== this.fallbackText) {
      this.fallbackText = text;
      // the playlist watches its file (inotify): no command, so pushes due now are not held up
      await writeFile(join(this.dir!, 'default.m3u'), text);
    }
    const timing = { ...defaultTimelineOptions, ...this.timing() };
    const changes = this.reconciler.changes(plan, Date.now(), timing);
    for (const cut of changes.cuts) {
      this.options.log?.('info', 'plan changed: item on air cut short', { deck: cut.deck, key: cut.key, at: cut.at });
      await this.telnet.command(`${cut.deck}.cut ${(cut.at / 1000).toFixed(3)} ${timing.hardFadeS}`);
      this.reconciler.cut(cut);
    }
    for (const deck of changes.flush) {
      this.options.log?.('info', 'plan changed: queued items replaced', { deck });
      await this.telnet.command(`${deck}.flush`);
      this.reconciler.flushed(deck);
    }
    this.schedule();
  }

  onTrack(listener: (event: TrackEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The timeline's options: a live item without a password of its own takes the harbor's. */
  private timing(): Partial<TimelineOptions> {
    return { livePassword: this.output?.harbor?.password ?? '', ...this.options.timeline };
  }

  private due(): Action | undefined {
    const next = timeline(this.plan, Date.now(), this.timing(), this.reconciler.state)[0];
    return next;
  }

  private schedule() {
    clearTimeout(this.timer);
    if (this.stopping || !this.telnet) return;
    const next = this.due();
    if (!next) return;
    this.timer = setTimeout(() => void this.tick(), Math.max(0, next.at - Date.now()));
  }

  private async tick() {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let a = this.due(); a && a.at <= Date.now() + 5 && !this.stopping; a = this.due()) {
        await this.execute(a);
        this.reconciler.did(a);
      }
    } catch (err) {
      this.options.log?.('error', 'liquidsoap command failed', { err: String(err) });
    } finally {
      this.busy = false;
      if (!this.stopping) this.timer = setTimeout(() => this.schedule(), 0);
    }
  }

  private async execute(a: Action) {
    const telnet = this.telnet!;
    const window = `${(a.from / 1000).toFixed(3)} ${(a.until / 1000).toFixed(3)}`;
    if (a.kind === 'live') {
      const fields = [a.key, a.password, a.item.title, a.item.artist].map(encodeURIComponent).join(' ');
      await telnet.command(`live ${window} ${fields}`);
      return;
    }
    await telnet.command(`${a.deck}.window ${window}`);
    const answer = await telnet.command(`${a.deck}.push ${requestUri(a)}`);
    if (answer.endsWith('OK')) return this.reconciler.pushed(a);
    this.reconciler.fail(a.key);
    this.options.log?.('warn', 'file missing or unreadable: skipped', { key: a.key, path: a.item.path });
    const event: TrackEvent = { ...this.trackEvent({ kind: 'start', key: a.key, channel: a.channel, at: 0 }), kind: 'skip', reason: 'missing or unreadable file' };
    setTimeout(() => this.emit({ ...event, at: Date.now() }), Math.max(0, a.airsAt - Date.now()));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.telnet?.close();
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}
