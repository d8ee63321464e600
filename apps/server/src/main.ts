// `pnpm start`: the embedded default: every service and the gateway in this one process.
import { resolve } from 'node:path';
import { ConfigError } from '@airwave/config';
import { createLogger } from '@airwave/logging';
import { startSystem } from './system';

const logger = createLogger({ level: process.env.LOG_LEVEL || 'info' });
// `pnpm start` runs in apps/server; data belongs where the user typed the command (./data).
const env = { ...process.env };
if (!env.DATA_DIR) env.DATA_DIR = resolve(process.env.INIT_CWD ?? process.cwd(), 'data');
try {
  const system = await startSystem({ logger, env });
  logger.info({ url: system.url }, `Airwave is listening on ${system.url} (API under ${system.url}/api/v2)`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    setTimeout(() => process.exit(1), system.config.SHUTDOWN_TIMEOUT_MS).unref();
    await system.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
} catch (error) {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  logger.fatal({ err: error }, `Airwave could not start: ${message}`);
  setTimeout(() => process.exit(1), 100);
}
