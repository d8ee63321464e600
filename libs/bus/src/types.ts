// The one Bus interface. Two transports (NATS, in-process) implement it with the same semantics;
// `bus.suite.ts` runs the same tests against both.

export type Headers = Record<string, string>;

export interface RequestOptions {
  /** Milliseconds before the request fails with AirwaveError('timeout'). Default: the bus's requestTimeoutMs. */
  timeoutMs?: number;
  headers?: Headers;
}

export interface IncomingRequest {
  subject: string;
  /** Decoded JSON payload. */
  data: unknown;
  headers: Headers;
}

/**
 * A request handler returns the reply payload (any JSON value). If it throws an AirwaveError,
 * the requester's promise rejects with an AirwaveError of the same code, message and details.
 * Any other thrown error reaches the requester as AirwaveError('internal', 'Internal error.')
 * (the original message is logged by the transport, never sent).
 */
export type RequestHandler = (request: IncomingRequest) => Promise<unknown> | unknown;

export interface HandleOptions {
  /** Queue group: handlers sharing a queue group split the requests (each request goes to one). */
  queue?: string;
}

export interface IncomingEvent {
  subject: string;
  data: unknown;
  headers: Headers;
  /** 1 on first delivery, more on redelivery. */
  deliveryCount: number;
}

/** An event handler that throws (or rejects) gets the event redelivered later, up to maxDeliver times. */
export type EventHandler = (event: IncomingEvent) => Promise<void> | void;

/** Where a new consumer starts reading the stream. */
export type DeliverFrom = 'new' | 'all' | Date;

export interface SubscribeOptions {
  /**
   * Durable consumer name. Subscribers with the same durable name share the events (each event to
   * one of them) and resume where the consumer left off after a restart. Without it, the
   * subscriber gets every event published after it subscribed.
   */
  durable?: string;
  /** Where a new consumer starts: 'new' (default), 'all' stored events, or the first stored at or after a time. */
  deliverFrom?: DeliverFrom;
  /** Attempts before an event is given up on (default 5). */
  maxDeliver?: number;
  /**
   * How long a delivered event may go unacknowledged before it is delivered again (default 30 s,
   * set when the consumer is created). On NATS this also bounds how late an event arrives that the
   * server handed to a subscriber that has just unsubscribed (its pull request was still open).
   * The in-process bus redelivers at once and ignores it.
   */
  ackWaitMs?: number;
}

export interface Subscription {
  /** Stop receiving; in-flight handlers finish first. */
  unsubscribe(): Promise<void>;
}

export type BusStatus = 'connected' | 'reconnecting' | 'closed';

export interface Bus {
  /** Request/reply. Rejects with AirwaveError: 'unavailable' when no handler listens, 'timeout' past the deadline. */
  request(subject: string, data: unknown, options?: RequestOptions): Promise<unknown>;
  /**
   * Request/reply like `request`, resolving with the reply's data as JSON text, as the handler's
   * side serialized it, instead of a parsed value: for relaying a reply unchanged (the gateway writes
   * it into the HTTP envelope without parsing and serializing it again). Fails as `request` does.
   */
  requestJson(subject: string, data: unknown, options?: RequestOptions): Promise<string>;
  handle(subject: string, handler: RequestHandler, options?: HandleOptions): Promise<Subscription>;
  /** Publishes an event on a subject under `events.` (stored durably on NATS via JetStream). Resolves once stored. */
  publish(subject: string, data: unknown, options?: { headers?: Headers; id?: string }): Promise<void>;
  /** Subscribes to events; `subject` may use NATS wildcards (`*`, `>`). */
  subscribe(subject: string, handler: EventHandler, options?: SubscribeOptions): Promise<Subscription>;
  status(): BusStatus;
  /** Resolves when the bus answers a round trip (used by readiness probes); rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /** Stops taking new messages, lets in-flight handlers finish, then closes. */
  drain(): Promise<void>;
}

export interface BusOptions {
  /**
   * Prefix for every subject (default 'airwave'). Tests use a unique prefix so that runs never see
   * each other's messages; a multi-station network can give each station its own.
   */
  prefix?: string;
  requestTimeoutMs?: number;
  /**
   * Called with errors a handler threw that were not AirwaveErrors (for logging), with the request's
   * headers (its request id and trace context) when a request handler threw.
   */
  onHandlerError?: (error: unknown, subject: string, headers?: Headers) => void;
}
