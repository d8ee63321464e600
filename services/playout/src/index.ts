// The playout service (issue 34): airs each player whose `playout` is airwave, from its rundown,
// through one audio engine process per player to its Icecast mount. This file is its table of
// contents: the engine chosen (engines.ts), the leases and their loop (leases/), one player on air
// (air/: its plan, its as-run log), the plan itself (plan/, pure), the local files (files/).
import { hostname } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLocalStorage } from '@airwave/storage';
import { bindHealth, type ServiceDefinition } from '@airwave/service-kit';
import type { Logger } from '@airwave/logging';
import { readPlayoutEnv } from './config';
import { LiquidsoapEngine } from './engine/engine';
import { chooseEngine, type EngineChoice } from './engines';
import { AsRunSpool } from './air/spool';
import { FileCache } from './files/cache';
import { followChanges } from './leases/follow';
import { Supervisor, type EngineFactory } from './leases/supervisor';
import { bindStatus } from './status';
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

/** One Liquidsoap process per player (engine/), logging through the service's log. */
const liquidsoapEngines =
  (logger: Logger) =>
  (binary: string): EngineFactory =>
  (player) =>
    new LiquidsoapEngine({ playerId: player.id, liquidsoap: binary, name: player.name, log: (level, message, fields) => logger[level]({ playerId: player.id, ...fields }, message) });

export function createPlayoutService(options: PlayoutOptions = {}): ServiceDefinition {
  return {
    name: 'playout',
    schema: PLAYOUT_SCHEMA,
    migrations: playoutMigrations,
    async start({ db: anyDb, database, bus, logger, env }) {
      const db = anyDb as PlayoutDB;
      const config = readPlayoutEnv(env);
      const holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
      const choice: EngineChoice = options.engine ? { engine: options.engine, name: 'custom', reason: null } : await chooseEngine(config.PLAYOUT_ENGINE, liquidsoapEngines(logger), env.PATH);
      const subscriptions = [await bindHealth(bus, 'playout', database), await bindStatus(bus, db, holder, choice)];
      if (!choice.engine) {
        logger.info({ reason: choice.reason }, 'Playout: not airing');
        return { stop: async () => void (await Promise.all(subscriptions.map((s) => s.unsubscribe()))) };
      }
      const storage = createLocalStorage(config.PLAYOUT_MEDIA_DIR ?? join(config.DATA_DIR, 'media'));
      const cacheDir = config.PLAYOUT_CACHE_DIR ?? join(config.DATA_DIR, 'playout-cache');
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
      });
      subscriptions.push(...(await followChanges(bus, supervisor)));
      supervisor.start();
      options.started?.(supervisor);
      logger.info({ engine: choice.name, holder }, 'Playout: airing the players whose playout is airwave');
      return {
        async stop() {
          await Promise.all(subscriptions.map((s) => s.unsubscribe()));
          await supervisor.stop();
          await spool.deliver();
          spool.close();
        },
      };
    },
  };
}

export const playoutService = createPlayoutService();
