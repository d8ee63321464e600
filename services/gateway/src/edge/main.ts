// The edge process: owns the station's published port and holds requests while the gateway restarts
// (hold-proxy.ts; compose runs it, the gateway sharing its network: docs/reliability.md).
import { commonConfig, parseConfig, z } from '@airwave/config';
import { createLogger } from '@airwave/logging';
import { gatewayConfig } from '../config';
import { edgeConfig, upstreamOf } from './config';
import { createHoldProxy } from './hold-proxy';

const logger = createLogger({ name: 'edge' });
try {
  const config = parseConfig(z.object({ LOG_LEVEL: commonConfig.LOG_LEVEL, SHUTDOWN_TIMEOUT_MS: commonConfig.SHUTDOWN_TIMEOUT_MS, PORT: gatewayConfig.PORT, HOST: gatewayConfig.HOST, ...edgeConfig }));
  logger.level = config.LOG_LEVEL;
  const upstream = upstreamOf(config.EDGE_UPSTREAM);
  const server = createHoldProxy({
    upstream,
    holdMs: config.EDGE_HOLD_MS,
    onHeld: (ms, answered) => logger.info({ ms, answered }, answered ? 'A request waited for the gateway' : 'A request waited for the gateway in vain: 503'),
  });
  server.listen(config.PORT, config.HOST, () => logger.info({ port: config.PORT, host: config.HOST, upstream: config.EDGE_UPSTREAM }, 'Edge listening'));
  const stop = () => {
    setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS).unref();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  logger.fatal({ err: error }, `Cannot start the edge: ${error instanceof Error ? error.message : String(error)}`);
  setTimeout(() => process.exit(1), 100);
}
