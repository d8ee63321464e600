// The playout service (issue 34): whether this server airs players itself, and which replica airs
// which player (docs/playout.md). The console shows it; a station without Liquidsoap learns here
// how to enable it, and a presenter where to connect a live source (the player's harbor).
import { z } from 'zod';
import { Empty, Id } from './common';
import { defineOperation } from './operation';

/** Where a live show's source client (BUTT, Mixxx…) connects: the Icecast source protocol. */
export const Harbor = z.object({
  host: z.string().describe("The address to connect to: the harbor's bind address, or the airing replica's host name when it listens on every address"),
  port: z.number().int().describe('PLAYOUT_HARBOR_PORT_BASE + the player id'),
  mount: z.string().describe('The mount, /live'),
  this_host_only: z.boolean().describe("It listens on a loopback address (PLAYOUT_HARBOR_BIND): only a source client on the airing replica's host reaches it"),
});
export type Harbor = z.infer<typeof Harbor>;

/** This replica's harbor settings: a player's harbor port is `port_base` + its id. */
export const HarborSettings = z.object({
  port_base: z.number().int().describe('PLAYOUT_HARBOR_PORT_BASE'),
  mount: z.string(),
  bind: z.string().describe('PLAYOUT_HARBOR_BIND'),
  this_host_only: z.boolean(),
});

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
      harbor: Harbor.describe("The player's harbor on that replica: where a live show's source client connects, with the live show's source password, else the player's"),
      listeners: z.number().int().nullable().describe("How many listen to its stream now: the listeners of its mount in the statistics of the Icecast its stream_url names (read at most every 5 s); null when unknown (that Icecast does not answer, or its mount is not on it)"),
    }),
  ),
  harbor: HarborSettings.nullable().describe("This replica's harbor settings (null when it airs nothing): player N's harbor listens on port_base + N"),
});
export type PlayoutStatus = z.infer<typeof PlayoutStatus>;

export const PlayerListeners = z.object({
  player_id: z.number().int(),
  aired: z.boolean().describe('Whether Airwave airs the player now (a replica holds its lease)'),
  listeners: z.number().int().nullable().describe("As in GET /playout/status: its mount's listeners, null when unknown or not aired"),
});

export const playout = {
  status: defineOperation({
    subject: 'playout.status',
    input: Empty,
    output: PlayoutStatus,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'GET', path: '/playout/status', summary: 'Whether Airwave airs players itself, and which replica airs which player', tag: 'Scheduling' },
  }),
  // Any signed-in user sees players (GET /players/:id), and with them how many listen: the number
  // alone, without the replicas, harbors and leases the status shows managers.
  listeners: defineOperation({
    subject: 'playout.listeners',
    input: z.object({ id: Id }),
    output: PlayerListeners,
    auth: 'user',
    http: { method: 'GET', path: '/players/:id/listeners', summary: "How many listen to a player's stream now, when Airwave airs it", tag: 'Scheduling' },
  }),
};
