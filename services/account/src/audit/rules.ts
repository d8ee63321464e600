// The audit trail's rules: which published events become entries, what an entry records (who
// acted, from which address, in which request, and which account the event is about), and how
// the filters read.
import { auditedEventTypes, type EventFrame } from '@airwave/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { AuditTable } from '../schema';

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isString = (v: unknown): v is string => typeof v === 'string';

/** The account an event is about: `user_id` in security events, the user itself in account.user.*. */
function aboutWhom(type: string, payload: Record<string, unknown>): { user_id: number | null; username: string | null } {
  const username = isString(payload.username) ? payload.username : null;
  if ('user_id' in payload) return { user_id: isNumber(payload.user_id) ? payload.user_id : null, username };
  if (type.startsWith('account.user.') && isNumber(payload.id)) return { user_id: payload.id, username };
  return { user_id: null, username: null };
}

/** The entry a published event makes, or null for an event the trail does not keep. */
export function auditRowOf(frame: EventFrame): Insertable<AuditTable> | null {
  if (!auditedEventTypes.includes(frame.type)) return null;
  const payload = (frame.payload !== null && typeof frame.payload === 'object' ? frame.payload : {}) as Record<string, unknown>;
  return {
    id: frame.id,
    type: frame.type,
    occurred_at: frame.occurredAt,
    ...aboutWhom(frame.type, payload),
    actor_id: frame.actor.userId,
    actor_username: frame.actor.username,
    address: frame.actor.address ?? null,
    request_id: frame.actor.requestId ?? null,
    details: JSON.stringify(payload),
  };
}

/** A filter's time (Unix seconds, or ISO 8601) as a Date. */
export const filterTime = (value: number | string): Date => new Date(typeof value === 'number' ? value * 1000 : value);

/** The LIKE pattern of a type filter's sub-types: `account.login` → `account.login.%`. */
export const subTypesPattern = (type: string): string => `${type.replace(/_/g, '\\_')}.%`;

/** An entry as the API answers it. */
export function entryOf(row: Selectable<AuditTable>) {
  return { ...row, occurred_at: row.occurred_at.toISOString() };
}

/** How long entries are kept, as the moment before which they go. */
export const retentionCutoff = (days: number, now = Date.now()): Date => new Date(now - days * 24 * 60 * 60 * 1000);
