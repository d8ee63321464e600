// What the webhooks page shares: the API's shapes, the event types offered in the form, dates as
// the account's language writes them, and a refused request's messages by field.
import { eventTypesMatching, type Webhook, type WebhookDelivery } from '@airwave/contracts';
import { ApiError, fieldErrors } from '../lib/api';
import { displayLocale } from '../lib/locale';

export type { Webhook, WebhookDelivery };
export type DeliveryStatus = WebhookDelivery['status'];

/** Every event type of the catalog, and the patterns above them (`media.item.*`, `media.>`). */
export function eventTypeChoices(): string[] {
  const types = eventTypesMatching('>');
  const patterns = new Set<string>();
  for (const type of types) {
    const parts = type.split('.');
    patterns.add(`${parts.slice(0, -1).join('.')}.*`);
    patterns.add(`${parts[0]}.>`);
  }
  return [...types, ...[...patterns].sort()];
}

/** How many event types the chosen types and patterns deliver. */
export function matchedCount(patterns: string[]): number {
  return new Set(patterns.flatMap((pattern) => eventTypesMatching(pattern))).size;
}

/** How a webhook is named in buttons and titles: its description, else its URL. */
export const nameOf = (webhook: Pick<Webhook, 'description' | 'url'>) => webhook.description || webhook.url;

export function when(value: string | null): string {
  return value ? new Date(value).toLocaleString(displayLocale()) : '—';
}

/**
 * A refused registration's messages by form field. Validation names issues (`event_types.1`: the
 * second pattern, named in the message); the server's own checks give `{ url: message }`.
 */
export function webhookFieldErrors(error: unknown, eventTypes: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors(error))) {
    const [field, index] = path.split('.');
    const pattern = index === undefined ? undefined : eventTypes[Number(index)];
    if (field) out[field] ??= pattern ? `${pattern}: ${message}` : message;
  }
  const details = error instanceof ApiError ? error.details : undefined;
  if (details && typeof details === 'object') {
    for (const [field, message] of Object.entries(details)) if (typeof message === 'string') out[field] ??= message;
  }
  return out;
}
