// What is on air, as a stream: `GET /api/v2/players/{id}/now-playing/events`, server-sent events
// (text/event-stream) from the gateway (docs/decisions/now-playing-stream.md). The events' names and
// their `data` (one JSON document a line), shared by the gateway that writes them and the clients
// that read them (the console's on-air page, tests).
import { z } from 'zod';
import type { ExtraRoute } from './openapi-extras';
import { jsonSchemaOf } from './openapi-schema';
import { AsRunEntry, NowPlaying } from './scheduling-monitor';

/** `now_playing`: what the player airs now, as `GET /players/playing/{id}` answers it; sent first, then at each change (each track start). */
export const NowPlayingStreamState = NowPlaying.extend({ player_id: z.number().int() });
export type NowPlayingStreamState = z.infer<typeof NowPlayingStreamState>;

/** `asrun`: plays appended to the player's as-run log, as `GET /players/monitor` answers them (at most 100 an event). */
export const AsRunStreamEntries = z.object({ player_id: z.number().int(), entries: z.array(AsRunEntry) });
export type AsRunStreamEntries = z.infer<typeof AsRunStreamEntries>;

/** `heartbeat`: the connection is alive (no `id`, so it never moves `Last-Event-ID`). */
export const StreamHeartbeat = z.object({ time: z.string().describe('The server\'s time, ISO 8601 UTC') });

export const nowPlayingStreamEvents = { now_playing: NowPlayingStreamState, asrun: AsRunStreamEntries, heartbeat: StreamHeartbeat } as const;
export type NowPlayingStreamEventName = keyof typeof nowPlayingStreamEvents;

const description = [
  "What a player airs, as server-sent events (text/event-stream): the player's now playing first, then an event at each change, as its sync (OB Player's `now_playing`) or the playout service reports it, and the plays appended to its as-run log.",
  '',
  'Events (`event:` name, `data:` one JSON document):',
  '- `now_playing`: `{ player_id, show_name, show_time_left, show_end, playlist_id, media, updated }`, as `GET /players/playing/{id}` answers it. Sent on connect, then at each track start or change.',
  '- `asrun`: `{ player_id, entries }`, the new as-run entries as `GET /players/monitor` answers them.',
  '- `heartbeat`: `{ time }` every 15 seconds, without an `id`.',
  '',
  "Each `now_playing` and `asrun` event has an `id` (the scheduling service's event sequence, increasing). A client reconnecting with `Last-Event-ID` gets the events it missed when this gateway still holds them (the last 100 per player since it began following the player); otherwise the current state, as on a first connect. `retry: 3000` is sent first. The server ends a stream after 10 minutes (and when it shuts down): the client reconnects, as EventSource does by itself, its credentials are checked again, and it resumes. The same caller may read it as may read `GET /players/playing/{id}`: any logged-in user, or an app key allowed this endpoint. A browser's EventSource, which sends no headers, may pass the session as `i` and `k` in the query string.",
].join('\n');

/** The stream as the OpenAPI document lists it (the event schemas under `x-events`). */
export const nowPlayingStreamRoute: ExtraRoute = {
  method: 'GET',
  path: '/api/v2/players/:id/now-playing/events',
  summary: 'What a player airs, as server-sent events: now playing on connect and at each change, as-run entries, heartbeats',
  description,
  tag: 'Players',
  auth: true,
  parameters: [
    { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string', pattern: '^[0-9]{1,15}$' }, description: 'The `id` of the last event received, to resume after it' },
  ],
  responses: {
    '200': {
      description: 'The stream (it stays open: events as they happen, a heartbeat every 15 seconds)',
      content: {
        'text/event-stream': {
          schema: {
            type: 'string',
            description: 'Server-sent events (`id:`, `event:`, `data:` lines, a blank line after each)',
            'x-events': Object.fromEntries(Object.entries(nowPlayingStreamEvents).map(([name, schema]) => [name, jsonSchemaOf(schema, 'output')])),
          },
          example: 'retry: 3000\n\nid: 118\nevent: now_playing\ndata: {"player_id":1,"show_name":"Breakfast","show_time_left":1795,"show_end":"2026-11-26T09:00:00+00:00","playlist_id":4,"media":{"id":12,"title":"Song","artist":"Band","duration":184.2,"time_left":180,"end":"2026-11-26T08:33:00+00:00"},"updated":"2026-11-26T08:30:00.000Z"}\n\n',
        },
      },
    },
  },
};
