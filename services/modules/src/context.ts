// What every area of the modules service is handed.
import type { Bus } from '@airwave/bus';
import type { Database } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import type { ServiceEvents } from '@airwave/service-kit';
import type { Catalog } from './catalog/discovery';
import type { LiveModules } from './live/live-modules';
import type { ModulesDB } from './schema';

export interface ModulesContext {
  db: ModulesDB;
  database: Database;
  bus: Bus;
  logger: Logger;
  events: ServiceEvents;
  /** The modules found on disk at start. */
  catalog: Catalog;
  /** The installed modules' handlers bound by this replica. */
  live: LiveModules;
}
