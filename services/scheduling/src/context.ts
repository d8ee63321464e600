// What every area of the service works with: its own schema's database handle, the bus, the log
// and the outbox. Built once in start() and handed to each area's bind…(context).
import type { Bus } from '@airwave/bus';
import type { Logger } from '@airwave/logging';
import type { ServiceDeps, ServiceEvents } from '@airwave/service-kit';
import type { SchedulingDB } from './schema';

export interface SchedulingContext {
  /** Bound to the `scheduling` schema. */
  db: SchedulingDB;
  bus: Bus;
  logger: Logger;
  /** Record events inside the transaction, kick after commit. */
  events: ServiceEvents;
}

export const schedulingContext = ({ db, bus, logger, events }: ServiceDeps): SchedulingContext => ({ db: db as SchedulingDB, bus, logger, events });
