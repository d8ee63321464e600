// The webhooks as registered, read as the dispatcher needs them and as the API answers them (with
// their delivery counts).
import { conflict, notFound, type Webhook } from '@airwave/contracts';
import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { ModulesDB, ModulesSchema } from '../schema';

export type WebhookRow = Selectable<ModulesSchema['webhooks']>;
type Db = ModulesDB | Transaction<ModulesSchema>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function webhookRows(db: Db, id?: number): Promise<WebhookRow[]> {
  let query = db.selectFrom('webhooks').selectAll().orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute();
}

async function deliveryCounts(db: Db, ids: number[]): Promise<Map<number, Webhook['deliveries']>> {
  const counts = new Map(ids.map((id) => [id, { pending: 0, delivered: 0, failed: 0 }]));
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['webhook_id', 'status', sql<number>`count(*)::int`.as('n')])
    .where('webhook_id', 'in', ids)
    .groupBy(['webhook_id', 'status'])
    .execute();
  for (const row of rows) counts.get(row.webhook_id)![row.status] = row.n;
  return counts;
}

/** Webhooks as the API answers them (never a secret). */
export async function webhooksAsAnswered(db: Db, rows: WebhookRow[]): Promise<Webhook[]> {
  const counts = await deliveryCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    event_types: row.event_types,
    description: row.description,
    enabled: row.enabled,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    rotated_at: iso(row.secret_rotated_at),
    deliveries: counts.get(row.id)!,
  }));
}

/** The enabled webhooks, with what the intake matches events against. */
export async function enabledWebhooks(db: Db): Promise<Pick<WebhookRow, 'id' | 'event_types' | 'created_at'>[]> {
  return db.selectFrom('webhooks').select(['id', 'event_types', 'created_at']).where('enabled', '=', true).execute();
}

/** One webhook's row; 404 when there is none. */
export async function webhookRow(db: Db, id: number): Promise<WebhookRow> {
  const [row] = await webhookRows(db, id);
  if (!row) throw notFound('No such webhook.');
  return row;
}

/** One webhook as the API answers it; 404 when there is none. */
export async function webhookAsAnswered(db: Db, id: number): Promise<Webhook> {
  const [answered] = await webhooksAsAnswered(db, [await webhookRow(db, id)]);
  return answered!;
}

/** One webhook's row, to send it something now: 404 when there is none, 409 while it is disabled. */
export async function enabledWebhookRow(db: Db, id: number): Promise<WebhookRow> {
  const row = await webhookRow(db, id);
  if (!row.enabled) throw conflict('The webhook is disabled: enable it to send it events.');
  return row;
}
