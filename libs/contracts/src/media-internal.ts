// Internal media operations other services call over the bus (no HTTP route). Implemented by the
// media service; scheduling uses them to check what a show airs and to apply dayparting.
import { z } from 'zod';
import { defineOperation } from './operation';

export const MediaSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  /** What a report of use names (issue 46); absent from an older media service. */
  album: z.string().optional(),
  isrc: z.string().optional(),
  label: z.string().optional(),
  duration: z.number().nullable().describe('Seconds, when known'),
  type: z.enum(['audio', 'video', 'image', 'document']).describe('What the item is (the rundown airs audio, video and images)'),
  owner_id: z.number().int().nullable(),
  is_approved: z.boolean(),
  is_archived: z.boolean(),
  has_thumbnail: z.boolean(),
});
export type MediaSummary = z.infer<typeof MediaSummary>;

/**
 * What a player needs to download and air an item (OB Player's sync, docs/decisions/player-sync.md):
 * the active file's name, size and type, and where the player keeps it.
 */
export const PlayerFile = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  duration: z.number().nullable().describe('Seconds, when known'),
  type: z.string().describe('audio, video, image or document'),
  format: z.string(),
  file_id: z.string().describe('The storage key of the active file'),
  size: z.number().int().describe('Bytes of the active file'),
  filename: z.string().describe('`<id>-<file digest>.<format>`: unique across items and versions'),
  hash: z.string().describe('32 hex digits naming the active file (not its MD5: OB Player never checks it)'),
  location: z.string().regex(/^[A-Z0-9]{2}$/).describe('Two characters, the same for the same file'),
  is_approved: z.boolean(),
  is_archived: z.boolean(),
});
export type PlayerFile = z.infer<typeof PlayerFile>;

export const mediaInternal = {
  /** Summaries of existing items (missing ids are simply absent). */
  summaries: defineOperation({
    subject: 'media.internal.summaries',
    input: z.object({ ids: z.array(z.number().int().positive()).max(1000) }),
    output: z.array(MediaSummary),
    auth: 'none',
    callers: ['scheduling'],
  }),
  /** The active files of existing items, for a player's sync (missing ids are simply absent). One call a sync reply. */
  playerFiles: defineOperation({
    subject: 'media.internal.player-files',
    input: z.object({ ids: z.array(z.number().int().positive()).max(2000) }),
    output: z.array(PlayerFile),
    auth: 'none',
    callers: ['playout'],
  }),
  /**
   * Whether an item matches advanced-search filters (the format of the media search's filters).
   * Dayparting asks this to decide whether a restriction applies to an item.
   */
  matches: defineOperation({
    subject: 'media.internal.matches',
    input: z.object({ id: z.number().int().positive(), filters: z.array(z.unknown()).max(100) }),
    output: z.object({ exists: z.boolean(), matches: z.boolean() }),
    auth: 'none',
    callers: ['scheduling'],
  }),
};
