// Internal media operations other services call over the bus (no HTTP route). Implemented by the
// media service; scheduling uses them to check what a show airs and to apply dayparting.
import { z } from 'zod';
import { defineOperation } from './operation';

export const MediaSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  duration: z.number().nullable().describe('Seconds, when known'),
  owner_id: z.number().int().nullable(),
  is_approved: z.boolean(),
  is_archived: z.boolean(),
  has_thumbnail: z.boolean(),
});
export type MediaSummary = z.infer<typeof MediaSummary>;

export const mediaInternal = {
  /** Summaries of existing items (missing ids are simply absent). */
  summaries: defineOperation({
    subject: 'media.internal.summaries',
    input: z.object({ ids: z.array(z.number().int().positive()).max(1000) }),
    output: z.array(MediaSummary),
    auth: 'none',
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
  }),
};
