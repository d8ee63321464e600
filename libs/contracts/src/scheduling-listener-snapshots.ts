// Listeners from Icecast's own list where no hook reports them (issue 46, "polling of Icecast's
// statistics as the fallback"): the playout reads each aired mount's listeners from Icecast
// (`/admin/listclients`, with the mount's source credentials, which it holds) and hands the whole
// list to the scheduling service, which opens a session for each listener it has not seen and closes
// each open session Icecast no longer lists (docs/decisions/listeners.md, "Without the hook").
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';

export const ListedListener = z.object({
  client: z.string().regex(/^\d{1,20}$/).describe("Icecast's listener id"),
  ip: z.string().max(1024),
  agent: z.string().max(1024),
  connected: z.number().int().min(0).describe('Seconds since it connected, as Icecast says'),
});

export const listenerSnapshots = {
  snapshot: defineOperation({
    subject: 'scheduling.internal.listeners.snapshot',
    input: z.object({
      player_id: Id,
      mount: z.string().min(1).max(1024),
      /** Unix ms: when Icecast was asked. */
      at: z.number().int().min(0),
      /** Unix ms: when it was asked before (a session found gone ended between the two), or null for the first list since the playout started. */
      since: z.number().int().min(0).nullable(),
      listeners: z.array(ListedListener).max(50_000),
    }),
    output: z.object({ counted: z.boolean().describe('false: the player has a listener hook, which counts its listeners instead') }),
    auth: 'none',
    callers: ['playout'],
  }),
};
