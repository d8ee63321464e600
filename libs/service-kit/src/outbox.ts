// The transactional outbox: a service records an event in its own schema inside the transaction
// of the change it describes; a relay publishes committed rows to the bus and marks them sent.
// So an event is never sent for a rolled-back change, and never lost while NATS is down (the
// relay retries; JetStream deduplicates on the event id if a row is published twice). The relay is
// outbox-relay.ts.
import { randomUUID } from 'node:crypto';
import { AirwaveError, busHeaders, eventRegistry, type Principal } from '@airwave/contracts';
import type { AnyDB, SchemaMigration } from '@airwave/db';
import { sql } from 'kysely';
import { recordKeyInTransaction } from './idempotency';

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

/** Who made a change (null ids: nobody logged in), and, through the API, from which client address
 * (as the gateway saw it) and in which request. */
export interface ActorInfo {
  userId: number | null;
  username: string | null;
  address?: string;
  requestId?: string;
}
export type Actor = ActorInfo | null;

/** The actor of a handled request: its principal (null ids for a caller not logged in), the
 * client's address and the request id. */
export function actorOf(call: { principal: Pick<Principal, 'userId' | 'username'> | null; headers: Record<string, string> }): ActorInfo {
  const address = call.headers['x-client-address'];
  const requestId = call.headers[busHeaders.requestId];
  return {
    userId: call.principal?.userId ?? null,
    username: call.principal?.username ?? null,
    ...(address ? { address } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/** The largest event frame, in bytes: under NATS's default max_payload (1 MiB), with room for headers. */
export const MAX_EVENT_BYTES = 1_000_000;

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
    actor: {
      userId: actor?.userId ?? null,
      username: actor?.username ?? null,
      ...(actor?.address ? { address: actor.address } : {}),
      ...(actor?.requestId ? { requestId: actor.requestId } : {}),
    },
    payload: parsed.data,
  };
  const text = JSON.stringify(frame);
  // An event NATS would refuse (1 MB by default) would hold up every later one, as the relay keeps
  // their order: the change is refused instead (413), and its transaction rolls back.
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES) {
    throw new AirwaveError('payload_too_large', `The change is too large to publish as one event (${type}, ${Math.ceil(Buffer.byteLength(text) / 1024)} kB): make it in smaller parts.`);
  }
  // The write's Idempotency-Key, if the request being handled has one, commits with it (idempotency.ts).
  await recordKeyInTransaction(trx);
  await trx.insertInto('outbox').values({ id, subject: type, frame: text }).execute();
  return id;
}
