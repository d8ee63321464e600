// `pnpm migrate`: applies every service's migrations (each in its own schema) and exits.
import { resolve } from 'node:path';
import { openDatabase } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { migrateAll } from '@airwave/service-kit';
import { parseConfig } from '@airwave/config';
import { serviceDefinitions, systemConfig } from './system';

const logger = createLogger({ name: 'migrate' });
try {
  const env = { ...process.env };
  if (!env.DATA_DIR) env.DATA_DIR = resolve(process.env.INIT_CWD ?? process.cwd(), 'data');
  const config = parseConfig(systemConfig, env);
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: `${config.DATA_DIR}/pglite` });
  const applied = await migrateAll(serviceDefinitions, database);
  await database.close();
  logger.info({ applied }, 'Migrations are up to date');
} catch (error) {
  logger.fatal({ err: error }, `Migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
