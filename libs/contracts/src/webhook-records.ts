// A webhook and a delivery as the API answers them (webhooks.ts has the operations; the
// modules.webhook.* events carry a webhook in this shape).
import { z } from 'zod';

const DeliveryCounts = z.object({ pending: z.number().int(), delivered: z.number().int(), failed: z.number().int() });

export const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  event_types: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  created_by: z.number().int().nullable().describe('The user who registered it'),
  created_at: z.string(),
  updated_at: z.string(),
  rotated_at: z.string().nullable().describe('When the signing secret was last replaced; the one before it also signs for 24 hours after'),
  deliveries: DeliveryCounts.describe('Deliveries in the log, by status'),
});
export type Webhook = z.infer<typeof Webhook>;

export const DeliveryStatus = z.enum(['pending', 'delivered', 'failed']);

export const WebhookDelivery = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  event_id: z.string().describe("The event's id, sent as `webhook-id`: the same on every attempt"),
  event_type: z.string(),
  status: DeliveryStatus.describe('pending: not yet accepted (retrying); delivered: a 2xx answer; failed: given up after a day'),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable().describe("The receiver's last HTTP status (null: no answer)"),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable().describe('When it is tried again (null once delivered or failed)'),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

