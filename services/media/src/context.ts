// What every area of the media service works with: its schema, the bus, the outbox, the log and
// the store of media files.
import type { Bus } from '@airwave/bus';
import type { Logger } from '@airwave/logging';
import type { ServiceDeps, ServiceEvents } from '@airwave/service-kit';
import { createLocalStorage, type Storage } from '@airwave/storage';
import { join } from 'node:path';
import type { MediaDB } from './schema';

export interface MediaContext {
  /** The handle bound to the media schema. */
  db: MediaDB;
  bus: Bus;
  logger: Logger;
  /** The service's outbox: record inside the transaction, kick after the commit. */
  events: ServiceEvents;
  /** Media files under DATA_DIR/media. */
  storage: Storage;
}

export function createMediaContext({ db, bus, logger, env, events }: ServiceDeps): MediaContext {
  return { db: db as MediaDB, bus, logger, events, storage: createLocalStorage(join(env.DATA_DIR || './data', 'media')) };
}
