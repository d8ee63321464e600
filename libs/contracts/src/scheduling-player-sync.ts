// Internal scheduling operations (no HTTP route) for what talks to players: OB Player's sync
// endpoint (remote.php, issue 31) and the playout service (issue 34). They authenticate a player,
// record what it airs and has aired, and answer the alerts in force for it
// (docs/decisions/players.md, "What the player sync calls").
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';
import { Alert } from './scheduling-alerts';
import { AsRunContext } from './scheduling-monitor';
import { ConnectKind, Player } from './scheduling-players';
import { MAX_UNIX_SECONDS } from './times';

/** Unix seconds, maybe with a fraction, or null (OB Player sends "" for none: the caller maps it). */
const UnixSeconds = z.number().min(0).max(MAX_UNIX_SECONDS);

/** Text of an as-run entry: cut to 255 characters (OB's column), never refused for its length. */
const LogText = z
  .string()
  .max(100_000)
  .transform((text) => [...text].slice(0, 255).join(''));

/** A play's start as OB Player writes it: Unix seconds with a fraction, kept exactly as sent. */
const PlayedAt = z
  .union([z.number().positive().max(MAX_UNIX_SECONDS), z.string().regex(/^\d{1,10}(\.\d{1,12})?$/, 'must be Unix seconds, a decimal')])
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .refine((v) => Number(v) > 0 && Number(v) <= MAX_UNIX_SECONDS, `must be after 1970 and at most ${MAX_UNIX_SECONDS}`);

export const AsRunInput = z.object({
  media_id: z.coerce.number().int().min(0).max(2_147_483_647),
  artist: LogText.default(''),
  title: LogText.default(''),
  timestamp: PlayedAt,
  context: AsRunContext,
  emerg_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  notes: LogText.default(''),
  /** When it ended (Airwave's playout, from the engine's end event); OB Player's playlog gives none. */
  end: PlayedAt.optional(),
  /** The show it aired in (Airwave's playout: the rundown block's name); OB Player's playlog gives none. */
  show_name: LogText.optional(),
}).refine((entry) => entry.end === undefined || Number(entry.end) >= Number(entry.timestamp), { message: 'must not be before the start', path: ['end'] });

export const playerSync = {
  /**
   * Checks a player's password (and its address when the player is pinned to one) and records
   * the connect: last_connect, last_ip_address, last_connect_<kind>, and version and location when
   * given. Unknown player: not_found; wrong password, no password set, another address:
   * unauthenticated (one message for all three). Answers the player (its manager's view).
   */
  connect: defineOperation({
    subject: 'scheduling.internal.players.connect',
    input: z.object({
      id: Id,
      password: z.string().max(1000),
      address: z.string().max(100).describe('The client address as the gateway saw it'),
      kind: ConnectKind.nullable().optional().describe('Which last_connect_<kind> to record, besides last_connect'),
      version: z.string().max(255).optional(),
      longitude: z.number().min(-180).max(180).nullable().optional(),
      latitude: z.number().min(-90).max(90).nullable().optional(),
    }),
    output: Player,
    auth: 'none',
  }),
  /** What the player airs now; an event when it changed. Ends are Unix seconds. */
  recordNowPlaying: defineOperation({
    subject: 'scheduling.internal.nowplaying.record',
    input: z.object({
      player_id: Id,
      show_name: LogText.nullable(),
      playlist_id: z.number().int().min(0).max(2_147_483_647).nullable(),
      playlist_end: UnixSeconds.nullable(),
      media_id: Id.nullable(),
      media_end: UnixSeconds.nullable(),
    }),
    output: z.object({ changed: z.boolean() }),
    auth: 'none',
    callers: ['playout'],
  }),
  /**
   * Appends plays to the as-run log, all or none; an entry already there (same start, item, context,
   * alert) is skipped, except that an entry with an `end` sets the end of the logged play that has none
   * (the playout sends each play at its start and again at its end: idempotent on retries).
   */
  appendAsRun: defineOperation({
    subject: 'scheduling.internal.asrun.append',
    input: z.object({ player_id: Id, entries: z.array(AsRunInput).max(1000) }),
    output: z.object({ added: z.number().int(), ended: z.number().int().describe('Logged plays whose end this call set'), skipped: z.number().int() }),
    auth: 'none',
    callers: ['playout'],
  }),
  /** The latest start in the player's as-run log, exactly as stored ("0" when it is empty): OB's playlog_status. */
  lastAsRun: defineOperation({
    subject: 'scheduling.internal.asrun.last',
    input: z.object({ player_id: Id }),
    output: z.object({ last_timestamp: z.string() }),
    auth: 'none',
  }),
  /**
   * The alerts in force for a player in [from, to] (Unix seconds): those starting by `to` and
   * stopping after `from`. A child with use_parent_alert gets its parent's alerts instead of its own.
   */
  alertsInForce: defineOperation({
    subject: 'scheduling.internal.alerts.inforce',
    input: z
      .object({ player_id: Id, from: UnixSeconds, to: UnixSeconds })
      .refine((w) => w.to >= w.from, { message: 'must not be before from', path: ['to'] }),
    output: z.object({ player_id: z.number().int(), source_player_id: z.number().int().describe('Whose alerts they are: the player, or its parent'), alerts: z.array(Alert) }),
    auth: 'none',
    callers: ['playout'],
  }),
};
