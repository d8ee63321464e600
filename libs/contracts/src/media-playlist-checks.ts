// The questions about playlists other services ask over the bus (no HTTP route): the scheduling
// service checks that a show's playlist exists and that its user may use it, and that a player's
// default playlist exists; the media service asks the scheduling service where a playlist is used
// before it shows or deletes it.
import { z } from 'zod';
import { Visibility } from './media-items';
import { PlaylistType } from './media-playlists';
import { defineOperation } from './operation';

/** Whom a playlist must be usable by: a user's id, groups and permissions (null: the system, which may use any). */
export const PlaylistUser = z
  .object({
    id: z.number().int().positive(),
    group_ids: z.array(z.number().int()).max(1000),
    permissions: z.array(z.string().max(200)).max(1000),
  })
  .nullable();
export type PlaylistUser = z.infer<typeof PlaylistUser>;

export const PlaylistCheck = z.object({
  id: z.number().int(),
  name: z.string(),
  type: PlaylistType,
  status: Visibility,
  owner_id: z.number().int(),
  /** Whether that user may schedule it: not private, or theirs, or naming them or a group of theirs, or they hold manage_playlists. */
  usable: z.boolean(),
  /** Seconds: its items' durations added up (dynamic items by their estimate), when asked for (`with_duration`). */
  duration: z.number().optional(),
});
export type PlaylistCheck = z.infer<typeof PlaylistCheck>;

export const PlaylistUsage = z.object({
  /** Shows (series, or one of their exceptions) that air it. */
  shows: z.array(z.object({ id: z.number().int(), player_id: z.number().int(), player_name: z.string(), user_id: z.number().int() })),
  /** Players whose default playlist it is. */
  players: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PlaylistUsage = z.infer<typeof PlaylistUsage>;

export const playlistChecks = {
  /** The existing playlists among `ids` (missing ids are simply absent), each with whether `user` may use it (and its length, with `with_duration`: the calendar's fill). */
  summaries: defineOperation({
    subject: 'media.internal.playlist-summaries',
    input: z.object({ ids: z.array(z.number().int().positive()).max(1000), user: PlaylistUser, with_duration: z.boolean().optional() }),
    output: z.array(PlaylistCheck),
    auth: 'none',
    callers: ['scheduling'],
  }),
  /** Where a playlist is used in the schedule (answered by the scheduling service). */
  usage: defineOperation({
    subject: 'scheduling.internal.playlist-usage',
    input: z.object({ playlist_id: z.number().int().positive() }),
    output: PlaylistUsage,
    auth: 'none',
    callers: ['media'],
  }),
};
