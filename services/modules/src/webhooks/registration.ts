// Registering, changing and deleting a webhook, rotating its secret and sending it a test event.
// Each change is recorded with its event in one transaction.
import { randomUUID } from 'node:crypto';
import { badRequest, notFound, WEBHOOK_TEST_EVENT, type EventFrame, type webhooks } from '@airwave/contracts';
import { actorOf, type OperationHandler } from '@airwave/service-kit';
import { sql } from 'kysely';
import type { ModulesContext } from '../context';
import { deliveryAsAnswered, logDeliveries } from './deliveries';
import { bodyOf } from './intake';
import { enabledWebhookRow, webhookAsAnswered } from './queries';
import { availableBox, PREVIOUS_SECRET_SIGNS_MS, sealSecret } from './secrets';
import { newWebhookSecret } from './signature';

type Call<K extends keyof typeof webhooks> = Parameters<OperationHandler<(typeof webhooks)[K]>>[1];
type Input<K extends keyof typeof webhooks> = Parameters<OperationHandler<(typeof webhooks)[K]>>[0];

function checkScheme(ctx: ModulesContext, url: string | undefined): void {
  if (url && new URL(url).protocol === 'http:' && !ctx.webhookSettings.allowHttp) {
    throw badRequest('Invalid input', { url: 'must be an https:// URL (this server does not allow http://: WEBHOOK_ALLOW_HTTP)' });
  }
}

export async function registerWebhook(ctx: ModulesContext, input: Input<'create'>, call: Call<'create'>) {
  const box = availableBox(ctx.secrets);
  checkScheme(ctx, input.url);
  const secret = newWebhookSecret();
  const webhook = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('webhooks')
      .values({ ...input, created_by: call.principal.userId, secret_sealed: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('webhooks').set({ secret_sealed: sealSecret(box, id, secret) }).where('id', '=', id).execute();
    const saved = await webhookAsAnswered(trx, id);
    await ctx.events.record(trx, 'modules.webhook.saved', saved, actorOf(call));
    return saved;
  });
  ctx.events.kick();
  return { ...webhook, secret };
}

export async function updateWebhook(ctx: ModulesContext, { id, ...changes }: Input<'update'>, call: Call<'update'>) {
  checkScheme(ctx, changes.url);
  const webhook = await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx.updateTable('webhooks').set({ ...changes, updated_at: sql<Date>`now()` }).where('id', '=', id).returning('id').executeTakeFirst();
    if (!changed) throw notFound('No such webhook.');
    const saved = await webhookAsAnswered(trx, id);
    await ctx.events.record(trx, 'modules.webhook.saved', saved, actorOf(call));
    return saved;
  });
  ctx.events.kick();
  ctx.dispatcher?.wake();
  return webhook;
}

export async function removeWebhook(ctx: ModulesContext, id: number, call: Call<'remove'>) {
  await ctx.db.transaction().execute(async (trx) => {
    // Locked first, so the last state is the one deleted, not one a concurrent change replaces.
    await trx.selectFrom('webhooks').select('id').where('id', '=', id).forUpdate().execute();
    const last = await webhookAsAnswered(trx, id);
    await trx.deleteFrom('webhooks').where('id', '=', id).execute();
    await ctx.events.record(trx, 'modules.webhook.deleted', last, actorOf(call));
  });
  ctx.events.kick();
  return { id };
}

export async function rotateSecret(ctx: ModulesContext, id: number, call: Call<'rotateSecret'>) {
  const box = availableBox(ctx.secrets);
  const secret = newWebhookSecret();
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('webhooks')
      .set({
        previous_secret_sealed: sql<string>`secret_sealed`,
        previous_secret_until: new Date(Date.now() + PREVIOUS_SECRET_SIGNS_MS),
        secret_sealed: sealSecret(box, id, secret),
        secret_rotated_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!changed) throw notFound('No such webhook.');
    await ctx.events.record(trx, 'modules.webhook.saved', await webhookAsAnswered(trx, id), actorOf(call));
  });
  ctx.events.kick();
  return { id, secret };
}

export async function sendTestEvent(ctx: ModulesContext, id: number, call: Call<'test'>) {
  availableBox(ctx.secrets);
  await enabledWebhookRow(ctx.db, id);
  const frame: EventFrame = {
    id: randomUUID(),
    type: WEBHOOK_TEST_EVENT,
    occurredAt: new Date().toISOString(),
    actor: actorOf(call),
    payload: { webhook_id: id, message: 'A test event from Airwave: this webhook receives and verifies deliveries.' },
  };
  const [row] = await logDeliveries(ctx.db, [{ webhook_id: id, event_id: frame.id, event_type: frame.type, body: bodyOf(frame) }]);
  ctx.dispatcher?.wake();
  return deliveryAsAnswered(row!);
}
