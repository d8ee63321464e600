// The shape every service has, so one runtime can start it embedded (all in one process) or alone
// (one process per service against NATS, Postgres and Redis).
import type { Bus, Subscription } from '@airwave/bus';
import { healthOf, type ServiceName } from '@airwave/contracts';
import type { AnyDB, Database, SchemaMigration } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import type { Metrics } from '@airwave/metrics';
import type { SessionStore } from '@airwave/sessions';
import { bindOperation } from './operations';
import type { Actor } from './outbox';

export interface ServiceDeps {
  /** Handle bound to the service's own schema. */
  db: AnyDB;
  database: Database;
  bus: Bus;
  sessions: SessionStore;
  logger: Logger;
  env: Record<string, string | undefined>;
  /** True in the embedded default (one process, PGlite, in-process bus). */
  embedded: boolean;
  /** The service's outbox: record events inside your transaction, then kick after commit. */
  events: ServiceEvents;
  /** The process's metrics (served at /metrics), where it has them: a service registers its own in `metrics.registry`. */
  metrics?: Metrics;
}

export interface ServiceEvents {
  record(trx: AnyDB, type: string, payload: unknown, actor: Actor): Promise<string>;
  /** Publish what was committed now rather than at the next poll. */
  kick(): void;
  /** Waits until every committed event is published (tests, shutdown). */
  flush(): Promise<void>;
}

export interface RunningService {
  stop(): Promise<void>;
}

export interface ServiceDefinition {
  name: ServiceName;
  /** Postgres schema the service owns. */
  schema: string;
  migrations: Record<string, SchemaMigration>;
  start(deps: ServiceDeps): Promise<RunningService>;
}

/** Every service answers `<service>.health` with its database check, for readiness probes. */
export async function bindHealth(bus: Bus, service: ServiceName, database: Database): Promise<Subscription> {
  return bindOperation(bus, healthOf(service), async () => {
    const db = await database.ping().then(
      () => true,
      () => false,
    );
    return { service, ok: db, checks: { database: db } };
  });
}
