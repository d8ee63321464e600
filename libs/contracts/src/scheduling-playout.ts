// What the playout service (issue 34) asks of the scheduling service: the players it airs, with
// what it needs to reach their Icecast mounts. Internal (no HTTP route, `auth: 'none'`, like
// `playerSync`): the source password is answered here, since the playout must present it to
// Icecast, and nowhere else, sealed with AIRWAVE_PLAYOUT_KEY, which only the scheduling service and
// the playout hold (docs/playout.md, "The player's output"; docs/decisions/bus-security.md).
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';
import { RundownBlock } from './scheduling-rundown';
import { MAX_UNIX_SECONDS } from './times';

export const AiredPlayer = z.object({
  id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  stream_url: z.string().describe('The Icecast mount listeners hear, e.g. http://icecast:8000/station.mp3'),
  source_password: z.string().nullable().describe('The Icecast source password, sealed for the playout (AIRWAVE_PLAYOUT_KEY, bound to the player); null when none is set'),
  support_linein: z.boolean(),
  loudness_target: z.number().describe('LUFS: the loudness each analysed item airs at'),
});
export type AiredPlayer = z.infer<typeof AiredPlayer>;

/** A rundown block as the playout service reads it: a live show's block also says its own source password. */
export const PlayoutRundownBlock = RundownBlock.extend({
  source_password: z.string().nullable().optional().describe("A linein block: the live show's own source password, sealed for the playout (bound to the show); null or absent: the player's"),
});
export type PlayoutRundownBlock = z.infer<typeof PlayoutRundownBlock>;

export const playoutInternal = {
  /** Every player with `playout` airwave (or those of `ids` that are), by id. */
  players: defineOperation({
    subject: 'scheduling.internal.playout.players',
    input: z.object({ ids: z.array(Id).max(1000).optional() }),
    output: z.array(AiredPlayer),
    auth: 'none',
    callers: ['playout'],
  }),
  /**
   * A player's rundown in [start, end) (Unix ms), as GET /players/{id}/rundown answers it, for the
   * playout service (no user); a live show's blocks also carry its own source password, sealed for the playout.
   */
  rundown: defineOperation({
    subject: 'scheduling.internal.playout.rundown',
    input: z
      .object({ id: Id, start: z.number().int().min(0).max(MAX_UNIX_SECONDS * 1000), end: z.number().int().min(0).max(MAX_UNIX_SECONDS * 1000) })
      .refine((w) => w.end > w.start, { message: 'must be after start', path: ['end'] }),
    output: z.array(PlayoutRundownBlock),
    auth: 'none',
    callers: ['playout'],
  }),
};
