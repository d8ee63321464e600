// The shared "network" of in-process buses: the request handlers listening, the stored events and
// the consumers reading them. Every in-process bus attached to one hub reaches the others.
import type { BusStatus, EventHandler, Headers, RequestHandler } from './types';

/** A bus attached to a hub, as the hub's deliveries see it: open or not, and how it runs a handler. */
export interface HubBus {
  status(): BusStatus;
  /** Runs one request handler as its own bus would, returning the serialized reply. */
  invoke(handler: Handler, subject: string, payload: string, headers: Headers): Promise<string>;
  /** Runs one event handler; true when it succeeded (the event is acknowledged). */
  deliver(member: Member, event: StoredEvent, deliveryCount: number): Promise<boolean>;
}

export interface Handler {
  id: number;
  subject: string;
  queue: string | undefined;
  handler: RequestHandler;
  bus: HubBus;
}

export interface StoredEvent {
  seq: number;
  subject: string;
  payload: string;
  headers: Headers;
  msgId: string;
  /** When it was stored (ms), for a consumer starting at a time. */
  storedAt: number;
}

export interface Member {
  id: number;
  handler: EventHandler;
  bus: HubBus;
}

export interface Consumer {
  name: string | undefined;
  pattern: string;
  maxDeliver: number;
  /** Next stream sequence to consider. */
  cursor: number;
  members: Member[];
  nextMember: number;
  pending: { event: StoredEvent; deliveries: number }[];
  running: boolean;
}

/** The shared "network" of in-process buses; pass one hub to several buses to simulate replicas. */
export interface InProcessHub {
  handlers: Handler[];
  /** Stored events, oldest first, contiguous sequence numbers. */
  events: StoredEvent[];
  nextSeq: number;
  maxStoredEvents: number;
  /** `<prefix>|<msgId>` → time first seen, for deduplication within a window (as JetStream does). */
  seenIds: Map<string, number>;
  consumers: Map<string, Consumer>;
  ephemeral: Set<Consumer>;
  roundRobin: Map<string, number>;
  nextId: number;
}

export function createInProcessHub(options: { maxStoredEvents?: number } = {}): InProcessHub {
  return {
    handlers: [],
    events: [],
    nextSeq: 1,
    maxStoredEvents: options.maxStoredEvents ?? 10_000,
    seenIds: new Map(),
    consumers: new Map(),
    ephemeral: new Set(),
    roundRobin: new Map(),
    nextId: 1,
  };
}
