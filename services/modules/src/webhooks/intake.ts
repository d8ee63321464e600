// From the event stream to the delivery log: a durable consumer (shared by the replicas, resumed
// after a restart where it left off) logs a delivery for every enabled webhook whose event types
// match an event, once per event and webhook, and acks only then; the dispatcher sends them.
// Events from before a webhook was registered are not sent to it.
import type { Bus, Subscription } from '@airwave/bus';
import { EventFrame, eventTypeMatches } from '@airwave/contracts';
import type { ModulesDB } from '../schema';
import { logDeliveries } from './deliveries';
import type { WebhookCache } from './webhook-cache';

export const INTAKE_CONSUMER = 'modules-webhooks';

/** The body a webhook receives: the event's frame, as subscribers on the bus read it. */
export const bodyOf = (frame: EventFrame) => JSON.stringify(frame);

export async function logEventDeliveries(db: ModulesDB, webhooks: WebhookCache, frame: EventFrame): Promise<number> {
  const occurredAt = new Date(frame.occurredAt);
  const wanted = (await webhooks.enabled()).filter(
    (webhook) => webhook.created_at <= occurredAt && webhook.event_types.some((pattern) => eventTypeMatches(pattern, frame.type)),
  );
  if (wanted.length === 0) return 0;
  const body = bodyOf(frame);
  const logged = await logDeliveries(
    db,
    wanted.map((webhook) => ({ webhook_id: webhook.id, event_id: frame.id, event_type: frame.type, body })),
  );
  return logged.length;
}

export async function followEventsForWebhooks(
  db: ModulesDB,
  bus: Bus,
  webhooks: WebhookCache,
  onLogged: () => void,
): Promise<Subscription> {
  return bus.subscribe(
    '>',
    async ({ data }) => {
      const frame = EventFrame.safeParse(data);
      if (!frame.success) return;
      if ((await logEventDeliveries(db, webhooks, frame.data)) > 0) onLogged();
    },
    // Redelivered while the database is unreachable: on NATS every 2 s at most, so half an hour of
    // outage. Writing the deliveries takes milliseconds: an event a dead replica held comes back in 10 s.
    { durable: INTAKE_CONSUMER, maxDeliver: 1000, ackWaitMs: 10_000 },
  );
}
