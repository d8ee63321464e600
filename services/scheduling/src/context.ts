// What every area of the service works with: its own schema's database handle, the bus, the log
// and the outbox. Built once in start() and handed to each area's bind…(context).
import type { Bus } from '@airwave/bus';
import type { Logger } from '@airwave/logging';
import { loadSecretBox, playoutSecretBox, type SecretBox, type ServiceDeps, type ServiceEvents } from '@airwave/service-kit';
import { readSchedulingEnv } from './config';
import type { SchedulingDB } from './schema';

export interface SchedulingContext {
  /** Bound to the `scheduling` schema. */
  db: SchedulingDB;
  bus: Bus;
  logger: Logger;
  /** Record events inside the transaction, kick after commit. */
  events: ServiceEvents;
  /** Seals players' Icecast source passwords; null without AIRWAVE_ENCRYPTION_KEY (they cannot be set). */
  secrets: SecretBox | null;
  /** Seals source passwords for the playout on the bus (AIRWAVE_PLAYOUT_KEY); null: none are answered. */
  forPlayout: SecretBox | null;
  /** Days a listener session is kept after it ended. */
  listenerRetentionDays: number;
}

export async function schedulingContext({ db, bus, logger, events, env, embedded }: ServiceDeps): Promise<SchedulingContext> {
  const config = readSchedulingEnv(env);
  const secrets = await loadSecretBox(
    { configured: config.AIRWAVE_ENCRYPTION_KEY, embedded, dataDir: config.DATA_DIR, sealing: "players' Icecast source passwords", without: 'players cannot be given an Icecast source password (set it on the scheduling service)' },
    logger,
  );
  const forPlayout = playoutSecretBox(config.AIRWAVE_PLAYOUT_KEY);
  if (!forPlayout && secrets) logger.warn({}, 'AIRWAVE_PLAYOUT_KEY is not set: the playout is answered no Icecast source passwords (set the same key on the scheduling and playout services).');
  return { db: db as SchedulingDB, bus, logger, events, secrets, forPlayout, listenerRetentionDays: config.LISTENER_RETENTION_DAYS };
}
