// The transactional outbox: a service records an event in its own schema inside the transaction
// of the change it describes; a relay publishes committed rows to the bus and marks them sent.
// So an event is never sent for a rolled-back change, and never lost while NATS is down (the
// relay retries; JetStream deduplicates on the event id if a row is published twice).
import { randomUUID } from 'node:crypto';
import type { Bus } from '@airwave/bus';
import { AirwaveError, eventRegistry, type Principal } from '@airwave/contracts';
import type { AnyDB, SchemaMigration } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import { sql } from 'kysely';

export const outboxMigration: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('seq', 'bigserial', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('frame', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('published_at', 'timestamptz')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('outbox_pending_idx').on('outbox').column('seq').where(sql.ref('published_at'), 'is', null).execute();
  },
};

export type Actor = Pick<Principal, 'userId' | 'username'> | null;

/**
 * Records an event in the outbox, inside the caller's transaction (`trx` bound to the service
 * schema). The payload is validated against the event's schema in the contracts.
 */
export async function recordEvent(trx: AnyDB, type: string, payload: unknown, actor: Actor): Promise<string> {
  const schema = eventRegistry[type];
  if (!schema) throw new AirwaveError('internal', `Unknown event type ${type}`);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new AirwaveError('internal', `Invalid payload for event ${type}`);
  const id = randomUUID();
  const frame = {
    id,
    type,
    occurredAt: new Date().toISOString(),
    actor: { userId: actor?.userId ?? null, username: actor?.username ?? null },
    payload: parsed.data,
  };
  await trx.insertInto('outbox').values({ id, subject: type, frame: JSON.stringify(frame) }).execute();
  return id;
}

export interface OutboxRelay {
  /** Publishes pending events now (call after a commit to send promptly). */
  kick(): void;
  /** Resolves once every committed event has been published (tests). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function startOutboxRelay(db: AnyDB, bus: Bus, logger: Logger, options: { intervalMs?: number; batch?: number } = {}): OutboxRelay {
  const intervalMs = options.intervalMs ?? 1000;
  const batch = options.batch ?? 100;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  /** Publishes one batch; true when a full batch went out (there may be more). */
  async function drainOnce(): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      // SKIP LOCKED lets several replicas relay the same outbox without sending a row twice.
      const rows = await trx
        .selectFrom('outbox')
        .select(['id', 'subject', 'frame'])
        .where('published_at', 'is', null)
        .orderBy('seq')
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
      let sent = 0;
      for (const row of rows as { id: string; subject: string; frame: unknown }[]) {
        try {
          await bus.publish(row.subject, row.frame, { id: row.id });
        } catch (error) {
          await trx.updateTable('outbox').set({ attempts: sql`attempts + 1` }).where('id', '=', row.id).execute();
          if (sent === 0) logger.warn({ err: error, pending: rows.length }, 'Outbox relay cannot publish; will retry');
          break; // keep order: retry from this row next time
        }
        await trx.updateTable('outbox').set({ published_at: new Date() }).where('id', '=', row.id).execute();
        sent += 1;
      }
      return rows.length === batch && sent === rows.length;
    });
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // Drain full batches back to back; stop on an empty batch or a failure.
          while (!stopped && (await drainOnce()));
        } while (again && !stopped);
      } catch (error) {
        logger.warn({ err: error }, 'Outbox relay failed; will retry');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();

  return {
    kick: () => void run(),
    async flush() {
      for (let i = 0; i < 50; i += 1) {
        await run();
        const pending = await db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('published_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(pending.n) === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
