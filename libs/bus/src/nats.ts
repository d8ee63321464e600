// The NATS transport: core request/reply with queue groups for operations, JetStream for events.
// The connection is opened in nats-connection.ts, requests multiplexed and answered in
// nats-requests.ts, events stored and consumed in nats-events.ts.
import { randomUUID } from 'node:crypto';
import { AirwaveError, inboxPrefixOf } from '@airwave/contracts';
import { jetstream, jetstreamManager, type ConsumerMessages, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection, Subscription as NatsSubscription } from '@nats-io/transport-node';
import { withDeadline } from './deadline';
import { closed, readReply, unwrapReplyJson } from './errors';
import { InFlight } from './in-flight';
import { followStatus, openNatsConnection } from './nats-connection';
import { consumeEvents, ensureConsumer, ensureEventStream } from './nats-events';
import { answerRequest, ReplyInbox } from './nats-requests';
import { encode, toNatsHeaders } from './nats-wire';
import { eventSubject, requestSubject, streamName } from './subjects';
import type { Bus, BusOptions, BusStatus, EventHandler, Headers, RequestHandler, SubscribeOptions, Subscription } from './types';

export { deleteNatsStream } from './nats-events';

export interface NatsBusOptions extends BusOptions {
  /** Connection name shown in NATS monitoring. */
  name?: string;
  /** JetStream stream of this prefix's events (default `<PREFIX>_EVENTS`). */
  streamName?: string;
  /** How long events are kept (default 7 days). */
  eventMaxAgeMs?: number;
  /** The NATS user (`<prefix>-<kind>`, or `<prefix>-integrator`): its replies come to `_INBOX_<user>`, the only inbox its permissions let it read. */
  user?: string;
  password?: string | undefined;
}

export async function connectNatsBus(url: string, options: NatsBusOptions = {}): Promise<Bus> {
  const credentials = options.user ? { user: options.user, pass: options.password ?? '', inboxPrefix: inboxPrefixOf(options.user) } : {};
  const nc = await openNatsConnection(url, options.name, credentials);
  const bus = new NatsBus(nc, options, credentials.inboxPrefix);
  await bus.ensureStream();
  // The reply inbox is known to the server before the first request goes out.
  await nc.flush();
  return bus;
}

class NatsBus implements Bus {
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly stream: string;
  private state: BusStatus = 'connected';
  private readonly js: JetStreamClient;
  private jsm: JetStreamManager | undefined;
  private readonly consumers = new Set<ConsumerMessages>();
  private readonly subscriptions = new Set<NatsSubscription>();
  private readonly inFlight = new InFlight();
  private draining = false;
  private readonly replies: ReplyInbox;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: NatsBusOptions,
    inboxPrefix: string | undefined,
  ) {
    this.prefix = options.prefix ?? 'airwave';
    this.timeoutMs = options.requestTimeoutMs ?? 5000;
    this.stream = options.streamName ?? streamName(this.prefix);
    this.js = jetstream(nc);
    this.replies = new ReplyInbox(nc, inboxPrefix);
    followStatus(nc, (status) => {
      this.state = status;
    });
    void nc.closed().then(() => {
      this.state = 'closed';
      this.replies.failPending(closed());
    });
  }

  async ensureStream(): Promise<void> {
    this.jsm = await jetstreamManager(this.nc);
    await ensureEventStream(this.jsm, this.stream, this.prefix, this.options.eventMaxAgeMs);
  }

  private ensureOpen(): void {
    if (this.draining || this.state === 'closed') throw closed();
    if (this.state !== 'connected') throw new AirwaveError('unavailable', 'The message bus is reconnecting; try again shortly.');
  }

  request(subject: string, data: unknown, options: { timeoutMs?: number; headers?: Headers } = {}): Promise<unknown> {
    return this.send(subject, data, options, readReply);
  }

  requestJson(subject: string, data: unknown, options: { timeoutMs?: number; headers?: Headers } = {}): Promise<string> {
    return this.send(subject, data, options, unwrapReplyJson);
  }

  private send<T>(subject: string, data: unknown, options: { timeoutMs?: number; headers?: Headers }, read: (wire: string, subject: string) => T): Promise<T> {
    try {
      this.ensureOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    const timeout = options.timeoutMs ?? this.timeoutMs;
    const h = toNatsHeaders(withDeadline(options.headers, timeout));
    return this.replies.send(requestSubject(this.prefix, subject), subject, data, h, timeout, read);
  }

  async handle(subject: string, handler: RequestHandler, options: { queue?: string } = {}): Promise<Subscription> {
    if (this.draining || this.state === 'closed') throw closed();
    const full = requestSubject(this.prefix, subject);
    const sub = this.nc.subscribe(full, {
      ...(options.queue ? { queue: options.queue } : {}),
      callback: (error, msg) => {
        if (error) return;
        void answerRequest(msg, subject, handler, this.inFlight, this.options);
      },
    });
    this.subscriptions.add(sub);
    // Resolve only once the server knows the subscription, so a request sent right after is routed to it.
    await this.nc.flush();
    return {
      unsubscribe: async () => {
        this.subscriptions.delete(sub);
        if (!sub.isClosed()) await sub.drain().catch(() => sub.unsubscribe());
      },
    };
  }

  async publish(subject: string, data: unknown, options: { headers?: Headers; id?: string } = {}): Promise<void> {
    this.ensureOpen();
    const h = toNatsHeaders(options.headers);
    try {
      await this.js.publish(eventSubject(this.prefix, subject), encode(data), { msgID: options.id ?? randomUUID(), ...(h ? { headers: h } : {}) });
    } catch {
      throw new AirwaveError('unavailable', `Could not store event ${subject}.`);
    }
  }

  async subscribe(pattern: string, handler: EventHandler, options: SubscribeOptions = {}): Promise<Subscription> {
    this.ensureOpen();
    const jsm = this.jsm ?? (await jetstreamManager(this.nc));
    const name = await ensureConsumer(jsm, this.stream, eventSubject(this.prefix, pattern), options);
    const consumer = await this.js.consumers.get(this.stream, name);
    const messages = await consumer.consume({ max_messages: 100 });
    this.consumers.add(messages);
    const loop = consumeEvents(messages, this.prefix, handler, this.inFlight, this.options);
    void loop.catch(() => undefined);
    return {
      unsubscribe: async () => {
        this.consumers.delete(messages);
        await messages.close().catch(() => undefined);
        await loop.catch(() => undefined);
        if (!options.durable) await jsm.consumers.delete(this.stream, name).catch(() => undefined);
      },
    };
  }

  status(): BusStatus {
    return this.state;
  }

  async ping(timeoutMs = 2000): Promise<void> {
    this.ensureOpen();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.nc.flush(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new AirwaveError('unavailable', 'The message bus did not answer.')), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    // Stop taking new work first, then let in-flight handlers finish (they still reply), then close.
    await Promise.allSettled([...this.subscriptions].map((sub) => (sub.isClosed() ? undefined : sub.drain())));
    await Promise.allSettled([...this.consumers].map((messages) => messages.close()));
    await this.inFlight.idle();
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
    this.state = 'closed';
  }
}
