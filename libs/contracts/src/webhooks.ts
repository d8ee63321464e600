// Webhooks: for systems that cannot join the bus, an administrator (manage_webhooks) registers a
// URL and the event types it wants; the modules service POSTs each such event there, signed as the
// Standard Webhooks specification says, retried for a day, with a delivery log. docs/webhooks.md.
import { z } from 'zod';
import { Flag, Id } from './common';
import { eventTypesMatching } from './event-types';
import { defineOperation } from './operation';
import { DeliveryStatus, Webhook, WebhookDelivery } from './webhook-records';

export * from './webhook-records';

const tag = 'Webhooks';
const permission = 'manage_webhooks';

/** The type of the event `POST /webhooks/{id}/test` sends (not on the bus). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const EventTypePattern = z
  .string()
  .max(100)
  .regex(/^(>|(\*|[a-z_]+)(\.(\*|[a-z_]+))*(\.>)?)$/, 'must be an event type such as media.item.saved, or a pattern such as media.item.* or scheduling.>')
  .refine((pattern) => eventTypesMatching(pattern).length > 0, 'matches no event type (GET /api/v2/asyncapi.json lists them)');

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

export const WebhookUrl = z
  .string()
  .max(2000)
  .url('must be an absolute URL')
  .refine((url) => /^https?:$/.test(parsedUrl(url)?.protocol ?? ''), 'must be an https:// URL')
  .refine((url) => !parsedUrl(url)?.username && !parsedUrl(url)?.password, 'must not hold a user name or password (deliveries are signed instead)');

const fields = {
  url: WebhookUrl.describe('Where deliveries are POSTed (https://; http:// only where the server allows it, WEBHOOK_ALLOW_HTTP)'),
  event_types: z.array(EventTypePattern).min(1).max(50).describe('Event types or patterns (`*` one segment, `>` the rest) to deliver'),
  description: z.string().trim().max(200).default('').describe('What receives them, for the people who read the list'),
  enabled: Flag.default(true).describe('Disabled webhooks get no new deliveries; pending ones wait'),
};

export const WebhookInput = z.object(fields);
export const WebhookChanges = z.object({
  id: Id,
  url: fields.url.optional(),
  event_types: fields.event_types.optional(),
  description: z.string().trim().max(200).optional(),
  enabled: Flag.optional(),
});

const Secret = z.string().describe('The signing secret (`whsec_` and base64), shown only now: keep it with the receiver');
export const WebhookCreated = Webhook.extend({ secret: Secret });

const WebhookId = z.object({ id: Id });

export const webhooks = {
  list: defineOperation({
    subject: 'modules.webhooks.list',
    input: z.object({}),
    output: z.array(Webhook),
    auth: 'user',
    permission,
    http: { method: 'GET', path: '/webhooks', summary: 'Registered webhooks', tag },
  }),
  get: defineOperation({
    subject: 'modules.webhooks.get',
    input: WebhookId,
    output: Webhook,
    auth: 'user',
    permission,
    http: { method: 'GET', path: '/webhooks/:id', summary: 'One webhook', tag },
  }),
  create: defineOperation({
    subject: 'modules.webhooks.create',
    input: WebhookInput,
    output: WebhookCreated,
    auth: 'user',
    permission,
    http: { method: 'POST', path: '/webhooks', summary: 'Register a webhook (the reply holds its signing secret, once)', tag },
    successMessage: 'Webhook registered. Keep its secret: it is not shown again.',
  }),
  update: defineOperation({
    subject: 'modules.webhooks.update',
    input: WebhookChanges,
    output: Webhook,
    auth: 'user',
    permission,
    http: { method: 'PUT', path: '/webhooks/:id', summary: "Change a webhook's URL, event types, description or whether it is enabled", tag },
  }),
  remove: defineOperation({
    subject: 'modules.webhooks.delete',
    input: WebhookId,
    output: z.object({ id: z.number().int() }),
    auth: 'user',
    permission,
    http: { method: 'DELETE', path: '/webhooks/:id', summary: 'Delete a webhook and its delivery log', tag },
  }),
  rotateSecret: defineOperation({
    subject: 'modules.webhooks.rotate_secret',
    input: WebhookId,
    output: z.object({ id: z.number().int(), secret: Secret }),
    auth: 'user',
    permission,
    http: { method: 'POST', path: '/webhooks/:id/secret', summary: 'Replace the signing secret (deliveries carry both signatures for 24 hours)', tag },
  }),
  deliveries: defineOperation({
    subject: 'modules.webhooks.deliveries',
    input: z.object({
      id: Id,
      status: DeliveryStatus.optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    }),
    output: z.object({ total: z.number().int(), deliveries: z.array(WebhookDelivery) }),
    auth: 'user',
    permission,
    http: { method: 'GET', path: '/webhooks/:id/deliveries', summary: "A webhook's delivery log, newest first", tag },
  }),
  redeliver: defineOperation({
    subject: 'modules.webhooks.redeliver',
    input: z.object({ id: Id, delivery_id: Id }),
    output: WebhookDelivery,
    auth: 'user',
    permission,
    http: { method: 'POST', path: '/webhooks/:id/deliveries/:delivery_id/retry', summary: 'Send a delivery again now (and retry it for another day)', tag },
  }),
  test: defineOperation({
    subject: 'modules.webhooks.test',
    input: WebhookId,
    output: WebhookDelivery,
    auth: 'user',
    permission,
    http: { method: 'POST', path: '/webhooks/:id/test', summary: `Send a test event (${WEBHOOK_TEST_EVENT}) now; its delivery shows in the log`, tag },
  }),
};
