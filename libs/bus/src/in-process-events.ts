// Events on the in-process hub, with a JetStream stream's semantics: stored in order, deduplicated
// by id within a window, bounded like a stream's limits, and read by consumers (durable or not)
// that deliver one event at a time to their members in turn, redelivering failures.
import { randomUUID } from 'node:crypto';
import type { Consumer, InProcessHub, StoredEvent } from './in-process-hub';
import { eventSubject, subjectMatches } from './subjects';
import type { DeliverFrom, Headers } from './types';

const DEDUPE_WINDOW_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stores an event published under `prefix` (unless its id was seen within the window) and wakes every consumer. */
export function publishEvent(hub: InProcessHub, prefix: string, subject: string, data: unknown, options: { headers?: Headers; id?: string }): void {
  const payload = JSON.stringify(data === undefined ? null : data);
  const now = Date.now();
  for (const [key, seenAt] of hub.seenIds) {
    if (now - seenAt < DEDUPE_WINDOW_MS) break;
    hub.seenIds.delete(key);
  }
  const msgId = options.id ?? randomUUID();
  const dedupeKey = `${prefix}|${msgId}`;
  if (hub.seenIds.has(dedupeKey)) return; // deduplicated, as JetStream does with Nats-Msg-Id
  hub.seenIds.set(dedupeKey, now);
  const event: StoredEvent = {
    seq: hub.nextSeq++,
    subject: eventSubject(prefix, subject),
    payload,
    headers: { ...(options.headers ?? {}) },
    msgId,
    storedAt: now,
  };
  hub.events.push(event);
  // Bounded memory, like a stream's limits: the oldest events go first.
  if (hub.events.length > hub.maxStoredEvents) hub.events.splice(0, hub.events.length - hub.maxStoredEvents);
  for (const consumer of [...hub.consumers.values(), ...hub.ephemeral]) pump(hub, consumer);
}

/** The consumer a subscriber joins: the durable one of its name (made on first use), else a new ephemeral one. */
export function joinConsumer(
  hub: InProcessHub,
  prefix: string,
  fullPattern: string,
  options: { durable?: string; deliverFrom?: DeliverFrom; maxDeliver?: number },
): Consumer {
  if (!options.durable) {
    const consumer = newConsumer(hub, undefined, fullPattern, options);
    hub.ephemeral.add(consumer);
    return consumer;
  }
  const key = `${prefix}|${options.durable}`;
  const existing = hub.consumers.get(key);
  if (existing) return existing;
  const consumer = newConsumer(hub, options.durable, fullPattern, options);
  hub.consumers.set(key, consumer);
  return consumer;
}

/** The sequence a new consumer starts at: the next event, the first stored, or the first stored at or after a time. */
function startSeq(hub: InProcessHub, from: DeliverFrom | undefined): number {
  if (from === 'all') return 1;
  if (from instanceof Date) return hub.events.find((event) => event.storedAt >= from.getTime())?.seq ?? hub.nextSeq;
  return hub.nextSeq;
}

function newConsumer(hub: InProcessHub, name: string | undefined, pattern: string, options: { deliverFrom?: DeliverFrom; maxDeliver?: number }): Consumer {
  return {
    name,
    pattern,
    maxDeliver: options.maxDeliver ?? 5,
    cursor: startSeq(hub, options.deliverFrom),
    members: [],
    nextMember: 0,
    pending: [],
    running: false,
  };
}

/** The next stored event a consumer has not seen that matches its pattern, moving its cursor past it. */
function nextEvent(hub: InProcessHub, consumer: Consumer): StoredEvent | undefined {
  const events = hub.events;
  const first = events[0]?.seq ?? hub.nextSeq;
  for (let i = Math.max(0, consumer.cursor - first); i < events.length; i += 1) {
    const candidate = events[i]!;
    if (subjectMatches(consumer.pattern, candidate.subject)) {
      consumer.cursor = candidate.seq + 1;
      return candidate;
    }
  }
  consumer.cursor = hub.nextSeq;
  return undefined;
}

/** Delivers a consumer's events one at a time, in order, to its members in turn. */
export function pump(hub: InProcessHub, consumer: Consumer): void {
  if (consumer.running) return;
  consumer.running = true;
  void (async () => {
    try {
      for (;;) {
        const members = consumer.members.filter((m) => m.bus.status() === 'connected');
        if (members.length === 0) return;
        if (consumer.pending.length === 0) {
          const next = nextEvent(hub, consumer);
          if (!next) return;
          consumer.pending.push({ event: next, deliveries: 0 });
        }
        const item = consumer.pending[0]!;
        item.deliveries += 1;
        const member = members[consumer.nextMember++ % members.length]!;
        const delivered = await member.bus.deliver(member, item.event, item.deliveries);
        if (delivered || item.deliveries >= consumer.maxDeliver) consumer.pending.shift();
        else await sleep(Math.min(50 * item.deliveries, 500));
      }
    } finally {
      consumer.running = false;
    }
  })();
}
