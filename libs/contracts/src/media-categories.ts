// A music category's songs (issue 45): the internal question the scheduling service's clocks ask
// the media service, a page at a time (a category may hold a library of a hundred thousand songs).
import { z } from 'zod';
import { ItemLoudness } from './media-playlist-voicetracks';
import { defineOperation } from './operation';
import { CategorySource } from './scheduling-clocks';

/** The most songs one page answers. */
export const CATEGORY_PAGE = 5000;

export const CategorySong = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  album: z.string(),
  type: z.enum(['audio', 'video']),
  /** Seconds it airs: from its cue-in to its cue-out when cues are asked and its file is analysed. */
  duration: z.number().min(0),
  cue_in: z.number().min(0).optional(),
  loudness: ItemLoudness.optional(),
});
export type CategorySong = z.infer<typeof CategorySong>;

export const CategorySongsInput = z.object({
  source: CategorySource,
  /** The kinds of item the player airs (a category's songs are audio or video, never images). */
  support: z.object({ audio: z.boolean(), video: z.boolean() }),
  /** Filter sets of the dayparting restrictions in force (as a playlist resolution's). */
  excluded_by: z.array(z.array(z.unknown()).max(100)).max(100),
  cues: z.boolean().optional(),
  /** Songs with a greater id than this (the page before's `next`). */
  after: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(CATEGORY_PAGE).default(CATEGORY_PAGE),
  /** A saved search must be this user's (asked when a category is saved). */
  owner_id: z.number().int().positive().optional(),
});
export type CategorySongsInput = z.infer<typeof CategorySongsInput>;

export const CategorySongs = z.object({
  /** The playlist or saved search exists (and is the owner's, when one is named). */
  found: z.boolean(),
  /** In order of id. */
  songs: z.array(CategorySong),
  /** The `after` of the next page, or null: this was the last. */
  next: z.number().int().nullable(),
});
export type CategorySongs = z.infer<typeof CategorySongs>;

export const mediaCategories = {
  categorySongs: defineOperation({
    subject: 'media.internal.category-songs',
    input: CategorySongsInput,
    output: CategorySongs,
    auth: 'none',
    callers: ['scheduling'],
  }),
};
