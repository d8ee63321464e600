// An in-memory transport with NATS's semantics, for the embedded default and tests: requests go
// to every plain subscriber and one member of each queue group (first reply wins), no responders
// fail at once, payloads are copied as if they crossed a wire, and events are stored in a stream
// with durable consumers, acks and redelivery.
import { randomUUID } from 'node:crypto';
import { closed, encodeReply, noResponders, readReply, timedOut, unwrapReplyJson } from './errors';
import { InFlight } from './in-flight';
import { eventSubject, requestSubject, subjectMatches } from './subjects';
import type { Bus, BusOptions, EventHandler, Headers, RequestHandler, Subscription } from './types';

interface Handler {
  id: number;
  subject: string;
  queue: string | undefined;
  handler: RequestHandler;
  bus: InProcessBus;
}

interface StoredEvent {
  seq: number;
  subject: string;
  payload: string;
  headers: Headers;
  msgId: string;
}

interface Member {
  id: number;
  handler: EventHandler;
  bus: InProcessBus;
}

interface Consumer {
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

const DEDUPE_WINDOW_MS = 120_000;

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

// Who answers a subject, per version of the hub's handler list (every change replaces the list), so a
// request neither scans every handler of every service nor regroups them: the plain subscribers
// (each gets the request) and, per queue group, its members (one of them gets it, in turn).
interface Audience {
  plain: Handler[];
  groups: { key: string; members: Handler[] }[];
}
const audienceIndexes = new WeakMap<Handler[], Map<string, Audience>>();
function audienceFor(hub: InProcessHub, subject: string): Audience | undefined {
  let index = audienceIndexes.get(hub.handlers);
  if (!index) {
    index = new Map();
    for (const handler of hub.handlers) {
      let audience = index.get(handler.subject);
      if (!audience) index.set(handler.subject, (audience = { plain: [], groups: [] }));
      if (handler.queue === undefined) audience.plain.push(handler);
      else {
        const key = `${handler.subject}|${handler.queue}`;
        let group = audience.groups.find((g) => g.key === key);
        if (!group) audience.groups.push((group = { key, members: [] }));
        group.members.push(handler);
      }
    }
    audienceIndexes.set(hub.handlers, index);
  }
  return index.get(subject);
}

// Requests reach their handlers at the end of the event loop's turn, all of that turn's together,
// as the NATS transport's arrive together in one read, rather than inside the caller's own turn.
// Besides behaving like a hop, it is faster: the embedded default spent 170-190 µs of CPU on an
// authenticated request when each was handled start to finish in its own turn, 108-114 µs with the
// handlers of a turn run together (BENCHMARKS.md, "The embedded default: one turn, one batch").
let deliveries: (() => void)[] = [];
function deliverTurn(): void {
  const turn = deliveries;
  deliveries = [];
  for (const deliver of turn) deliver();
}
function deliverLater(deliver: () => void): void {
  deliveries.push(deliver);
  if (deliveries.length === 1) setImmediate(deliverTurn);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class InProcessBus implements Bus {
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private state: 'connected' | 'closed' = 'connected';
  private readonly inFlight = new InFlight();

  constructor(
    private readonly hub: InProcessHub,
    private readonly options: BusOptions,
  ) {
    this.prefix = options.prefix ?? 'airwave';
    this.timeoutMs = options.requestTimeoutMs ?? 5000;
  }

  request(subject: string, data: unknown, options: { timeoutMs?: number; headers?: Headers } = {}): Promise<unknown> {
    return this.send(subject, data, options, readReply);
  }

  requestJson(subject: string, data: unknown, options: { timeoutMs?: number; headers?: Headers } = {}): Promise<string> {
    return this.send(subject, data, options, unwrapReplyJson);
  }

  /** Sends a request; `read` turns the first reply's text into the result (or throws its error). */
  private async send<T>(subject: string, data: unknown, options: { timeoutMs?: number; headers?: Headers }, read: (wire: string, subject: string) => T): Promise<T> {
    if (this.state === 'closed') throw closed();
    const audience = audienceFor(this.hub, requestSubject(this.prefix, subject));
    // The hub's list holds only handlers of open buses (drain closes a bus and takes its handlers out
    // in one step), so every one listed can be chosen; one that closes before delivery is skipped there.
    const chosen: Handler[] = [];
    if (audience) {
      chosen.push(...audience.plain);
      for (const group of audience.groups) {
        const turn = this.hub.roundRobin.get(group.key) ?? 0;
        this.hub.roundRobin.set(group.key, turn + 1);
        chosen.push(group.members[turn % group.members.length]!);
      }
    }
    if (chosen.length === 0) throw noResponders(subject);
    const payload = JSON.stringify(data === undefined ? null : data);
    const headers = { ...(options.headers ?? {}) };
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    // The first reply wins, or the deadline; one promise and one timer per request.
    return new Promise((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        reject(timedOut(subject, timeoutMs));
      }, timeoutMs);
      const onReply = (wire: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        try {
          resolve(read(wire, subject));
        } catch (error) {
          reject(error);
        }
      };
      const onFailure = (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      };
      deliverLater(() => {
        let delivered = 0;
        for (const handler of chosen) {
          // A handler whose bus closed meanwhile is gone, as a drained NATS subscription would be.
          if (handler.bus.state !== 'connected') continue;
          delivered += 1;
          handler.bus.invoke(handler, subject, payload, headers).then(onReply, onFailure);
        }
        if (delivered === 0) onFailure(noResponders(subject));
      });
    });
  }

  /** Runs one handler as its own bus would, returning the serialized reply. */
  async invoke(handler: Handler, subject: string, payload: string, headers: Headers): Promise<string> {
    this.inFlight.start();
    try {
      let result: { ok: true; data: unknown } | { ok: false; error: unknown };
      try {
        result = { ok: true, data: await handler.handler({ subject, data: JSON.parse(payload), headers: { ...headers } }) };
      } catch (error) {
        result = { ok: false, error };
      }
      return encodeReply(result, (e) => this.options.onHandlerError?.(e, subject, headers));
    } finally {
      this.inFlight.finish();
    }
  }

  async handle(subject: string, handler: RequestHandler, options: { queue?: string } = {}): Promise<Subscription> {
    if (this.state === 'closed') throw closed();
    const entry: Handler = { id: this.hub.nextId++, subject: requestSubject(this.prefix, subject), queue: options.queue, handler, bus: this };
    this.hub.handlers = [...this.hub.handlers, entry];
    return {
      unsubscribe: async () => {
        this.hub.handlers = this.hub.handlers.filter((h) => h !== entry);
      },
    };
  }

  async publish(subject: string, data: unknown, options: { headers?: Headers; id?: string } = {}): Promise<void> {
    if (this.state === 'closed') throw closed();
    const payload = JSON.stringify(data === undefined ? null : data);
    const now = Date.now();
    for (const [key, seenAt] of this.hub.seenIds) {
      if (now - seenAt < DEDUPE_WINDOW_MS) break;
      this.hub.seenIds.delete(key);
    }
    const msgId = options.id ?? randomUUID();
    const dedupeKey = `${this.prefix}|${msgId}`;
    if (this.hub.seenIds.has(dedupeKey)) return; // deduplicated, as JetStream does with Nats-Msg-Id
    this.hub.seenIds.set(dedupeKey, now);
    const event: StoredEvent = {
      seq: this.hub.nextSeq++,
      subject: eventSubject(this.prefix, subject),
      payload,
      headers: { ...(options.headers ?? {}) },
      msgId,
    };
    this.hub.events.push(event);
    // Bounded memory, like a stream's limits: the oldest events go first.
    if (this.hub.events.length > this.hub.maxStoredEvents) this.hub.events.splice(0, this.hub.events.length - this.hub.maxStoredEvents);
    for (const consumer of [...this.hub.consumers.values(), ...this.hub.ephemeral]) this.pump(consumer);
  }

  async subscribe(
    pattern: string,
    handler: EventHandler,
    options: { durable?: string; deliverFrom?: 'new' | 'all'; maxDeliver?: number } = {},
  ): Promise<Subscription> {
    if (this.state === 'closed') throw closed();
    const fullPattern = eventSubject(this.prefix, pattern);
    const member: Member = { id: this.hub.nextId++, handler, bus: this };
    let consumer: Consumer;
    if (options.durable) {
      const key = `${this.prefix}|${options.durable}`;
      const existing = this.hub.consumers.get(key);
      if (existing) consumer = existing;
      else {
        consumer = this.newConsumer(options.durable, fullPattern, options);
        this.hub.consumers.set(key, consumer);
      }
    } else {
      consumer = this.newConsumer(undefined, fullPattern, options);
      this.hub.ephemeral.add(consumer);
    }
    consumer.members.push(member);
    this.pump(consumer);
    return {
      unsubscribe: async () => {
        consumer.members = consumer.members.filter((m) => m !== member);
        if (!options.durable) this.hub.ephemeral.delete(consumer);
      },
    };
  }

  private newConsumer(name: string | undefined, pattern: string, options: { deliverFrom?: 'new' | 'all'; maxDeliver?: number }): Consumer {
    return {
      name,
      pattern,
      maxDeliver: options.maxDeliver ?? 5,
      cursor: options.deliverFrom === 'all' ? 1 : this.hub.nextSeq,
      members: [],
      nextMember: 0,
      pending: [],
      running: false,
    };
  }

  /** Delivers a consumer's events one at a time, in order, to its members in turn. */
  private pump(consumer: Consumer): void {
    if (consumer.running) return;
    consumer.running = true;
    void (async () => {
      try {
        for (;;) {
          const members = consumer.members.filter((m) => m.bus.state === 'connected');
          if (members.length === 0) return;
          if (consumer.pending.length === 0) {
            const events = this.hub.events;
            const first = events[0]?.seq ?? this.hub.nextSeq;
            let next: StoredEvent | undefined;
            for (let i = Math.max(0, consumer.cursor - first); i < events.length; i += 1) {
              const candidate = events[i]!;
              if (subjectMatches(consumer.pattern, candidate.subject)) {
                next = candidate;
                break;
              }
            }
            if (!next) {
              consumer.cursor = this.hub.nextSeq;
              return;
            }
            consumer.cursor = next.seq + 1;
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

  async deliver(member: Member, event: StoredEvent, deliveryCount: number): Promise<boolean> {
    this.inFlight.start();
    try {
      await member.handler({ subject: event.subject.slice(this.prefix.length + '.events.'.length), data: JSON.parse(event.payload), headers: { ...event.headers }, deliveryCount });
      return true;
    } catch (error) {
      this.options.onHandlerError?.(error, event.subject);
      return false;
    } finally {
      this.inFlight.finish();
    }
  }

  status() {
    return this.state;
  }

  async ping(): Promise<void> {
    if (this.state === 'closed') throw closed();
  }

  async drain(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.hub.handlers = this.hub.handlers.filter((h) => h.bus !== this);
    for (const consumer of [...this.hub.consumers.values(), ...this.hub.ephemeral]) {
      consumer.members = consumer.members.filter((m) => m.bus !== this);
    }
    await this.inFlight.idle();
  }
}

/** An in-memory bus. Buses created with the same `hub` reach each other; by default each has its own. */
export function createInProcessBus(options: BusOptions & { hub?: InProcessHub } = {}): Bus {
  return new InProcessBus(options.hub ?? createInProcessHub(), options);
}
