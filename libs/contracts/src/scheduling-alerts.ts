// Alerts: OpenBroadcaster's priority broadcasts (once "emergencies"). A media item a player airs
// every `frequency` seconds between `start` and `stop`, interrupting what it plays
// (docs/decisions/players.md, "Alerts"). Permission manage_alerts, or manage_alerts:<player id>.
import { z } from 'zod';
import { Id, Nothing } from './common';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';
import { alertsLastPlayerOperations } from './scheduling-last-player';
import { Instant, StopTime } from './times';

/** OB 5.3's modes are `interrupt` and `voicetrack`; voicetrack (ducking under a bed) is not built yet. */
export const AlertMode = z.enum(['interrupt'], { error: 'must be interrupt (voicetrack alerts are not supported yet)' });

export const Alert = z.object({
  id: z.number().int(),
  name: z.string(),
  player_id: z.number().int(),
  user_id: z.number().int().describe('Who saved it last'),
  item_id: z.number().int(),
  item_name: z.string().nullable().describe('"artist - title" of the media item, as OpenBroadcaster answers it (null if the item is gone)'),
  item_duration: z.number().nullable().describe("The media item's own length in seconds (null for an image)"),
  frequency: z.number().int().describe('Seconds from the end of one play to the start of the next'),
  duration: z.number().int().nullable().describe("Seconds an item without a length of its own (an image) is aired; null: the item's length"),
  start: z.string().describe("ISO 8601 in the player's zone"),
  stop: z.string(),
  mode: AlertMode,
});
export type Alert = z.infer<typeof Alert>;

/** Seconds, or nothing: "", 0 and null are what OB's form sends for an item that has its own length. */
const OptionalSeconds = z
  .union([z.literal(''), z.literal(0), z.literal('0'), z.null(), z.coerce.number().int('must be whole seconds').min(1).max(86_400)])
  .transform((v) => (v === '' || v === 0 || v === '0' || v === null ? null : v));

/** The last time an alert airs: like a show's stop (a date alone is that whole day), but required. */
const AlertStop = StopTime.unwrap().unwrap().refine((v) => v !== null, 'is required');

export const AlertInput = z.object({
  id: Id.optional(),
  name: z.string().trim().min(1).max(255),
  player_id: Id,
  item_id: Id.describe('An approved media item that is not archived'),
  frequency: z.coerce.number().int('must be whole seconds').min(1).max(7 * 86_400),
  duration: OptionalSeconds.optional().describe('Seconds, for an item without a length of its own (an image); ignored otherwise'),
  start: Instant,
  stop: AlertStop,
  mode: AlertMode.default('interrupt'),
  properties: z.unknown().optional().describe("OpenBroadcaster's voicetrack settings: accepted and ignored (interrupt alerts have none)"),
});

const AlertId = z.object({ id: Id });

export const alertOperations = {
  alertSearch: defineOperation({
    subject: 'scheduling.alerts.search',
    input: z.object({ player_id: Id }),
    output: z.array(Alert),
    auth: 'user',
    http: { method: 'GET', path: '/alerts/search/:player_id', summary: "A player's own alerts (manage_alerts or manage_alerts:<player id>)", tag },
  }),
  ...alertsLastPlayerOperations,
  alertGet: defineOperation({ subject: 'scheduling.alerts.get', input: AlertId, output: Alert, auth: 'user', http: { method: 'GET', path: '/alerts/:id', summary: 'One alert (manage_alerts for its player)', tag } }),
  alertCreate: defineOperation({
    subject: 'scheduling.alerts.create',
    input: AlertInput,
    output: Alert,
    auth: 'user',
    http: { method: 'POST', path: '/alerts', summary: 'Create an alert (manage_alerts for its player)', tag, creates: true },
    successMessage: 'Alert saved.',
  }),
  alertSave: defineOperation({
    subject: 'scheduling.alerts.save',
    input: AlertInput.extend({ id: Id }),
    output: Alert,
    auth: 'user',
    http: { method: 'PUT', path: '/alerts/:id', summary: 'Edit an alert (manage_alerts for its player, and for the one it moves to)', tag },
    successMessage: 'Alert saved.',
  }),
  alertDelete: defineOperation({
    subject: 'scheduling.alerts.delete',
    input: AlertId,
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/alerts/:id', summary: 'Delete an alert (manage_alerts for its player)', tag },
    successMessage: 'Alert deleted.',
  }),
};
