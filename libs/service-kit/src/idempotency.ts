// A write's Idempotency-Key, recorded where the write commits (issue 42; docs/reliability.md, "A
// retry tells the truth"). The gateway keeps each key's reply in the session store, but a reply
// lost on its way (NATS froze, the service died after its commit, the gateway's deadline passed)
// left it without one: the retry ran again and was answered something else ("This show overlaps
// show 825": its own). Now the gateway also names the key to the service (IDEMPOTENCY_HEADER), and
// the service records it in its own schema inside the transaction that commits the write (with
// the write's first event: every change records one in the outbox, outbox.ts), then keeps the
// reply beside it. A retry that reaches the service finds the key: it is answered the first
// attempt's reply, or, while that attempt has committed but not yet answered, 409.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Bus, RequestHandler } from '@airwave/bus';
import { AirwaveError } from '@airwave/contracts';
import type { AnyDB, SchemaMigration } from '@airwave/db';
import { asEdgeFailure } from './failures';
import { withMethods } from './sealed-bus';
import { sql } from 'kysely';

/** The bus header naming a write's key: the user's, the key's and the request's (the gateway makes it). */
export const IDEMPOTENCY_HEADER = 'x-airwave-idempotency';

/** How long a recorded key is kept (the gateway's replies are kept as long). */
const KEEP_HOURS = 24;
/** How often a service process deletes keys older than that. */
const SWEEP_MS = 3_600_000;

export const idempotencyMigration: SchemaMigration = {
  async up(db) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('key_id', 'text', (c) => c.primaryKey())
      // which attempt recorded it: later events of the same attempt find their own row
      .addColumn('attempt', 'text', (c) => c.notNull())
      .addColumn('reply', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

interface Attempt {
  keyId: string;
  attempt: string;
  /** Set once the handler has answered: work it left running records no key. */
  done?: boolean;
}

const current = new AsyncLocalStorage<Attempt>();

const alreadyMade = () => new AirwaveError('conflict', 'A request with this Idempotency-Key was already made and has not answered yet; retry shortly for its reply.');

/**
 * Records, inside a write's transaction, that the request with the key being handled made it
 * (outbox.ts calls it with each event). A transaction of another attempt with the same key that
 * committed first makes this one fail with 409, and roll back: the write is made once.
 */
export async function recordKeyInTransaction(trx: AnyDB): Promise<void> {
  const attempt = current.getStore();
  if (!attempt || attempt.done) return;
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values({ key_id: attempt.keyId, attempt: attempt.attempt })
    .onConflict((oc) => oc.column('key_id').doNothing())
    .returning('key_id')
    .executeTakeFirst();
  if (inserted) return;
  const row = await trx.selectFrom('idempotency_keys').select('attempt').where('key_id', '=', attempt.keyId).executeTakeFirst();
  if (row?.attempt !== attempt.attempt) throw alreadyMade();
}

/** The reply a key's first attempt left, parsed; undefined when no attempt made the write. */
async function replyOf(db: AnyDB, keyId: string): Promise<{ reply: unknown } | undefined> {
  const row = await db.selectFrom('idempotency_keys').select('reply').where('key_id', '=', keyId).executeTakeFirst();
  if (!row) return undefined;
  if (row.reply === null) throw alreadyMade();
  return { reply: JSON.parse(row.reply as string) as unknown };
}

/**
 * A service's bus: a request naming a key is answered the reply of the attempt that made its write,
 * or runs, its transactions recording the key, and leaves its reply for the retries.
 */
export function keyRecordingBus(bus: Bus, db: AnyDB, onError: (error: unknown) => void = () => undefined): Bus {
  let swept = 0;
  const sweep = () => {
    if (Date.now() - swept < SWEEP_MS) return;
    swept = Date.now();
    void db
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', sql<Date>`now() - ${sql.lit(`${KEEP_HOURS} hours`)}::interval`)
      .execute()
      .catch(onError);
  };
  const recording =
    (handler: RequestHandler): RequestHandler =>
    async (request) => {
      const keyId = request.headers[IDEMPOTENCY_HEADER];
      // A request without a key (an internal call made while another service's keyed write runs,
      // in the same process) records nothing of that write's key.
      if (!keyId) return current.exit(() => handler(request));
      sweep();
      // Outside the operation's own edge: a database away is `unavailable` here too (503, not 500).
      const made = await replyOf(db, keyId).catch((error: unknown) => {
        throw asEdgeFailure(error);
      });
      if (made) return made.reply;
      const attempt: Attempt = { keyId, attempt: randomUUID() };
      let reply: unknown;
      try {
        reply = await current.run(attempt, () => handler(request));
      } finally {
        attempt.done = true;
      }
      await db
        .updateTable('idempotency_keys')
        .set({ reply: JSON.stringify(reply ?? null) })
        .where('key_id', '=', keyId)
        .where('attempt', '=', attempt.attempt)
        .execute()
        .catch(onError);
      return reply;
    };
  return withMethods(bus, { handle: (subject, handler, options) => bus.handle(subject, recording(handler), options) });
}
