// Every event the services publish: subject `<service>.<entity>.<verb>` (on NATS:
// `<prefix>.events.<subject>`, stream `<PREFIX>_EVENTS`) and its payload schema. The frame around
// every payload is `EventFrame` (id, type, occurredAt, actor, payload). docs/events.md lists them.
import { z } from 'zod';
import { securityEventDescriptions, securityEventPayloads } from './security-events';
import { Show } from './scheduling-shows';
import { Timeslot } from './scheduling-timeslots';

const moduleRef = z.object({ name: z.string(), version: z.string() });

/** An exception to one occurrence of a timeslot or show, as the API answers it, with the player. */
const seriesException = z.object({
  id: z.number().int(),
  series_id: z.number().int(),
  player_id: z.number().int(),
  user_id: z.number().int(),
  original_start: z.string(),
  skip: z.boolean(),
  start: z.string().nullable(),
  duration: z.number().int().nullable(),
  matches: z.boolean(),
});
const exceptionGone = z.object({ id: z.number().int(), series_id: z.number().int(), player_id: z.number().int(), original_start: z.string() });

export const eventPayloads = {
  'account.user.created': z.object({ id: z.number().int(), username: z.string() }),
  'account.user.updated': z.object({ id: z.number().int(), username: z.string(), enabled: z.boolean(), group_ids: z.array(z.number().int()).optional() }),
  'account.user.deleted': z.object({ id: z.number().int() }),
  'account.group.saved': z.object({ id: z.number().int(), name: z.string(), permissions: z.array(z.string()) }),
  'account.group.deleted': z.object({ id: z.number().int() }),
  ...securityEventPayloads,
  'media.item.saved': z.object({ id: z.number().int(), created: z.boolean() }),
  'media.item.archived': z.object({ ids: z.array(z.number().int()) }),
  'media.item.unarchived': z.object({ ids: z.array(z.number().int()) }),
  'media.item.deleted': z.object({ ids: z.array(z.number().int()) }),
  'scheduling.player.saved': z.object({ id: z.number().int(), name: z.string(), timezone: z.string() }),
  'scheduling.player.deleted': z.object({ id: z.number().int() }),
  // A timeslot or show as the API answers it (GET /timeslots/{id}, GET /shows/{id}): after the change, or its last state.
  'scheduling.timeslot.saved': Timeslot,
  'scheduling.timeslot.deleted': Timeslot,
  'scheduling.show.saved': Show,
  'scheduling.show.deleted': Show,
  'scheduling.show.flagged': z.object({ id: z.number().int(), player_id: z.number().int(), reason: z.string() }),
  'scheduling.timeslot.exception.saved': seriesException,
  'scheduling.timeslot.exception.deleted': exceptionGone,
  'scheduling.show.exception.saved': seriesException.extend({ item_type: z.string().nullable(), item_id: z.number().int().nullable() }),
  'scheduling.show.exception.deleted': exceptionGone,
  'scheduling.dayparting.saved': z.object({ id: z.number().int() }),
  'scheduling.dayparting.deleted': z.object({ id: z.number().int() }),
  'modules.module.installed': moduleRef,
  'modules.module.uninstalled': moduleRef,
  'modules.module.purged': z.object({ name: z.string() }),
} satisfies Record<string, z.ZodType>;

/** Areas add their events here (media.item.archived, scheduling.show.saved, …). */
export const eventRegistry: Record<string, z.ZodType> = { ...eventPayloads };

export type EventType = keyof typeof eventPayloads;
export type EventPayload<T extends EventType> = z.input<(typeof eventPayloads)[T]>;

export const eventDescriptions: Record<string, string> = {
  'account.user.created': 'A user was created (by an administrator or by registration).',
  'account.user.updated': 'A user was edited, enabled or disabled, or their groups changed.',
  'account.user.deleted': 'A user was deleted; services drop what they keep for that user.',
  'account.group.saved': 'A group was created or edited (name or permissions).',
  'account.group.deleted': 'A group was deleted.',
  ...securityEventDescriptions,
  'scheduling.timeslot.exception.saved': 'One occurrence of a timeslot was skipped or moved (or that exception edited); the payload is the exception.',
  'scheduling.timeslot.exception.deleted': 'An exception to a timeslot was deleted: that occurrence happens as the series says again.',
  'scheduling.show.exception.saved': 'One occurrence of a show was skipped, moved or given another item (or that exception edited); the payload is the exception.',
  'scheduling.show.exception.deleted': 'An exception to a show was deleted: that occurrence airs as the series says again.',
  'modules.module.installed': 'A module was installed: its routes, handlers and permissions are live on every replica.',
  'modules.module.uninstalled': 'A module was uninstalled: its routes and permissions are gone; its data stays.',
  'modules.module.purged': 'A module was purged: its schema and data were dropped.',
};
