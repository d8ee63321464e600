// Events on NATS: a JetStream stream per prefix, durable or ephemeral consumers with explicit acks,
// and failed handlers' events redelivered after a growing delay.
import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy, jetstreamManager, RetentionPolicy, StorageType, type ConsumerMessages, type JetStreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { InFlight } from './in-flight';
import { decode, fromNatsHeaders } from './nats-wire';
import { consumerName, streamName } from './subjects';
import type { BusOptions, EventHandler, SubscribeOptions } from './types';

/** Creates the stream of a prefix's events unless it exists (another process may create it meanwhile). */
export async function ensureEventStream(jsm: JetStreamManager, stream: string, prefix: string, eventMaxAgeMs: number | undefined): Promise<void> {
  const config = {
    name: stream,
    subjects: [`${prefix}.events.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    max_age: (eventMaxAgeMs ?? 7 * 86_400_000) * 1_000_000,
    duplicate_window: 120 * 1_000_000_000,
  };
  try {
    await jsm.streams.info(stream);
  } catch {
    try {
      await jsm.streams.add(config);
    } catch (error) {
      // Another process may have created it meanwhile.
      await jsm.streams.info(stream).catch(() => {
        throw error;
      });
    }
  }
}

/** JetStream's deliver policy for where a new consumer starts. */
function deliverPolicy(from: SubscribeOptions['deliverFrom']) {
  if (from instanceof Date) return { deliver_policy: DeliverPolicy.StartTime, opt_start_time: from.toISOString() };
  return { deliver_policy: from === 'all' ? DeliverPolicy.All : DeliverPolicy.New };
}

/**
 * Creates a subscriber's consumer unless it exists, returning its name: the durable name's, or a
 * new ephemeral consumer's (removed by the server after a minute without a subscriber).
 */
export async function ensureConsumer(jsm: JetStreamManager, stream: string, filter: string, options: SubscribeOptions): Promise<string> {
  const name = options.durable ? consumerName(options.durable) : `eph_${randomUUID().replace(/-/g, '')}`;
  const config = {
    name,
    ...(options.durable ? { durable_name: name } : { inactive_threshold: 60 * 1_000_000_000 }),
    filter_subject: filter,
    ack_policy: AckPolicy.Explicit,
    ...deliverPolicy(options.deliverFrom),
    max_deliver: options.maxDeliver ?? 5,
    ack_wait: (options.ackWaitMs ?? 30_000) * 1_000_000,
  };
  try {
    await jsm.consumers.info(stream, name);
  } catch {
    await jsm.consumers.add(stream, config).catch(async (error: unknown) => {
      await jsm.consumers.info(stream, name).catch(() => {
        throw error;
      });
    });
  }
  return name;
}

/** Hands each event to the handler until the messages close: acked when it succeeds, else redelivered later. */
export async function consumeEvents(messages: ConsumerMessages, prefix: string, handler: EventHandler, inFlight: InFlight, options: BusOptions): Promise<void> {
  const prefixLength = `${prefix}.events.`.length;
  for await (const msg of messages) {
    inFlight.start();
    try {
      await handler({ subject: msg.subject.slice(prefixLength), data: decode(msg.data), headers: fromNatsHeaders(msg.headers), deliveryCount: msg.info.deliveryCount });
      msg.ack();
    } catch (error) {
      options.onHandlerError?.(error, msg.subject);
      msg.nak(Math.min(100 * msg.info.deliveryCount, 2000));
    } finally {
      inFlight.finish();
    }
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
