// Opening the shared infrastructure and starting services: used by the embedded default (all in one
// process) and by each service's own process in production.
import { natsUserOf, type BusUser } from '@airwave/contracts';
import { createBus, type Bus } from '@airwave/bus';
import { optionalChecked, commonConfig, parseConfig, z } from '@airwave/config';
import { migrateSchema, openDatabase, type Database, type SchemaMigration } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import type { Metrics } from '@airwave/metrics';
import { createMemorySessionStore, createRedisSessionStore, type SessionStore } from '@airwave/sessions';
import { traceOf } from './operations';
import { outboxMigration, recordEvent } from './outbox';
import { startOutboxRelay } from './outbox-relay';
import { gatewayKeyProblem, principalOpener, publicKeyFrom, type PrincipalOpener } from './principal-seal';
import { sealCheckingBus } from './sealed-bus';
import { idempotencyMigration, keyRecordingBus } from './idempotency';
import type { RunningService, ServiceDefinition, ServiceEvents } from './service';

export const runtimeConfig = z.object({
  ...commonConfig,
  SESSION_TTL_SECONDS: z.coerce.number().int().min(2).max(30 * 86400).default(3600).describe('Seconds a session lives after its last use.'),
  MODULES_DIR: z.string().optional().describe("Directories holding modules, separated by ':' (default: the repository's modules/)."),
  AIRWAVE_ADMIN_PASSWORD: z.string().min(1).optional().describe('Password of the admin user created on first start with an empty database (required outside the embedded default).'),
  AIRWAVE_GATEWAY_PUBLIC_KEY: optionalChecked(gatewayKeyProblem)
        .describe(
      "Public half of the gateway's Ed25519 key (32 bytes, base64): a service acts for a user only on a request whose principal the gateway sealed with the private half (docs/decisions/bus-security.md). Required by every service process; the embedded default and a one-process system make their own pair.",
    ),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

export const loadRuntimeConfig = (env: Record<string, string | undefined> = process.env) => parseConfig(runtimeConfig, env);

export interface Infrastructure {
  database: Database;
  bus: Bus;
  /** Opens the gateway's seals on requests' principals (principal-seal.ts). */
  opener: PrincipalOpener;
  sessions: SessionStore;
  embedded: boolean;
  close(): Promise<void>;
}

export interface InfrastructureOptions {
  /** Allow PGlite / in-process bus / in-memory sessions when URLs are unset (the embedded default). */
  embedded: boolean;
  /** Reuse an already open database (all services of the embedded default share PGlite's one connection). */
  database?: Database;
  /** Reuse a bus (the embedded default's in-process bus). */
  bus?: Bus;
  sessions?: SessionStore;
  /** Name of this connection on NATS (shows in NATS monitoring). */
  name?: string;
  /** Called on every session store error (metrics). */
  onSessionError?: () => void;
  /** The opener of a process that holds the gateway's key pair itself (the embedded default); else AIRWAVE_GATEWAY_PUBLIC_KEY's. */
  opener?: PrincipalOpener;
}

/** What opens the gateway's seals: the process's own, or the configured public key's. */
function openerFor(config: RuntimeConfig, options: InfrastructureOptions): PrincipalOpener {
  if (options.opener) return options.opener;
  if (config.AIRWAVE_GATEWAY_PUBLIC_KEY) return principalOpener(publicKeyFrom(config.AIRWAVE_GATEWAY_PUBLIC_KEY));
  throw new Error("AIRWAVE_GATEWAY_PUBLIC_KEY is not set: a service needs the gateway's public key to know whom it acts for (docs/decisions/bus-security.md).");
}

export async function openInfrastructure(config: RuntimeConfig, logger: Logger, options: InfrastructureOptions): Promise<Infrastructure> {
  const missing = (['DATABASE_URL', 'NATS_URL', 'REDIS_URL'] as const).filter((name) => !config[name]);
  if (!options.embedded && missing.length > 0) {
    throw new Error(`Production mode needs ${missing.join(', ')}: set them, or run the embedded default with \`pnpm start\`.`);
  }
  const opener = openerFor(config, options);
  const opened: { close(): Promise<void> }[] = [];
  try {
    const database =
      options.database ??
      (await openDatabase(
        config.DATABASE_URL
          ? {
              url: config.DATABASE_URL,
              tcpConnectTimeoutMs: config.DATABASE_TCP_CONNECT_TIMEOUT_MS,
              onConnectionError: (error) => logger.warn({ err: error }, 'Database connection lost; the pool opens a new one'),
            }
          : { dataDir: `${config.DATA_DIR}/pglite` },
      ));
    if (!options.database) opened.push(database);
    const bus =
      options.bus ??
      (await createBus({
        ...(config.NATS_URL ? { natsUrl: config.NATS_URL } : {}),
        ...(config.NATS_PASSWORD && options.name ? { user: natsUserOf(config.BUS_PREFIX, options.name.replace(/^airwave-/, '') as BusUser), password: config.NATS_PASSWORD } : {}),
        prefix: config.BUS_PREFIX,
        requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
        ...(options.name ? { name: options.name } : {}),
        onHandlerError: (error, subject, headers) => logger.error({ ...(headers ? traceOf(headers) : {}), err: error, subject }, 'Bus handler failed'),
      }));
    if (!options.bus) opened.push({ close: () => bus.drain() });
    const sessions =
      options.sessions ??
      (config.REDIS_URL
        ? createRedisSessionStore({
            url: config.REDIS_URL,
            prefix: config.REDIS_PREFIX,
            ttlSeconds: config.SESSION_TTL_SECONDS,
            onError: (error) => {
              options.onSessionError?.();
              logger.warn({ err: error }, 'Session store error');
            },
          })
        : createMemorySessionStore({ ttlSeconds: config.SESSION_TTL_SECONDS }));
    if (!options.sessions) opened.push(sessions);
    return {
      database,
      bus,
      opener,
      sessions,
      embedded: options.embedded,
      close: async () => {
        for (const resource of opened.reverse()) await resource.close().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const resource of opened.reverse()) await resource.close().catch(() => undefined);
    throw error;
  }
}

/** Runs a service's migrations in its own schema, then starts it. */
export async function startService(
  definition: ServiceDefinition,
  infrastructure: Infrastructure,
  logger: Logger,
  env: Record<string, string | undefined>,
  metrics?: Metrics,
): Promise<RunningService> {
  const applied = await migrateSchema(infrastructure.database, definition.schema, withOutbox(definition.migrations));
  if (applied.length > 0) logger.info({ service: definition.name, migrations: applied }, 'Applied migrations');
  const db = infrastructure.database.forSchema(definition.schema);
  const serviceLogger = logger.child({ service: definition.name });
  const relay = startOutboxRelay(db, infrastructure.bus, serviceLogger);
  const events: ServiceEvents = { record: recordEvent, kick: () => relay.kick(), flush: () => relay.flush() };
  const running = await definition.start({
    db,
    database: infrastructure.database,
    // Handlers see only principals the gateway sealed for their operation (checked first), and a
    // write's Idempotency-Key is recorded in the transaction that commits it (idempotency.ts).
    bus: keyRecordingBus(sealCheckingBus(infrastructure.bus, infrastructure.opener), db, (error) => serviceLogger.warn({ err: error }, 'Idempotency key record failed')),
    sessions: infrastructure.sessions,
    logger: serviceLogger,
    env,
    embedded: infrastructure.embedded,
    events,
    ...(metrics ? { metrics } : {}),
  });
  return {
    async stop() {
      await running.stop();
      await relay.flush().catch(() => undefined);
      await relay.stop();
    },
    events,
  } as RunningService & { events: ServiceEvents };
}

function withOutbox(migrations: Record<string, SchemaMigration>): Record<string, SchemaMigration> {
  return { ...migrations, outbox_0001: outboxMigration, idempotency_0001: idempotencyMigration };
}

/** `pnpm migrate`: applies every service's migrations and exits. */
export async function migrateAll(definitions: ServiceDefinition[], database: Database): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const definition of definitions) result[definition.name] = await migrateSchema(database, definition.schema, withOutbox(definition.migrations));
  return result;
}
