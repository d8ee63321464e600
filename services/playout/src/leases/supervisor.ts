// The lease loop of one replica: every PLAYOUT_LEASE_RENEW_MS it renews the leases it holds and
// takes the players that are free or whose lease expired (PLAYOUT_LEASE_TTL_MS after their holder
// last renewed), at most PLAYOUT_MAX_PLAYERS; it starts an engine for each player it gained and
// stops those it lost. The database unreachable stops nothing: no other replica can take a lease
// meanwhile, so the players held keep airing until the database says otherwise.
import { playoutInternal, type AiredPlayer } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import { openPlayers } from '../air/source-passwords';
import type { PlayerEngine } from '../engine/plan';
import { PlayerAir, type AirOptions } from '../air/player-air';
import type { PlayoutDB } from '../schema';
import { claimLeases, releaseLeases } from './queries';

export type EngineFactory = (player: AiredPlayer) => PlayerEngine;

export interface SupervisorOptions extends AirOptions {
  db: PlayoutDB;
  holder: string;
  engine: EngineFactory;
  maxPlayers: number;
  renewMs: number;
  ttlMs: number;
  refreshMs: number;
  /** Told how many players the system has to air (by any replica), after each read of them. */
  demand?: (players: number) => void;
  /** Whether a process an earlier run of this host left still airs the player (so it can wait its turn). */
  stillAiring?: (playerId: number) => Promise<boolean>;
}

/** Whether two answers for a player need another engine (its output changed). */
const sameOutput = (a: AiredPlayer, b: AiredPlayer) => a.stream_url === b.stream_url && a.source_password === b.source_password;

export class Supervisor {
  readonly aired = new Map<number, PlayerAir>();
  #players: AiredPlayer[] = [];
  #playersStale = true;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #lastPrune = 0;

  constructor(private readonly options: SupervisorOptions) {}

  start(): void {
    const loop = () => {
      this.#running = this.tick().finally(() => {
        this.#running = null;
        if (this.#timer) this.#timer = setTimeout(loop, this.options.renewMs);
      });
    };
    this.#timer = setTimeout(loop, 0);
  }

  /** The players' settings changed: read them again at the next round. */
  playersChanged(): void {
    this.#playersStale = true;
  }

  /** One round: which players, the leases, then engines started or stopped to match. */
  async tick(): Promise<void> {
    const { db, holder, logger } = this.options;
    await this.#readPlayers();
    const held = new Set(this.aired.keys());
    const wanted = [...this.#players].sort((a, b) => Number(held.has(b.id)) - Number(held.has(a.id)) || a.id - b.id).slice(0, this.options.maxPlayers);
    let holding: number[];
    try {
      holding = await claimLeases(db, holder, wanted.map((p) => p.id), this.options.ttlMs);
    } catch (error) {
      logger.warn({ err: error, holding: held.size }, 'Playout: the leases could not be renewed; the players held keep airing');
      return;
    }
    const now = new Set(holding);
    for (const [id, air] of this.aired) {
      const player = this.#players.find((p) => p.id === id);
      if (!now.has(id) || !player || !sameOutput(player, air.player)) await this.#drop(id, now.has(id) ? 'its output changed' : 'its lease is gone');
      // its other settings (the loudness target) take effect with its next plan, which its save brings
      else air.player = player;
    }
    // Starting an engine or rebuilding a plan can take longer than a lease lives (Liquidsoap's start
    // on a loaded machine): the leases held are renewed meanwhile, or another replica takes them.
    await this.#renewingMeanwhile(async () => {
      await this.#takeAll(wanted.filter((player) => now.has(player.id) && !this.aired.has(player.id)));
      await this.#refreshDue();
    });
  }

  /** Runs `work`, renewing the leases of the players aired every renewMs until it ends. */
  async #renewingMeanwhile(work: () => Promise<void>) {
    const { db, holder, logger, renewMs, ttlMs } = this.options;
    const renew = () =>
      void claimLeases(db, holder, [...this.aired.keys()], ttlMs).catch((error: unknown) => logger.warn({ err: error }, 'Playout: the leases could not be renewed during a start'));
    const timer = setInterval(renew, renewMs);
    try {
      await work();
    } finally {
      clearInterval(timer);
    }
  }

  /**
   * Starts the players gained: first those nothing airs, then those a process of an earlier run
   * still airs (they are on air until its grace ends), each group side by side. After a crash that
   * took a player's Liquidsoap with the service, that player gets the warm spare, not the first in
   * id order whose old process airs fine (it waited behind five others, one after the other: 12 s
   * off air; and the last of six was replaced 22 s after the restart, near the 30 s grace).
   */
  async #takeAll(players: AiredPlayer[]) {
    const airing = await Promise.all(players.map((p) => this.options.stillAiring?.(p.id).catch(() => false) ?? false));
    await Promise.all(players.filter((_, i) => !airing[i]).map((p) => this.#take(p)));
    await Promise.all(players.filter((_, i) => airing[i]).map((p) => this.#take(p)));
  }

  async #readPlayers() {
    if (!this.#playersStale) return;
    try {
      this.#players = openPlayers(this.options.sourceKey ?? null, await callOperation(this.options.bus, playoutInternal.players, {}));
      this.#playersStale = false;
      this.options.demand?.(this.#players.length);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'Playout: the players could not be read; keeping the last list');
    }
  }

  async #take(player: AiredPlayer) {
    const air = new PlayerAir(player, this.options.engine(player), this.options);
    this.aired.set(player.id, air);
    this.options.logger.info({ playerId: player.id, holder: this.options.holder }, 'Playout: took the lease; airing the player');
    await air.start().catch((error) => this.options.logger.error({ playerId: player.id, err: error }, 'Playout: the engine did not start'));
  }

  async #drop(id: number, why: string) {
    const air = this.aired.get(id);
    this.aired.delete(id);
    this.options.logger.info({ playerId: id, why }, 'Playout: no longer airing the player');
    await air?.stop().catch((error) => this.options.logger.warn({ playerId: id, err: error }, 'Playout: the engine did not stop cleanly'));
  }

  /** Every refreshMs each player's rundown is read again (the window slides); flushes waiting as-run entries. */
  async #refreshDue() {
    // The spool also holds entries of players aired before a restart, held now or not.
    void this.options.spool?.deliver();
    for (const air of this.aired.values()) void air.asRun.flush();
    const due = [...this.aired.values()].filter((air) => Date.now() - (air.refreshedAt ?? 0) >= this.options.refreshMs);
    await Promise.all(due.map((air) => air.refresh()));
    if (Date.now() - this.#lastPrune < 3_600_000) return;
    this.#lastPrune = Date.now();
    await this.options.files.prune(this.options.hoursAhead * 3_600_000 + 86_400_000).catch(() => 0);
  }

  /** Rebuilds the plans of the players named (all when none is). */
  refresh(playerIds?: number[]): void {
    for (const [id, air] of this.aired) if (!playerIds || playerIds.includes(id)) void air.refresh();
  }

  /** Stops every engine; `release` lets the leases go at once (a clean stop), else they expire. */
  async stop(release = true): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
    const ids = [...this.aired.keys()];
    await Promise.all(ids.map((id) => this.#drop(id, 'the service stops')));
    if (release) await releaseLeases(this.options.db, this.options.holder, ids).catch(() => undefined);
  }
}
