// remote.php as the OpenAPI document lists it: what it is (OB Player's form-in, XML-out sync
// protocol, outside /api/v2 and the envelope), not a JSON operation.
import type { ExtraRoute } from '@airwave/contracts';

const form = {
  type: 'object',
  required: ['id', 'pw'],
  properties: {
    id: { type: 'string', pattern: '^\\d+$', description: "The player's id" },
    pw: { type: 'string', description: "The player's password, in clear (over TLS). Never logged." },
    hbuffer: { type: 'string', description: 'schedule, emerg: hours ahead' },
    buffer: { type: 'string', description: 'schedule, emerg: days ahead (when hbuffer is absent)' },
    media_id: { type: 'string', description: 'media: the item to download; now_playing: the item airing' },
    version: { type: 'string', description: "version: the player's version" },
    longitude: { type: 'string' },
    latitude: { type: 'string' },
    playlist_id: { type: 'string', description: 'now_playing' },
    show_name: { type: 'string' },
    playlist_end: { type: 'string' },
    media_end: { type: 'string' },
    data: { type: 'string', description: 'playlog_post: the playlog XML document' },
  },
};

const action = {
  name: 'action',
  in: 'query',
  required: true,
  description: 'version, schedule, emerg, media, now_playing, playlog_status or playlog_post',
  schema: { type: 'string', enum: ['version', 'schedule', 'emerg', 'media', 'now_playing', 'playlog_status', 'playlog_post'] },
};

export const remoteRoutes: ExtraRoute[] = [
  {
    method: 'POST',
    path: '/remote.php',
    summary: "OpenBroadcaster Player's sync endpoint: schedule, alerts, media, now playing and the as-run log (XML, not the JSON envelope)",
    description:
      "OB Player 5.3's protocol (docs/decisions/player-sync.md). A form body (query parameters too, as PHP's $_REQUEST), the player's `id` and `pw` in every request, checked against its stored hash (and its address pin), throttled as logins are. Replies: `text/xml` under `<obconnect>` for schedule, emerg and the playlog actions; the JSON string of a version for `version`; the file's bytes (`application/octet-stream`, empty when the item is unknown or not the player's) for `media`; an empty body for `now_playing`. Every refusal is `<obconnect><error>…</error></obconnect>` with HTTP 200 (`player id required`, `player not found`, `authentication failed`, `action required`, `invalid action`, `action not found`, and per action). 503 when a service does not answer; 413 (the JSON envelope) for a body past the gateway's limit.",
    tag: 'Players',
    parameters: [action],
    requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: form } } },
    responses: {
      '200': {
        description: 'The action\'s reply, or an `<error>` document',
        content: {
          'text/xml': { schema: { type: 'string', description: '<obconnect>…</obconnect>' } },
          'application/json': { schema: { type: 'string', description: 'version: the server version, e.g. "5.3.6-20250809"' } },
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
        },
      },
    },
    errors: [413, 503],
  },
];
