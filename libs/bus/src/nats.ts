// The NATS transport: core request/reply with queue groups for operations, JetStream for events.
import { randomUUID } from 'node:crypto';
import { AirwaveError } from '@airwave/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { connect, createInbox, headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection, type Subscription as NatsSubscription } from '@nats-io/transport-node';
import { closed, encodeReply, noResponders, readReply, timedOut, unwrapReplyJson } from './errors';
import { InFlight } from './in-flight';
import { consumerName, eventSubject, requestSubject, streamName } from './subjects';
import type { Bus, BusOptions, BusStatus, EventHandler, Headers, RequestHandler, SubscribeOptions, Subscription } from './types';

export interface NatsBusOptions extends BusOptions {
  /** Connection name shown in NATS monitoring. */
  name?: string;
  /** JetStream stream of this prefix's events (default `<PREFIX>_EVENTS`). */
  streamName?: string;
  /** How long events are kept (default 7 days). */
  eventMaxAgeMs?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encode = (value: unknown) => encoder.encode(JSON.stringify(value === undefined ? null : value));
const decode = (data: Uint8Array): unknown => (data.length === 0 ? null : JSON.parse(decoder.decode(data)));

function toNatsHeaders(values: Headers | undefined): MsgHdrs | undefined {
  if (!values) return undefined;
  let h: MsgHdrs | undefined;
  // append, not set: the names of an object are unique, so there is nothing to replace (set looks).
  for (const name in values) (h ??= natsHeaders()).append(name, values[name]!);
  return h;
}

function fromNatsHeaders(h: MsgHdrs | undefined): Headers {
  const out: Headers = {};
  if (!h) return out;
  for (const [name, values] of h) {
    if (name.toLowerCase().startsWith('nats-')) continue;
    out[name] = values[0] ?? '';
  }
  return out;
}

export async function connectNatsBus(url: string, options: NatsBusOptions = {}): Promise<Bus> {
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: url.split(','),
      name: options.name ?? 'airwave',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 3000,
      waitOnFirstConnect: false,
      // No stack trace captured up front for every request (two Error objects each): request
      // errors are mapped to AirwaveError by code anyway, and this was a tenth of the gateway's CPU.
      noAsyncTraces: true,
    });
  } catch (error) {
    throw new Error(`Cannot reach NATS at ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const bus = new NatsBus(nc, options);
  await bus.ensureStream();
  // The reply inbox is known to the server before the first request goes out.
  await nc.flush();
  return bus;
}

/** A request waiting for its reply on the bus's inbox. */
interface Pending {
  subject: string;
  /** Turns the reply's text into the result (readReply, or unwrapReplyJson for requestJson). */
  read(wire: string, subject: string): unknown;
  timer: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(error: unknown): void;
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
  /** Replies arrive on `<inbox><token>`, one subscription for every request of this connection. */
  private readonly inbox: string;
  private readonly pending = new Map<string, Pending>();
  private nextToken = 0;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: NatsBusOptions,
  ) {
    this.prefix = options.prefix ?? 'airwave';
    this.timeoutMs = options.requestTimeoutMs ?? 5000;
    this.stream = options.streamName ?? streamName(this.prefix);
    this.js = jetstream(nc);
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnecting') this.state = 'reconnecting';
        else if (status.type === 'reconnect') this.state = 'connected';
        else if (status.type === 'close') this.state = 'closed';
      }
    })().catch(() => undefined);
    void nc.closed().then(() => {
      this.state = 'closed';
      this.failPending(closed());
    });
    // Our own request/reply multiplexer rather than nats.js's `request`: that one builds a timer
    // promise and, for every request already answered, a "cancelled" Error with a stack trace (5 %
    // of the gateway's profile; 151 → 116 µs of CPU per authenticated request without them). Same
    // semantics: no responders (the server's 503 status reply) and timeouts fail at once, a closed
    // connection fails what is still waiting.
    this.inbox = `${createInbox()}.`;
    nc.subscribe(`${this.inbox}*`, { callback: (error, msg) => (error ? undefined : this.onReply(msg)) });
  }

  private onReply(msg: Msg): void {
    const token = msg.subject.slice(this.inbox.length);
    const waiting = this.pending.get(token);
    if (!waiting) return; // late, after its timeout
    this.pending.delete(token);
    clearTimeout(waiting.timer);
    if (msg.data.length === 0 && msg.headers?.code === 503) {
      waiting.reject(noResponders(waiting.subject));
      return;
    }
    try {
      waiting.resolve(waiting.read(decoder.decode(msg.data), waiting.subject));
    } catch (error) {
      waiting.reject(error);
    }
  }

  private failPending(error: AirwaveError): void {
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.pending.clear();
  }

  async ensureStream(): Promise<void> {
    this.jsm = await jetstreamManager(this.nc);
    const config = {
      name: this.stream,
      subjects: [`${this.prefix}.events.>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      max_age: (this.options.eventMaxAgeMs ?? 7 * 86_400_000) * 1_000_000,
      duplicate_window: 120 * 1_000_000_000,
    };
    try {
      await this.jsm.streams.info(this.stream);
    } catch {
      try {
        await this.jsm.streams.add(config);
      } catch (error) {
        // Another process may have created it meanwhile.
        await this.jsm.streams.info(this.stream).catch(() => {
          throw error;
        });
      }
    }
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
    const h = toNatsHeaders(options.headers);
    const token = (this.nextToken++).toString(36);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(timedOut(subject, timeout));
      }, timeout);
      this.pending.set(token, { subject, read, timer, resolve: resolve as (value: unknown) => void, reject });
      try {
        this.nc.publish(requestSubject(this.prefix, subject), encode(data), { reply: `${this.inbox}${token}`, ...(h ? { headers: h } : {}) });
      } catch {
        this.pending.delete(token);
        clearTimeout(timer);
        reject(this.nc.isClosed() || this.nc.isDraining() ? closed() : new AirwaveError('unavailable', `The message bus failed on ${subject}.`));
      }
    });
  }

  async handle(subject: string, handler: RequestHandler, options: { queue?: string } = {}): Promise<Subscription> {
    if (this.draining || this.state === 'closed') throw closed();
    const full = requestSubject(this.prefix, subject);
    const sub = this.nc.subscribe(full, {
      ...(options.queue ? { queue: options.queue } : {}),
      callback: (error, msg) => {
        if (error) return;
        void (async () => {
          this.inFlight.start();
          try {
            let result: { ok: true; data: unknown } | { ok: false; error: unknown };
            const headers = fromNatsHeaders(msg.headers);
            try {
              result = { ok: true, data: await handler({ subject, data: decode(msg.data), headers }) };
            } catch (e) {
              result = { ok: false, error: e };
            }
            const reply = encodeReply(result, (e) => this.options.onHandlerError?.(e, subject, headers));
            try {
              msg.respond(encoder.encode(reply));
            } catch {
              // The requester is gone or the connection dropped: nothing left to answer.
            }
          } finally {
            this.inFlight.finish();
          }
        })();
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

  async subscribe(
    pattern: string,
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<Subscription> {
    this.ensureOpen();
    const jsm = this.jsm ?? (await jetstreamManager(this.nc));
    const filter = eventSubject(this.prefix, pattern);
    const name = options.durable ? consumerName(options.durable) : `eph_${randomUUID().replace(/-/g, '')}`;
    const config = {
      name,
      ...(options.durable ? { durable_name: name } : { inactive_threshold: 60 * 1_000_000_000 }),
      filter_subject: filter,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: options.deliverFrom === 'all' ? DeliverPolicy.All : DeliverPolicy.New,
      max_deliver: options.maxDeliver ?? 5,
      ack_wait: (options.ackWaitMs ?? 30_000) * 1_000_000,
    };
    try {
      await jsm.consumers.info(this.stream, name);
    } catch {
      await jsm.consumers.add(this.stream, config).catch(async (error: unknown) => {
        await jsm.consumers.info(this.stream, name).catch(() => {
          throw error;
        });
      });
    }
    const consumer = await this.js.consumers.get(this.stream, name);
    const messages = await consumer.consume({ max_messages: 100 });
    this.consumers.add(messages);
    const prefixLength = `${this.prefix}.events.`.length;
    const loop = (async () => {
      for await (const msg of messages) {
        this.inFlight.start();
        try {
          await handler({ subject: msg.subject.slice(prefixLength), data: decode(msg.data), headers: fromNatsHeaders(msg.headers), deliveryCount: msg.info.deliveryCount });
          msg.ack();
        } catch (error) {
          this.options.onHandlerError?.(error, msg.subject);
          msg.nak(Math.min(100 * msg.info.deliveryCount, 2000));
        } finally {
          this.inFlight.finish();
        }
      }
    })();
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

/** Deletes the event stream of a prefix (test cleanup). */
export async function deleteNatsStream(url: string, prefix: string): Promise<void> {
  const nc = await connect({ servers: url, timeout: 3000 });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(streamName(prefix)).catch(() => false);
  } finally {
    await nc.close();
  }
}
