// Listeners and royalties (issue 46, docs/decisions/listeners.md): each player's listener hook (the
// key its Icecast's URL authentication names), the listener events the gateway hands over in
// batches, and each play with who heard it.
import { z } from 'zod';
import { Id, Nothing } from './common';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';
import { Instant } from './times';

export const ListenerEventInput = z.object({
  kind: z.enum(['add', 'remove']),
  mount: z.string().min(1).max(1024),
  client: z.string().regex(/^\d{1,20}$/),
  ip: z.string().max(1024),
  agent: z.string().max(1024),
  /** Unix ms: when the gateway received it. */
  at: z.number().int().min(0),
  seconds: z.number().int().min(0).nullable().optional(),
});

export const PlayWithListeners = z.object({
  media_id: z.number().int(),
  artist: z.string(),
  title: z.string(),
  start: z.string().describe('ISO 8601 UTC'),
  end: z.string().nullable().describe('ISO 8601 UTC; null while it airs (or from a player that does not say)'),
  listeners_at_start: z.number().int(),
  peak_listeners: z.number().int(),
  listener_seconds: z.number().int(),
  atp: z.number().int().describe('Actual total performances: the listeners who heard any of it'),
});

const Listening = { sessions: z.number().int(), unique_listeners: z.number().int().describe('Distinct listeners (by their hashed address)'), tuning_hours: z.number().describe('Hours listened, summed over the sessions, within the window (aggregate tuning hours)') };

export const ListeningSummary = z.object({
  ...Listening,
  mean_session_seconds: z.number().nullable().describe('Of the sessions that ended in the window; null when none did'),
  median_session_seconds: z.number().nullable(),
  by_hour: z.array(z.object({ hour: z.string().describe("The hour's start, ISO 8601 in the player's zone"), ...Listening })),
  by_country: z
    .array(
      z.object({
        country: z.string().nullable().describe("ISO 3166-1 alpha-2 in capitals, read from the listener's address when it connected (before the address was hashed); null where unknown: a private address, one no network announces, or a session counted before countries were"),
        ...Listening,
      }),
    )
    .describe('The same figures for the sessions from each country that listened in the window, most tuning hours first'),
});

export const SoundExchangeReport = z.object({
  filename: z.string().describe('As the delivery specification names a report: <service><start>_<end>_<category>.txt'),
  text: z.string().describe('The report: tab-separated, CRLF line ends, the header first'),
  recordings: z.number().int(),
});

export const listenerOperations = {
  listenerKey: defineOperation({
    subject: 'scheduling.listeners.key',
    input: z.object({ id: Id }),
    output: z.object({ key: z.string(), hook: z.string().describe("The path to give Icecast as listener_add and listener_remove (after the server's address)") }),
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'PUT', path: '/players/:id/listener-key', summary: 'A new key for the player’s listener hook (answered once; the one before stops working)', tag },
    successMessage: 'Listener key made.',
  }),
  listenerKeyRemove: defineOperation({
    subject: 'scheduling.listeners.key.remove',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'DELETE', path: '/players/:id/listener-key', summary: 'Remove the player’s listener hook key: its hook counts nothing more, and a player Airwave airs is counted from Icecast’s list of listeners again', tag },
    successMessage: 'Listener key removed.',
  }),
  playerPlays: defineOperation({
    subject: 'scheduling.listeners.plays',
    input: z.object({ id: Id, start: Instant, end: Instant }),
    output: z.array(PlayWithListeners),
    auth: 'user',
    http: { method: 'GET', path: '/players/:id/plays', summary: 'What the player aired in a window, each play with who heard it', tag },
  }),
  soundExchange: defineOperation({
    subject: 'scheduling.listeners.soundexchange',
    input: z.object({
      id: Id,
      start: Instant,
      end: Instant,
      service: z.string().trim().min(1).max(200).optional().describe("The name of the service, with its call letters where it has them (default: the player's name)"),
      category: z.string().regex(/^[A-K]$/, 'must be a transmission category, one letter A to K').describe("SoundExchange's transmission category"),
    }),
    output: SoundExchangeReport,
    auth: 'user',
    http: { method: 'GET', path: '/players/:id/reports/soundexchange', summary: "SoundExchange's report of use for a window: each recording aired with its actual total performances", tag },
  }),
  listeningSummary: defineOperation({
    subject: 'scheduling.listeners.summary',
    input: z.object({ id: Id, start: Instant, end: Instant }),
    output: ListeningSummary,
    auth: 'user',
    http: { method: 'GET', path: '/players/:id/listeners/summary', summary: "A window's listening: sessions, unique listeners, tuning hours, session lengths, hour by hour", tag },
  }),
};

/** The gateway's batches of listener events, for the player whose hook key they came with. */
export const listenerHook = {
  events: defineOperation({
    subject: 'scheduling.internal.listeners.events',
    input: z.object({ player_id: Id, key: z.string().max(200), events: z.array(ListenerEventInput).max(10_000) }),
    output: z.object({ accepted: z.boolean() }),
    auth: 'none',
    callers: ['gateway'],
  }),
};
