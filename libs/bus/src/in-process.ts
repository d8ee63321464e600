// An in-memory transport with NATS's semantics, for the embedded default and tests: requests go
// to every plain subscriber and one member of each queue group (first reply wins), no responders
// fail at once, payloads are copied as if they crossed a wire, and events are stored in a stream
// with durable consumers, acks and redelivery. The hub (in-process-hub.ts) is the shared network,
// in-process-requests.ts its request/reply and in-process-events.ts its stream.
import { withDeadline } from './deadline';
import { closed, encodeReply, noResponders, readReply, unwrapReplyJson } from './errors';
import { InFlight } from './in-flight';
import { joinConsumer, publishEvent, pump } from './in-process-events';
import { createInProcessHub, type Handler, type HubBus, type InProcessHub, type Member, type StoredEvent } from './in-process-hub';
import { chooseHandlers, firstReply } from './in-process-requests';
import { eventSubject, requestSubject } from './subjects';
import type { Bus, BusOptions, DeliverFrom, EventHandler, Headers, RequestHandler, Subscription } from './types';

export { createInProcessHub, type InProcessHub } from './in-process-hub';

class InProcessBus implements Bus, HubBus {
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
    const chosen = chooseHandlers(this.hub, requestSubject(this.prefix, subject));
    if (chosen.length === 0) throw noResponders(subject);
    const payload = JSON.stringify(data === undefined ? null : data);
    const timeout = options.timeoutMs ?? this.timeoutMs;
    return firstReply(chosen, subject, payload, withDeadline(options.headers, timeout), timeout, read);
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
    publishEvent(this.hub, this.prefix, subject, data, options);
  }

  async subscribe(
    pattern: string,
    handler: EventHandler,
    options: { durable?: string; deliverFrom?: DeliverFrom; maxDeliver?: number } = {},
  ): Promise<Subscription> {
    if (this.state === 'closed') throw closed();
    const member: Member = { id: this.hub.nextId++, handler, bus: this };
    const consumer = joinConsumer(this.hub, this.prefix, eventSubject(this.prefix, pattern), options);
    consumer.members.push(member);
    pump(this.hub, consumer);
    return {
      unsubscribe: async () => {
        consumer.members = consumer.members.filter((m) => m !== member);
        if (!options.durable) this.hub.ephemeral.delete(consumer);
      },
    };
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
