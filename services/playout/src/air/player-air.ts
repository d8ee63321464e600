// One player this replica holds the lease of: its engine, its plan and what feeds it. The plan is
// built from the rundown (now − 1 min … now + the hours ahead) and the alerts in force, with the
// files copied locally first; it is rebuilt on a timer and when the rundown, an alert or media
// change. While the bus does not answer, the engine keeps the plan it has (the next hours, local).
import type { Bus } from '@airwave/bus';
import { playerSync, playoutInternal, type AiredPlayer, type PlayoutRundownBlock as RundownBlock } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import { callOperation, type SecretBox } from '@airwave/service-kit';
import type { EngineOutput, Plan, PlayerEngine } from '../engine/plan';
import type { FileCache } from '../files/cache';
import { HARBOR_MOUNT } from '../harbor';
import { alertPlays } from '../plan/alerts';
import { buildPlan, onAirAt, replacing, resumeAt } from '../plan/build';
import { AsRunRecorder } from './asrun';
import { openBlocks } from './source-passwords';
import { AsRunSpool } from './spool';

export interface AirOptions {
  bus: Bus;
  logger: Logger;
  files: FileCache;
  hoursAhead: number;
  harborPortBase: number;
  /** Where as-run entries wait until the log takes them (the process's, on disk); default: in memory. */
  spool?: AsRunSpool;
  /** Opens the source passwords the scheduling service seals for the playout (AIRWAVE_PLAYOUT_KEY). */
  sourceKey?: SecretBox | null;
  now?: () => number;
}

/** Where a player's stream goes: its Icecast mount, from `stream_url`. */
export function outputOf(player: AiredPlayer, harborPortBase: number): EngineOutput {
  const url = new URL(player.stream_url);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const password = player.source_password ?? '';
  return { host: url.hostname, port, mount: url.pathname, password, harbor: { port: harborPortBase + player.id, mount: HARBOR_MOUNT, password } };
}

/** The files the plan airs: the rundown blocks' items and the voices over them, and the alerts' items. */
const mediaIdsOf = (blocks: RundownBlock[], alertItems: number[]) => [
  ...blocks.flatMap((block) =>
    block.items.flatMap((item) => (item.media_id !== null && (item.type === 'audio' || item.type === 'video') ? [item.media_id, ...(item.voiceover ? [item.voiceover.media_id] : [])] : [])),
  ),
  ...alertItems,
];

export class PlayerAir {
  readonly asRun: AsRunRecorder;
  plan: Plan | null = null;
  /** The plan being given to the engine, while it takes it. */
  #giving: Plan | null = null;
  /** When the plan was last rebuilt from a fresh rundown (Unix ms), or null. */
  refreshedAt: number | null = null;
  #refreshing: Promise<void> | null = null;
  #again = false;
  #unlisten: (() => void) | null = null;
  readonly #now: () => number;

  constructor(
    public player: AiredPlayer,
    readonly engine: PlayerEngine,
    private readonly options: AirOptions,
  ) {
    this.#now = options.now ?? Date.now;
    this.asRun = new AsRunRecorder(player.id, options.bus, options.logger, options.spool ?? new AsRunSpool({ dir: null, bus: options.bus, logger: options.logger }));
  }

  /**
   * Plans first, then puts the engine on air: the item under way is pushed before the output opens,
   * so what airs first is that item at its offset (after a moment's hold), not the default playlist.
   */
  async start(): Promise<void> {
    this.#unlisten = this.engine.onTrack((event) => this.asRun.record(event, this.#plannedItem(event.key)));
    await this.refresh();
    await this.engine.start(outputOf(this.player, this.options.harborPortBase));
  }

  /** Rebuilds the plan now (calls made meanwhile run once more after it). */
  refresh(): Promise<void> {
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = this.#rebuild().finally(() => {
      this.#refreshing = null;
      if (this.#again) {
        this.#again = false;
        void this.refresh();
      }
    });
    return this.#refreshing;
  }

  async #rebuild(): Promise<void> {
    const { bus, logger, files, hoursAhead } = this.options;
    const now = this.#now();
    const window = { from: now - 60_000, to: now + hoursAhead * 3_600_000 };
    let blocks: RundownBlock[];
    let alerts: Awaited<ReturnType<typeof callOperation<typeof playerSync.alertsInForce>>>['alerts'];
    try {
      blocks = openBlocks(this.options.sourceKey ?? null, await callOperation(bus, playoutInternal.rundown, { id: this.player.id, start: window.from, end: window.to }));
      alerts = (await callOperation(bus, playerSync.alertsInForce, { player_id: this.player.id, from: Math.floor(window.from / 1000), to: Math.ceil(window.to / 1000) })).alerts;
    } catch (error) {
      logger.warn({ playerId: this.player.id, err: error }, 'Playout: the rundown could not be read; the engine keeps the plan it has');
      return;
    }
    const paths = await files.ensure(mediaIdsOf(blocks, alerts.map((a) => a.item_id)));
    const built = buildPlan({ player_id: this.player.id, blocks, alerts: alertPlays(alerts, paths, window.from, window.to), files: paths, from: this.#now(), loudnessTarget: this.player.loudness_target });
    const at = this.#now();
    // The first plan resumes the item on air at its offset (a start, a takeover, a restart).
    const plan = this.plan === null ? resumeAt(built, at) : replacing(this.plan, built, at);
    // An item may start while the engine takes the plan (the first one of a start does at once):
    // its track event finds its show in the plan being given.
    this.#giving = plan;
    try {
      await this.engine.update(plan);
    } finally {
      this.#giving = null;
    }
    this.plan = plan;
    this.refreshedAt = at;
  }

  /** The planned item a track event names: in the plan being given to the engine, else the one it has. */
  #plannedItem(key: string) {
    for (const plan of [this.#giving, this.plan]) {
      const item = plan?.items.find((candidate) => candidate.key === key);
      if (item) return item;
    }
    return undefined;
  }

  /** What airs now by the plan. */
  onAir() {
    return this.plan ? onAirAt(this.plan, this.#now()) : undefined;
  }

  async stop(): Promise<void> {
    this.#unlisten?.();
    await this.engine.stop();
    await this.asRun.flush();
  }
}
