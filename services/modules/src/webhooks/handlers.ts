// Registering webhooks and reading their delivery logs (permission manage_webhooks). Changes are
// events (modules.webhook.saved, modules.webhook.deleted) kept in the audit trail, never with the
// secret; the secret is in the reply to a registration or a rotation only.
import { conflict, notFound, webhooks } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { ModulesContext } from '../context';
import { deliveryAsAnswered, deliveryPage, deliveryRow, requeue } from './deliveries';
import { registerWebhook, removeWebhook, rotateSecret, sendTestEvent, updateWebhook } from './registration';
import type { WebhookCache } from './webhook-cache';
import { enabledWebhookRow, webhookAsAnswered, webhookRow, webhookRows, webhooksAsAnswered } from './queries';

export function bindWebhooks(ctx: ModulesContext, cache: WebhookCache) {
  const { bus, db } = ctx;
  // A change drops the intake's copy of the enabled webhooks once it has committed (or failed).
  const changing = <T>(change: Promise<T>) => change.finally(() => cache.invalidate());
  return Promise.all([
    bindOperation(bus, webhooks.list, async () => webhooksAsAnswered(db, await webhookRows(db))),
    bindOperation(bus, webhooks.get, ({ id }) => webhookAsAnswered(db, id)),
    bindOperation(bus, webhooks.create, (input, call) => changing(registerWebhook(ctx, input, call))),
    bindOperation(bus, webhooks.update, (input, call) => changing(updateWebhook(ctx, input, call))),
    bindOperation(bus, webhooks.remove, ({ id }, call) => changing(removeWebhook(ctx, id, call))),
    bindOperation(bus, webhooks.rotateSecret, ({ id }, call) => rotateSecret(ctx, id, call)),
    bindOperation(bus, webhooks.test, ({ id }, call) => sendTestEvent(ctx, id, call)),
    bindOperation(bus, webhooks.deliveries, async ({ id, ...filter }) => {
      await webhookRow(db, id);
      return deliveryPage(db, id, filter);
    }),
    bindOperation(bus, webhooks.redeliver, async ({ id, delivery_id }) => {
      await enabledWebhookRow(db, id);
      const row = await requeue(db, id, delivery_id);
      if (!row) {
        if (await deliveryRow(db, id, delivery_id)) throw conflict('The delivery is still pending: it is retried on its own.');
        throw notFound('No such delivery of this webhook.');
      }
      ctx.dispatcher?.wake();
      return deliveryAsAnswered(row);
    }),
  ]);
}
