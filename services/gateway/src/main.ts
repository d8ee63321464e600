// Production: the gateway alone, against NATS_URL and REDIS_URL.
import { natsUserOf } from '@airwave/contracts';
import { connectNatsBus } from '@airwave/bus';
import { commonConfig, parseConfig, z } from '@airwave/config';
import { createLogger } from '@airwave/logging';
import { createMetrics, instrumentBus } from '@airwave/metrics';
import { createRedisSessionStore } from '@airwave/sessions';
import { discoverModules, modulesDirs, principalSealer, privateKeyFrom } from '@airwave/service-kit';
import { mediaFileRoutes, mediaHttpPlugin } from '@airwave/media';
import { createLocalStorage } from '@airwave/storage';
import { join } from 'node:path';
import { createGateway } from './app';
import { corsOrigins, gatewayConfig, trustedProxies } from './config';
import { consoleDirectory } from './plugins/console';
import { storedMediaFiles } from './remote/files';
import { playerThrottleFrom } from './remote/throttle';

const logger = createLogger({ name: 'gateway' });
try {
  const config = parseConfig(
    z.object({
      ...commonConfig,
      ...gatewayConfig,
      SESSION_TTL_SECONDS: z.coerce.number().int().min(2).default(3600),
    }),
  );
  logger.level = config.LOG_LEVEL;
  if (!config.NATS_URL || !config.REDIS_URL) throw new Error('The gateway process needs NATS_URL and REDIS_URL (or run the embedded default with `pnpm start`).');
  if (!config.AIRWAVE_GATEWAY_KEY) throw new Error("The gateway process needs AIRWAVE_GATEWAY_KEY, the key sealing callers' principals on the bus (docs/decisions/bus-security.md says how to make it).");
  const sealer = principalSealer(privateKeyFrom(config.AIRWAVE_GATEWAY_KEY));
  const metrics = createMetrics({ process: 'gateway' });
  const credentials = config.NATS_PASSWORD ? { user: natsUserOf(config.BUS_PREFIX, 'gateway'), password: config.NATS_PASSWORD } : {};
  const bus = await connectNatsBus(config.NATS_URL, { prefix: config.BUS_PREFIX, requestTimeoutMs: config.REQUEST_TIMEOUT_MS, name: 'airwave-gateway', ...credentials });
  const sessions = createRedisSessionStore({
    url: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    ttlSeconds: config.SESSION_TTL_SECONDS,
    onError: (error) => {
      metrics.sessionStoreErrors.inc();
      logger.warn({ err: error }, 'Session store error');
    },
  });
  const discovered = await discoverModules(modulesDirs(process.env.MODULES_DIR));
  const moduleOperations = new Map([...discovered.values()].filter((m) => m.definition).map((m) => [m.name, Object.values(m.definition!.operations)]));
  // A gateway replica is ready when its own dependencies are: one service being down must not take
  // every gateway out of the load balancer (the failing routes answer 503 by themselves).
  const storage = createLocalStorage(join(config.DATA_DIR, 'media'));
  const plugins = [mediaHttpPlugin({ storage, maxUploadBytes: config.MAX_UPLOAD_BYTES }) as never];
  const app = await createGateway({ bus: instrumentBus(bus, metrics), sealer, sessions, logger, metrics, moduleOperations, plugins, extraRoutes: mediaFileRoutes, openMediaFile: storedMediaFiles(storage), playerThrottle: playerThrottleFrom(process.env), requiredServices: [], bodyLimit: config.BODY_LIMIT_BYTES, corsOrigins: corsOrigins(config.CORS_ORIGINS), trustedProxies: trustedProxies(config.TRUSTED_PROXIES), requestTimeoutMs: config.REQUEST_TIMEOUT_MS, consoleDir: consoleDirectory(config.CONSOLE_DIR) });
  await app.listen({ port: config.PORT, host: config.HOST });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    await bus.drain();
    await sessions.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
} catch (error) {
  logger.fatal({ err: error }, `Cannot start the gateway: ${error instanceof Error ? error.message : String(error)}`);
  setTimeout(() => process.exit(1), 100);
}
