// Subscribing to Airwave's events from another service: a durable consumer per event type (shared
// by the replicas that bind the same name, surviving restarts), each event's frame and payload
// checked against the shared contracts and handed over typed, acked after the handler returns and
// redelivered (after a growing delay, up to maxDeliver times) when it throws. Works on either
// transport of @airwave/bus: NATS in production, the in-process bus of the embedded default.
// README.md has runnable examples; docs/events.md the subjects, payloads and guarantees.
import type { Bus, Subscription } from '@airwave/bus';
import { EventFrame, eventPayloads, type EventType } from '@airwave/contracts';
import type { z } from 'zod';

export type { EventType } from '@airwave/contracts';
/** The registry's event types a NATS-style pattern matches (`*` one token, `>` the rest). */
export { eventTypesMatching } from '@airwave/contracts';

/** An event's payload as its schema reads it. */
export type Payload<T extends EventType> = z.output<(typeof eventPayloads)[T]>;

/** One event, typed by its type. */
export type AirwaveEvent<T extends EventType = EventType> = {
  [K in T]: Omit<EventFrame, 'type' | 'payload'> & { type: K; payload: Payload<K>; deliveryCount: number };
}[T];

export interface SubscribeOptions<T extends EventType> {
  /** The consumer's name: replicas with the same name share the events; a restart resumes where it left off. */
  durable: string;
  /** The event types (eventTypesMatching('scheduling.show.*') lists those of a pattern). */
  subjects: readonly T[];
  /** Where a new consumer starts: 'now' (default), 'beginning' of retention, or a time. An existing one resumes. */
  from?: 'now' | 'beginning' | Date;
  /** Deliveries of one event before it is given up (default 5). */
  maxDeliver?: number;
}

/** Thrown (so the event is redelivered, then given up) when an event does not match the contracts this code was built with. */
export class UnreadableEvent extends Error {
  constructor(type: string, reason: string) {
    super(`${type}: ${reason}`);
    this.name = 'UnreadableEvent';
  }
}

/** An incoming message read as an event of its type, or UnreadableEvent. */
export function readEvent<T extends EventType>(type: T, data: unknown, deliveryCount: number): AirwaveEvent<T> {
  const frame = EventFrame.safeParse(data);
  if (!frame.success) throw new UnreadableEvent(type, `not an event frame (${frame.error.issues[0]?.message ?? 'invalid'})`);
  const payload = eventPayloads[type].safeParse(frame.data.payload);
  if (!payload.success) throw new UnreadableEvent(type, `payload does not match its schema (${payload.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
  return { ...frame.data, type, payload: payload.data, deliveryCount } as AirwaveEvent<T>;
}

const consumerFor = (durable: string, type: string) => `${durable}-${type.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export async function subscribe<T extends EventType>(bus: Bus, options: SubscribeOptions<T>, handler: (event: AirwaveEvent<T>) => Promise<void> | void): Promise<Subscription> {
  if (!options.durable) throw new TypeError('subscribe: `durable` names the consumer');
  const unknown = options.subjects.filter((type) => !(type in eventPayloads));
  if (unknown.length || options.subjects.length === 0) throw new TypeError(`subscribe: unknown event types: ${unknown.join(', ') || '(none given)'}`);
  const deliverFrom = options.from === 'beginning' ? 'all' : options.from instanceof Date ? options.from : 'new';
  const subscriptions = await Promise.all(
    [...new Set(options.subjects)].map((type) =>
      bus.subscribe(type, ({ data, deliveryCount }) => handler(readEvent(type, data, deliveryCount)), {
        durable: consumerFor(options.durable, type),
        deliverFrom,
        ...(options.maxDeliver ? { maxDeliver: options.maxDeliver } : {}),
      }),
    ),
  );
  return {
    async unsubscribe() {
      await Promise.all(subscriptions.map((s) => s.unsubscribe()));
    },
  };
}
