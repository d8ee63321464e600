// What every area of the modules service is handed.
import type { Bus } from '@airwave/bus';
import type { Database } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import type { SecretBox, ServiceEvents } from '@airwave/service-kit';
import type { Catalog } from './catalog/discovery';
import type { LiveModules } from './live/live-modules';
import type { ModulesDB } from './schema';
import type { Dispatcher } from './webhooks/dispatcher';

export interface WebhookSettings {
  allowHttp: boolean;
  timeoutMs: number;
  firstRetryMs: number;
  windowMs: number;
  logDays: number;
}

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
  /** Seals webhook secrets (AIRWAVE_ENCRYPTION_KEY); null where none is configured: webhooks answer 503. */
  secrets: SecretBox | null;
  webhookSettings: WebhookSettings;
  /** This replica's webhook sender (null without secrets). */
  dispatcher: Dispatcher | null;
}
