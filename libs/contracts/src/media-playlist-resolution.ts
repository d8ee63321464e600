// Resolving a playlist into the items a player airs: the internal question the scheduling service's
// rundown asks the media service (which owns playlists and the library) for every show occurrence
// and default-playlist block. The caller brings what belongs to the player and the moment: its
// support flags, its station IDs, the dayparting restrictions in force at the block's start in the
// player's zone (as advanced-search filters) and a seed, so the same question gets the same answer.
// The caller keeps the answer per (player, occurrence); nothing here is cached by the media service.
import { z } from 'zod';
import { PlaylistType } from './media-playlists';
import { ItemLoudness, Voiceover } from './media-playlist-voicetracks';
import { defineOperation } from './operation';

export const ResolvedItemType = z.enum(['audio', 'video', 'image', 'breakpoint']);

export const ResolvedItem = z.object({
  /** 0, 1, 2, … in airing order. */
  order: z.number().int().min(0),
  /** What the playlist item was: a media item, a pick of a dynamic item, a station ID, a breakpoint (a voicetrack rides on the media item after it; custom items resolve to nothing). */
  source: z.enum(['media', 'dynamic', 'station_id', 'breakpoint']),
  media_id: z.number().int().positive().nullable(),
  type: ResolvedItemType,
  title: z.string(),
  artist: z.string(),
  /** Seconds (images: the playlist item's image duration, or the player's for station IDs). */
  duration: z.number().min(0),
  /** Seconds this item overlaps the next one (0 for none; never more than either item's duration). */
  crossfade: z.number().min(0),
  /** Seconds from the start of the block (standard: cumulative duration − crossfade). */
  offset: z.number().min(0),
  /** The voicetrack before this media item in the playlist: aired over it, the music ducked under the voice. */
  voiceover: Voiceover.optional(),
  /** How loud its file is, once analysed (issue 44); absent until then. */
  loudness: ItemLoudness.optional(),
  /** Seconds into the file where it starts: its analysed cue-in (asked with `cues`); absent: 0. `duration` is then from cue-in to cue-out. */
  cue_in: z.number().min(0).optional(),
  /** The overlap (`crossfade`) is this item's own tail, from its analysed next start: neither item is faded across it. */
  segue: z.boolean().optional(),
});
export type ResolvedItem = z.infer<typeof ResolvedItem>;

export const PlaylistResolutionInput = z.object({
  playlist_id: z.number().int().positive(),
  /** Any text; the same seed and library give the same picks for dynamic items and station IDs. */
  seed: z.string().min(1).max(200),
  support: z.object({ audio: z.boolean(), video: z.boolean(), images: z.boolean() }),
  /** The player's station IDs (media ids), for `station_id` items; empty: those items are dropped. */
  station_ids: z.array(z.number().int().positive()).max(1000),
  station_id_image_duration: z.number().min(0).max(86_400),
  /** Filter sets (the media search's advanced filters) of the dayparting restrictions in force. */
  excluded_by: z.array(z.array(z.unknown()).max(100)).max(100),
  /** Stop adding items once the block is this many seconds long (a show's length; a gap to fill). */
  max_duration: z.number().positive().max(31 * 86_400).optional(),
  /** Air analysed audio from its cue-in to its cue-out, the next item over its tail (a player Airwave airs); absent: whole files. */
  cues: z.boolean().optional(),
});
export type PlaylistResolutionInput = z.infer<typeof PlaylistResolutionInput>;

export const PlaylistResolution = z.object({
  found: z.boolean(),
  playlist: z
    .object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      type: PlaylistType,
      /** When the playlist was last changed (ISO 8601 UTC). */
      updated: z.string(),
    })
    .nullable(),
  items: z.array(ResolvedItem),
  /** Seconds from the block's start to the end of its last item. */
  duration: z.number().min(0),
});
export type PlaylistResolution = z.infer<typeof PlaylistResolution>;

/** Several resolutions in one call (a rundown's blocks): answered in the same order, each as resolve-playlist answers it. */
export const PlaylistResolutionsInput = z.object({ requests: z.array(PlaylistResolutionInput).min(1).max(100) });
export type PlaylistResolutionsInput = z.infer<typeof PlaylistResolutionsInput>;
export const PlaylistResolutions = z.object({ resolutions: z.array(PlaylistResolution) });
export type PlaylistResolutions = z.infer<typeof PlaylistResolutions>;

export const playlistResolution = {
  resolvePlaylist: defineOperation({
    subject: 'media.internal.resolve-playlist',
    input: PlaylistResolutionInput,
    output: PlaylistResolution,
    auth: 'none',
    callers: ['scheduling'],
  }),
  resolvePlaylists: defineOperation({
    subject: 'media.internal.resolve-playlists',
    input: PlaylistResolutionsInput,
    output: PlaylistResolutions,
    auth: 'none',
    callers: ['scheduling'],
  }),
};
