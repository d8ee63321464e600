// The listener hook as the OpenAPI document lists it: Icecast's URL authentication posting a form,
// answered in plain text with the header that admits the listener, outside /api/v2 and the envelope.
import type { ExtraRoute } from '@airwave/contracts';

const form = {
  type: 'object',
  required: ['action', 'mount', 'client'],
  properties: {
    action: { type: 'string', enum: ['listener_add', 'listener_remove'] },
    mount: { type: 'string', description: 'The mount point, e.g. /live.mp3' },
    client: { type: 'string', pattern: '^\\d+$', description: "Icecast's listener id on the mount" },
    ip: { type: 'string', description: "The listener's address: never kept, only a salted hash of it" },
    agent: { type: 'string', description: "The listener's user agent" },
    duration: { type: 'string', description: 'listener_remove: seconds it listened' },
    server: { type: 'string' },
    port: { type: 'string' },
    user: { type: 'string' },
    pass: { type: 'string' },
  },
};

export const icecastRoutes: ExtraRoute[] = [
  {
    method: 'POST',
    path: '/icecast/listeners/{player}',
    summary: "A player's listener hook: Icecast's listener_add and listener_remove (URL authentication), counted for the plays' listener figures",
    description:
      "Give Icecast this URL (with the key PUT /api/v2/players/{id}/listener-key answered) as the mount's `listener_add` and `listener_remove` (docs/decisions/listeners.md). Every post is answered at once with `icecast-auth-user: 1`: the hook never turns a listener away. Events are handed to the scheduling service in batches; a wrong key counts nothing. 400 (the JSON envelope, still admitting) for a post that is not a listener event.",
    tag: 'Players',
    parameters: [
      { name: 'player', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' }, description: "The player's id" },
      { name: 'key', in: 'query', required: true, schema: { type: 'string' }, description: "The player's listener key (the access log redacts it)" },
    ],
    requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: form } } },
    responses: {
      '200': { description: 'Counted; the listener admitted (`icecast-auth-user: 1`)', content: { 'text/plain': { schema: { type: 'string' } } } },
    },
    // 400 (the envelope): not a listener event; the listener admitted all the same
    errors: [400],
  },
];
