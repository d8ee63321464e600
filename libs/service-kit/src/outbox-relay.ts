// The outbox relay: publishes a service's committed outbox rows to the bus, in order, and marks
// them sent (outbox.ts says why events go through an outbox).
import type { Bus } from '@airwave/bus';
import { runWithoutDeadline, type AnyDB } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import { sql } from 'kysely';

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

  // A handler's kick must not hand the relay its request's deadline (libs/db deadline.ts).
  const run = (): Promise<void> => runWithoutDeadline(relayNow);
  function relayNow(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // Drain full batches back to back; stop on an empty batch or a failure.
          while (!stopped && (await relayBatch(db, bus, logger, batch)));
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
        if ((await countPending(db)) === 0) return;
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

/** Publishes one batch; true when a full batch went out (there may be more). */
async function relayBatch(db: AnyDB, bus: Bus, logger: Logger, batch: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // SKIP LOCKED lets several replicas relay the same outbox without sending a row twice. The
    // transaction commits without waiting for the disk (synchronous_commit off, set here to save a
    // round trip): should its marks be lost in a crash, the rows are published again under the same
    // ids and the bus drops the duplicates (JetStream's duplicate window), as after a failed publish.
    const rows = await trx
      .selectFrom('outbox')
      .select(['id', 'seq', 'subject', 'frame', sql<string>`set_config('synchronous_commit', 'off', true)`.as('commit')])
      .where('published_at', 'is', null)
      .orderBy('seq')
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return false;
    const sent: string[] = [];
    for (const row of rows as { id: string; seq: string | number; subject: string; frame: Record<string, unknown> }[]) {
      try {
        // The row's place in the outbox: the order its service committed it in (docs/events.md, "The frame").
        await bus.publish(row.subject, { ...row.frame, sequence: Number(row.seq) }, { id: row.id });
      } catch (error) {
        await trx.updateTable('outbox').set({ attempts: sql`attempts + 1` }).where('id', '=', row.id).execute();
        if (sent.length === 0) logger.warn({ err: error, pending: rows.length }, 'Outbox relay cannot publish; will retry');
        break; // keep order: retry from this row next time
      }
      sent.push(row.id);
    }
    // One statement marks the batch.
    if (sent.length > 0) {
      await trx.updateTable('outbox').set({ published_at: new Date() }).where('id', 'in', sent).execute();
    }
    return rows.length === batch && sent.length === rows.length;
  });
}

/** Committed events not yet published. */
async function countPending(db: AnyDB): Promise<number> {
  const pending = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('published_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(pending.n);
}
