// The delivery log: a row per event and webhook, pending until the receiver answers 2xx
// (delivered) or the retry window is over (failed). Replicas claim due rows without sending one
// twice: a claim moves the row's due time past the attempt's deadline, re-checked under the row lock.
import type { WebhookDelivery } from '@airwave/contracts';
import type { Insertable, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { ModulesDB, ModulesSchema } from '../schema';

export type DeliveryRow = Selectable<ModulesSchema['webhook_deliveries']>;
type Db = ModulesDB | Transaction<ModulesSchema>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function deliveryAsAnswered(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    delivered_at: iso(row.delivered_at),
  };
}

/** New pending deliveries, due now; one already logged for that event and webhook is left alone. */
export async function logDeliveries(db: Db, rows: Omit<Insertable<ModulesSchema['webhook_deliveries']>, 'status' | 'next_attempt_at'>[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('webhook_deliveries')
    .values(rows.map((row) => ({ ...row, status: 'pending' as const, next_attempt_at: sql<Date>`now()` })))
    .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
    .returningAll()
    .execute();
}

/** A claimed delivery, with where it goes and the sealed secrets that sign it. */
export type ClaimedDelivery = DeliveryRow & Pick<Selectable<ModulesSchema['webhooks']>, 'url' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_until'>;

/**
 * Claims up to `limit` due deliveries of enabled webhooks, at most `perWebhook` of each and none
 * of `busy` webhooks, for an attempt that ends within `leaseMs` (after which another replica may
 * take a row whose attempt never reported back).
 */
export async function claimDue(db: ModulesDB, options: { limit: number; perWebhook: number; busy: number[]; leaseMs: number }): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const candidates = db
    .selectFrom((qb) =>
      qb
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
        .select(['d.id', 'd.next_attempt_at', sql<number>`row_number() over (partition by d.webhook_id order by d.next_attempt_at, d.id)`.as('rank')])
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', sql<Date>`now()`)
        .where('w.enabled', '=', true)
        .$if(options.busy.length > 0, (q) => q.where('d.webhook_id', 'not in', options.busy))
        .as('due'),
    )
    .select('due.id')
    .where('due.rank', '<=', options.perWebhook)
    .orderBy('due.next_attempt_at')
    .limit(options.limit);
  return db
    .updateTable('webhook_deliveries as d')
    .from('webhooks as w')
    .set({ next_attempt_at: sql<Date>`now() + ${`${options.leaseMs} milliseconds`}::interval` })
    .whereRef('w.id', '=', 'd.webhook_id')
    .where('d.id', 'in', candidates)
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', sql<Date>`now()`)
    .returningAll('d')
    .returning(['w.url', 'w.secret_sealed', 'w.previous_secret_sealed', 'w.previous_secret_until'])
    .execute();
}

export type AttemptOutcome =
  | { delivered: true; statusCode: number }
  | { delivered: false; statusCode: number | null; error: string; nextAttemptAt: Date | null };

export async function recordAttempt(db: ModulesDB, id: number, outcome: AttemptOutcome, at: Date): Promise<void> {
  const settled = outcome.delivered ? { status: 'delivered' as const, delivered_at: at, last_error: null } : outcome.nextAttemptAt ? {} : { status: 'failed' as const };
  await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_attempt_at: at,
      last_status_code: outcome.statusCode,
      ...(outcome.delivered ? {} : { last_error: outcome.error }),
      next_attempt_at: outcome.delivered ? null : outcome.nextAttemptAt,
      ...settled,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function deliveryPage(db: ModulesDB, webhookId: number, filter: { status?: DeliveryRow['status']; limit: number; offset: number }) {
  let query = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [{ total }] = await query.select(sql<number>`count(*)::int`.as('total')).execute() as [{ total: number }];
  const rows = await query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  return { total, deliveries: rows.map(deliveryAsAnswered) };
}

/** A settled delivery (delivered or failed) sent again now, retried for a new window. */
export async function requeue(db: ModulesDB, webhookId: number, id: number): Promise<DeliveryRow | undefined> {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: sql<Date>`now()`, window_start: sql<Date>`now()`, delivered_at: null })
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .where('status', '!=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function deliveryRow(db: ModulesDB, webhookId: number, id: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('webhook_id', '=', webhookId).executeTakeFirst();
}

/** Drops settled deliveries older than the log keeps them. */
export async function pruneDeliveries(db: ModulesDB, before: Date): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('created_at', '<', before).execute();
}
