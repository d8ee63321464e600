// Production entry point of one service: its own process against NATS, Postgres and Redis.
import { createServer } from 'node:http';
import { createLogger, type Logger } from '@airwave/logging';
import { createMetrics } from '@airwave/metrics';
import { loadRuntimeConfig, openInfrastructure, startService } from './runtime';
import type { ServiceDefinition } from './service';

/** Starts a service alone, with a small /healthz and /readyz listener on METRICS_PORT when set. */
export async function runServiceProcess(definition: ServiceDefinition, env: Record<string, string | undefined> = process.env): Promise<void> {
  let logger: Logger = createLogger({ name: definition.name });
  try {
    const config = loadRuntimeConfig(env);
    logger = createLogger({ name: definition.name, level: config.LOG_LEVEL });
    const metrics = createMetrics({ process: definition.name });
    const infrastructure = await openInfrastructure(config, logger, { embedded: false, name: `airwave-${definition.name}` });
    metrics.watchPool('main', () => infrastructure.database.poolStats());
    const service = await startService(definition, infrastructure, logger, env, metrics);
    const probes = config.METRICS_PORT
      ? createServer((request, response) => {
          const respond = (status: number, body: unknown) => {
            response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
          };
          if (request.url === '/metrics') {
            void metrics.registry.metrics().then((text) => {
              response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text);
            });
            return;
          }
          if (request.url === '/healthz') return respond(200, { status: true, msg: 'alive', data: null });
          if (request.url === '/readyz') {
            void Promise.all([infrastructure.database.ping(), infrastructure.bus.ping(2000)]).then(
              () => respond(200, { status: true, msg: 'ready', data: null }),
              () => respond(503, { status: false, msg: 'not ready', data: null }),
            );
            return;
          }
          respond(404, { status: false, msg: 'Not found', data: null });
        }).listen(config.METRICS_PORT)
      : undefined;
    logger.info({ service: definition.name }, 'Service started');

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'Shutting down');
      const deadline = setTimeout(() => {
        logger.error({}, 'Shutdown deadline passed; exiting');
        process.exit(1);
      }, config.SHUTDOWN_TIMEOUT_MS);
      deadline.unref();
      probes?.close();
      await service.stop().catch((error: unknown) => logger.error({ err: error }, 'Service stop failed'));
      await infrastructure.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void stop('SIGTERM'));
    process.once('SIGINT', () => void stop('SIGINT'));
  } catch (error) {
    logger.fatal({ err: error }, `Cannot start the ${definition.name} service: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
    // Give the logger a moment to flush, then exit.
    setTimeout(() => process.exit(1), 100);
  }
}
