// The whole of Airwave in one process: the embedded default (PGlite, in-process bus, in-memory
// sessions) or, when the URLs are set, the same composition against Postgres, NATS and Redis.
import { accountService } from '@airwave/account';
import { commonConfig, parseConfig, z } from '@airwave/config';
import { consoleDirectory, corsOrigins, gatewayConfig, createGateway, playerThrottleFrom, storedMediaFiles, trustedProxies } from '@airwave/gateway';
import { createLogger, type Logger } from '@airwave/logging';
import { mediaFileRoutes, mediaHttpPlugin, mediaService } from '@airwave/media';
import { createLocalStorage } from '@airwave/storage';
import { join } from 'node:path';
import { modulesService } from '@airwave/modules';
import { playoutService } from '@airwave/playout';
import { schedulingService } from '@airwave/scheduling';
import { discoverModules, modulesDirs, newPlayoutKey, openInfrastructure, PLAYOUT_KEY, processSeals, runtimeConfig, startService, type Infrastructure, type PrincipalSealer, type RunningService, type ServiceDefinition } from '@airwave/service-kit';
import { createMetrics, instrumentBus, type Metrics } from '@airwave/metrics';
import type { FastifyInstance } from 'fastify';

// The playout airs only when an audio engine is found (liquidsoap on the PATH); otherwise it
// answers playout.status with how to enable it (docs/playout.md).
export const serviceDefinitions: ServiceDefinition[] = [accountService, mediaService, schedulingService, modulesService, playoutService];

export const systemConfig = runtimeConfig.extend({ ...gatewayConfig });
export type SystemConfig = z.infer<typeof systemConfig>;

export interface SystemOptions {
  env?: Record<string, string | undefined>;
  logger?: Logger;
  /**
   * 'embedded' (default): anything without a URL runs embedded. 'distributed': every service gets
   * its own bus connection, database pool and session client, as separate processes would.
   */
  mode?: 'embedded' | 'distributed';
  metrics?: Metrics;
}

export interface RunningSystem {
  url: string;
  port: number;
  app: FastifyInstance;
  infrastructure: Infrastructure[];
  /** Seals principals as the gateway does (for tests that call a service over the bus as a user). */
  sealer: PrincipalSealer;
  config: SystemConfig;
  close(): Promise<void>;
}

export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const env = options.env ?? process.env;
  const config = parseConfig(systemConfig, env);
  const logger = options.logger ?? createLogger({ name: 'airwave', level: config.LOG_LEVEL });
  const mode = options.mode ?? 'embedded';
  const embedded = mode === 'embedded';
  const opened: Infrastructure[] = [];
  const metrics = options.metrics ?? createMetrics({ process: embedded ? 'airwave' : 'gateway' });
  const running: RunningService[] = [];
  let app: FastifyInstance | undefined;
  const close = async () => {
    if (app) await app.close();
    for (const service of running.reverse()) await service.stop().catch(() => undefined);
    for (const infrastructure of opened.reverse()) await infrastructure.close();
  };
  // One process holds the gateway and every service: its own key pair unless one is configured.
  const seals = processSeals(config.AIRWAVE_GATEWAY_KEY);
  // And the scheduling service and the playout share a key for source passwords on the bus.
  const serviceEnv = env[PLAYOUT_KEY] ? env : { ...env, [PLAYOUT_KEY]: newPlayoutKey() };
  try {
    const shared = await openInfrastructure(config, logger, {
      opener: seals.opener,
      embedded,
      name: 'airwave-gateway',
      onSessionError: () => metrics.sessionStoreErrors.inc(),
    });
    opened.push(shared);
    for (const definition of serviceDefinitions) {
      // Distributed: each service has its own connections, exactly like its own process would.
      const infrastructure = embedded
        ? shared
        : await openInfrastructure(config, logger, { embedded: false, name: `airwave-${definition.name}`, opener: seals.opener });
      if (!embedded) opened.push(infrastructure);
      running.push(await startService(definition, infrastructure, logger, serviceEnv, metrics));
    }
    metrics.watchPool('main', () => shared.database.poolStats());
    const discovered = await discoverModules(modulesDirs(env.MODULES_DIR));
    const moduleOperations = new Map([...discovered.values()].filter((m) => m.definition).map((m) => [m.name, Object.values(m.definition!.operations)]));
    const storage = createLocalStorage(join(config.DATA_DIR, 'media'));
    app = await createGateway({
      bus: instrumentBus(shared.bus, metrics),
      sealer: seals.sealer,
      sessions: shared.sessions,
      metrics,
      moduleOperations,
      plugins: [mediaHttpPlugin({ storage, maxUploadBytes: config.MAX_UPLOAD_BYTES }) as never],
      extraRoutes: mediaFileRoutes,
      openMediaFile: storedMediaFiles(storage),
      playerThrottle: playerThrottleFrom(env),
      logger,
      bodyLimit: config.BODY_LIMIT_BYTES,
      corsOrigins: corsOrigins(config.CORS_ORIGINS),
      trustedProxies: trustedProxies(config.TRUSTED_PROXIES),
      requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
      readinessChecks: { database: () => shared.database.ping() },
      consoleDir: consoleDirectory(config.CONSOLE_DIR),
    });
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
    return { url: `http://${host}:${port}`, port, app, infrastructure: opened, sealer: seals.sealer, config, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

export { commonConfig, z };
