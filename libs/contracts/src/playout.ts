// The playout service (issue 34): whether this server airs players itself, and which replica airs
// which player (docs/playout.md). The console shows it; a station without Liquidsoap learns here
// how to enable it.
import { z } from 'zod';
import { Empty } from './common';
import { defineOperation } from './operation';

export const PlayoutStatus = z.object({
  enabled: z.boolean().describe('Whether this replica airs players (an audio engine is available)'),
  engine: z.string().nullable().describe('The audio engine, e.g. liquidsoap, or null'),
  reason: z.string().nullable().describe('Why it does not air, and how to enable it'),
  replica: z.string().describe('The replica that answered'),
  players: z.array(
    z.object({
      player_id: z.number().int(),
      holder: z.string().describe('The replica airing it'),
      expires_at: z.string().describe('When its lease runs out unless renewed (UTC)'),
      since: z.string().describe('When that replica took it (UTC)'),
    }),
  ),
});
export type PlayoutStatus = z.infer<typeof PlayoutStatus>;

export const playout = {
  status: defineOperation({
    subject: 'playout.status',
    input: Empty,
    output: PlayoutStatus,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'GET', path: '/playout/status', summary: 'Whether Airwave airs players itself, and which replica airs which player', tag: 'Scheduling' },
  }),
};
