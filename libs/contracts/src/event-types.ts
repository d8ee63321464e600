// Event type patterns as NATS reads subjects: `*` one segment, `>` the rest (`media.item.*`,
// `scheduling.>`). Subscribers (@airwave/events) and webhooks choose their events with them.
import { eventPayloads, type EventType } from './events';

/** Whether an event type is matched by a pattern (`*`: one segment, `>`: one or more). */
export function eventTypeMatches(pattern: string, type: string): boolean {
  const wanted = pattern.split('.');
  const tokens = type.split('.');
  for (let i = 0; i < wanted.length; i += 1) {
    if (wanted[i] === '>') return tokens.length > i;
    if (i >= tokens.length || (wanted[i] !== '*' && wanted[i] !== tokens[i])) return false;
  }
  return tokens.length === wanted.length;
}

/** The registry's event types a pattern matches. */
export function eventTypesMatching(pattern: string): EventType[] {
  return (Object.keys(eventPayloads) as EventType[]).filter((type) => eventTypeMatches(pattern, type));
}
