// The playout service (issue 34): airs each player whose `playout` is airwave, from its rundown,
// through one audio engine process per player to its Icecast mount. This file is its table of
// contents: the engine chosen (engines.ts), the leases and their loop (leases/), one player on air
// (air/: its plan, its as-run log), the plan itself (plan/, pure), the local files (files/).
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLocalStorage } from '@airwave/storage';
import { bindHealth, callOperation, playoutSecretBox, type ServiceDefinition } from '@airwave/service-kit';
import type { Bus } from '@airwave/bus';
import { playoutInternal } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import type { Database } from '@airwave/db';
import { readPlayoutEnv, type PlayoutEnv } from './config';
import { LiquidsoapEngine } from './engine/engine';
import { LiquidsoapPool } from './engine/pool';
import { thisOwner } from './engine/records';
import { chooseEngine, type EngineChoice } from './engines';
import { AsRunSpool } from './air/spool';
import { FileCache } from './files/cache';
import { followChanges } from './leases/follow';
import { inheritLeases } from './leases/queries';
import { Supervisor, type EngineFactory } from './leases/supervisor';
import { bindListeners, bindStatus } from './status';
import { ListenerPoller } from './listeners/poller';
import { ListenerCounts } from './listeners/counts';
import { PLAYOUT_SCHEMA, playoutMigrations, type PlayoutDB } from './schema';

export { playoutConfig } from './config';
export type { EngineFactory } from './leases/supervisor';
export { Supervisor } from './leases/supervisor';

export interface PlayoutOptions {
  /** The engine to air with, instead of the one found on the PATH (tests). */
  engine?: EngineFactory;
  /** The replica's name in the leases (default `<host>:<pid>:<random>`). */
  holder?: string;
  /** Called with the supervisor once it runs (tests). */
  started?: (supervisor: Supervisor) => void;
}

/** The replica's Liquidsoap processes (engine/pool.ts), recorded under the run directory. */
function enginePool(binary: string, config: PlayoutEnv, cacheDir: string, holder: string, logger: Logger): LiquidsoapPool {
  return new LiquidsoapPool({
    binary,
    runDir: config.PLAYOUT_RUN_DIR ?? join(cacheDir, 'engines'),
    owner: thisOwner(holder),
    spares: config.PLAYOUT_SPARE_ENGINES,
    graceMs: config.PLAYOUT_ENGINE_GRACE_MS,
    // a spare is idle (no mount, no port): it waits longer for a restarted service to adopt it
    spareGraceMs: Math.max(60_000, config.PLAYOUT_ENGINE_GRACE_MS),
    heartbeatMs: 1000,
    watchdogMs: config.PLAYOUT_ENGINE_WATCHDOG_MS,
    harborBind: config.PLAYOUT_HARBOR_BIND,
    priority: config.PLAYOUT_ENGINE_PRIORITY,
    frameMs: config.PLAYOUT_FRAME_MS,
    startTimeoutMs: 120_000,
    log: (level, message, fields) => logger[level]({ ...fields }, `Playout: ${message}`),
  });
}

/** One Liquidsoap process per player (engine/), from the replica's pool, logging through the service's log. */
const liquidsoapEngines =
  (logger: Logger, pool: LiquidsoapPool): EngineFactory =>
  (player) =>
    new LiquidsoapEngine({ playerId: player.id, pool, name: player.name, log: (level, message, fields) => logger[level]({ playerId: player.id, ...fields }, message) });

/** Counts the listeners of the players this replica airs from their Icecast's lists (where no hook does): started. */
function pollListeners(bus: Bus, logger: Logger, supervisor: Supervisor, config: PlayoutEnv): ListenerPoller {
  const poller = new ListenerPoller({ bus, logger, players: () => [...supervisor.aired.values()].map((air) => air.player), intervalMs: config.PLAYOUT_LISTENER_POLL_MS });
  poller.start();
  return poller;
}

/** The listeners of the aired players, from the Icecast each streams to (the stream URLs read over the bus, any replica's players). */
const listenerCounts = (bus: Bus) =>
  new ListenerCounts({ streamUrls: async () => new Map((await callOperation(bus, playoutInternal.players, {}, { timeoutMs: 2000 })).map((player) => [player.id, player.stream_url])) });

/**
 * Starts the pool, and takes over at once the leases of a replica of this host that died with
 * players on air (their processes are ended as each player's new one takes over).
 */
async function startPool(pool: LiquidsoapPool, db: PlayoutDB, holder: string, config: PlayoutEnv, logger: Logger) {
  await pool.start();
  for (const [dead, players] of pool.orphanPlayers()) {
    const taken = await inheritLeases(db, dead, holder, players, config.PLAYOUT_LEASE_TTL_MS).catch(() => []);
    if (taken.length) logger.info({ from: dead, players: taken }, 'Playout: took over the players of a replica of this host that died');
  }
}

/** What any replica answers, airing or not: its health, the status, and a player's listeners. */
async function bindQuestions(bus: Bus, db: PlayoutDB, database: Database, holder: string, choice: EngineChoice, config: PlayoutEnv) {
  const counts = listenerCounts(bus);
  const harbor = { portBase: config.PLAYOUT_HARBOR_PORT_BASE, bind: config.PLAYOUT_HARBOR_BIND };
  return [await bindHealth(bus, 'playout', database), await bindStatus(bus, db, holder, choice, harbor, counts), await bindListeners(bus, db, counts)];
}

export function createPlayoutService(options: PlayoutOptions = {}): ServiceDefinition {
  return {
    name: 'playout',
    schema: PLAYOUT_SCHEMA,
    migrations: playoutMigrations,
    async start({ db: anyDb, database, bus, logger, env }) {
      const db = anyDb as PlayoutDB;
      const config = readPlayoutEnv(env);
      const holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
      const cacheDir = config.PLAYOUT_CACHE_DIR ?? join(config.DATA_DIR, 'playout-cache');
      // Liquidsoap found: one pool of processes for every player this replica airs
      const engines: { pool?: LiquidsoapPool } = {};
      const liquidsoap = (binary: string): EngineFactory => liquidsoapEngines(logger, (engines.pool = enginePool(binary, config, cacheDir, holder, logger)));
      const choice: EngineChoice = options.engine ? { engine: options.engine, name: 'custom', reason: null, binary: null } : await chooseEngine(config.PLAYOUT_ENGINE, liquidsoap, env.PATH);
      const pool = engines.pool;
      const subscriptions = await bindQuestions(bus, db, database, holder, choice, config);
      if (!choice.engine) {
        logger.info({ reason: choice.reason }, 'Playout: not airing');
        return { stop: async () => void (await Promise.all(subscriptions.map((s) => s.unsubscribe()))) };
      }
      const storage = createLocalStorage(config.PLAYOUT_MEDIA_DIR ?? join(config.DATA_DIR, 'media'));
      const files = new FileCache(cacheDir, (key) => storage.open(key), bus, logger);
      // As-run entries not yet delivered, on disk: a restart delivers them (air/spool.ts).
      const spool = new AsRunSpool({ dir: config.PLAYOUT_SPOOL_DIR ?? join(cacheDir, 'asrun-spool'), bus, logger });
      const supervisor = new Supervisor({
        db,
        bus,
        logger,
        files,
        spool,
        holder,
        engine: choice.engine,
        hoursAhead: config.PLAYOUT_HOURS_AHEAD,
        harborPortBase: config.PLAYOUT_HARBOR_PORT_BASE,
        maxPlayers: config.PLAYOUT_MAX_PLAYERS,
        renewMs: config.PLAYOUT_LEASE_RENEW_MS,
        ttlMs: config.PLAYOUT_LEASE_TTL_MS,
        refreshMs: config.PLAYOUT_REFRESH_MS,
        sourceKey: playoutSecretBox(config.AIRWAVE_PLAYOUT_KEY),
        ...(pool ? { demand: (players: number) => pool.demand(players > 0), stillAiring: (playerId: number) => pool.airingOrphan(playerId) } : {}),
      });
      subscriptions.push(...(await followChanges(bus, supervisor)));
      if (pool) await startPool(pool, db, holder, config, logger);
      supervisor.start();
      const listeners = pollListeners(bus, logger, supervisor, config);
      options.started?.(supervisor);
      logger.info({ engine: choice.name, holder }, 'Playout: airing the players whose playout is airwave');
      return {
        async stop() {
          await Promise.all([...subscriptions.map((s) => s.unsubscribe()), listeners.stop()]);
          await supervisor.stop();
          // the spares stay for a restarted service to adopt (they end themselves if none comes)
          await pool?.stop({ leaveSpares: true });
          await spool.deliver();
          spool.close();
        },
      };
    },
  };
}

export const playoutService = createPlayoutService();
