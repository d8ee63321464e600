// The events as an AsyncAPI 3 document, built from the event registry as the OpenAPI document is
// from the operations: one channel per event type on NATS (`<prefix>.events.<type>`, JetStream
// stream `<PREFIX>_EVENTS`), its message the event frame with that type's payload schema, and what
// a subscriber can count on (docs/events.md).
import { z } from 'zod';
import { EventFrame } from './bus';
import { eventDescriptions, eventRegistry } from './events';
import { eventsLicense } from './openapi-info';
import type { JsonSchema } from './openapi-schema';

const GUARANTEES = [
  'Events are published after the change commits, through each service\'s outbox: never for a rolled-back change, at least once (a subscriber drops a repeated `id`).',
  'They are kept in the JetStream stream `<PREFIX>_EVENTS` (file storage, limits retention: 7 days), so a durable consumer created later can start from the beginning of retention.',
  'A durable consumer (explicit acks) shares the events among the replicas that bind it and redelivers an event whose handler failed, after a growing delay, up to 5 times.',
  'Delivery follows the stream\'s order while nothing fails; a redelivered event (a failed handler, a consumer that stopped) can arrive after newer ones, so apply an event\'s own state rather than a delta.',
  'Systems that cannot join NATS register a webhook (`POST /api/v2/webhooks`, permission manage_webhooks): the same frames, POSTed and signed as the Standard Webhooks specification says, retried for a day, with a delivery log.',
].join('\n\n');

/** An event's message payload: the frame, its `type` fixed, its `payload` the type's own schema (JSON Schema draft-07, AsyncAPI's default). */
function frameSchema(type: string, payload: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(EventFrame.extend({ type: z.literal(type), payload }), { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

const idOf = (type: string) => type.replace(/\./g, '_');

/** The services that publish events: each event type starts with its service's name. */
const serviceTags: Record<string, string> = {
  account: 'Users, groups, sessions, app keys and the security events of accounts (the account service)',
  media: 'Media items, their versions, archive states and library settings (the media service)',
  scheduling: 'Players, timeslots, shows, their exceptions and dayparting (the scheduling service)',
  modules: 'Modules installed and removed, and webhooks registered (the modules service)',
};
const tagOf = (type: string) => ({ name: type.split('.')[0]! });

/** How a subscriber receives one event type, said once for every receive operation. */
function receiveDescription(type: string, summary: string): string {
  return `${summary}\n\nPublished on \`{prefix}.events.${type}\` after the change commits. Receive it durably with \`@airwave/events\` (\`subscribe({ subjects: ['${type}'] })\`), or register a webhook for \`${type}\`.`;
}

function eventParts(type: string, payload: z.ZodType) {
  const id = idOf(type);
  const summary = eventDescriptions[type] ?? `The ${type.split('.').slice(1).join(' ')} changed.`;
  return {
    id,
    message: { name: type, title: type, summary, contentType: 'application/json', payload: frameSchema(type, payload) },
    channel: {
      address: `{prefix}.events.${type}`,
      title: type,
      description: summary,
      parameters: { prefix: { description: 'The bus prefix (BUS_PREFIX; `airwave` by default).', default: 'airwave' } },
      messages: { [id]: { $ref: `#/components/messages/${id}` } },
    },
    operation: {
      action: 'receive',
      title: `Receive ${type}`,
      summary,
      description: receiveDescription(type, summary),
      tags: [tagOf(type)],
      channel: { $ref: `#/channels/${id}` }, messages: [{ $ref: `#/channels/${id}/messages/${id}` }],
    },
  };
}

/**
 * The catalogue. `contact` is the project's name and the docs page of the server that serves the
 * document (`apiContact`), known only per request.
 */
export function buildAsyncApiDocument(options: { version?: string; contact?: { name: string; url: string } } = {}): JsonSchema {
  const channels: JsonSchema = {};
  const operations: JsonSchema = {};
  const messages: JsonSchema = {};
  for (const type of Object.keys(eventRegistry).sort()) {
    const { id, message, channel, operation } = eventParts(type, eventRegistry[type]!);
    messages[id] = message;
    channels[id] = channel;
    operations[`receive_${id}`] = operation;
  }
  return {
    asyncapi: '3.1.0',
    info: {
      title: 'Airwave events',
      version: options.version ?? '2.0.0',
      description: `What Airwave's services publish on NATS.\n\n${GUARANTEES}`,
      license: eventsLicense,
      ...(options.contact ? { contact: options.contact } : {}),
      tags: Object.entries(serviceTags).map(([name, description]) => ({ name, description })),
    },
    defaultContentType: 'application/json',
    servers: { nats: { host: 'localhost:4222', protocol: 'nats', description: "The station's NATS server with JetStream (NATS_URL)." } },
    channels,
    operations,
    components: { messages },
  };
}
