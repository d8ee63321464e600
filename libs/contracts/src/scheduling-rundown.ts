// The rundown: what a player airs in a window, block by block (a show occurrence, a line-in show,
// or a block of the default playlist filling a gap), each with its resolved items
// (docs/decisions/rundown.md). Times are instants, answered ISO 8601 in the player's zone.
import { z } from 'zod';
import { Id } from './common';
import { ItemLoudness, Voiceover } from './media-playlist-voicetracks';
import { defineOperation } from './operation';
import { ItemRotation } from './scheduling-clocks';
import { schedulingTag as tag } from './scheduling-entries';
import { Instant, isLocalTime, type TimeValue } from './times';

/** The longest window a rundown may be asked for. */
export const MAX_RUNDOWN_DAYS = 7;

/** Why [start, end) is not a rundown window, or null when it is one. */
export function rundownWindowProblem(start: number, end: number): string | null {
  return end > start && end - start <= MAX_RUNDOWN_DAYS * 86_400_000 ? null : `end must be after start, at most ${MAX_RUNDOWN_DAYS} days later`;
}

export const RundownItem = z.object({
  order: z.number().int().min(0).describe('0, 1, 2, … in airing order'),
  media_id: z.number().int().nullable().describe('The media item; null for a breakpoint or line-in'),
  type: z.enum(['audio', 'video', 'image', 'breakpoint', 'linein']),
  title: z.string(),
  artist: z.string(),
  offset: z.number().min(0).describe('Seconds from the start of the block'),
  duration: z.number().min(0).describe('Seconds'),
  crossfade: z.number().min(0).describe('Seconds this item overlaps the next one'),
  loudness: ItemLoudness.optional().describe("How loud the item's file is, once analysed (issue 44): the playout airs it at the player's loudness target"),
  cue_in: z.number().min(0).optional().describe("Seconds into the file where it starts, its analysed cue-in (players Airwave airs); absent: 0. `duration` then runs from the cue-in to the cue-out"),
  segue: z.boolean().optional().describe("The overlap with the next item (`crossfade`) is this item's own fading tail, from its analysed next start: neither item is faded across it"),
  rotation: ItemRotation.optional().describe('A song a clock chose (issue 45): its clock, slot and category, and the rotation rules it had to give up'),
  voiceover: Voiceover.optional().describe("A playlist's voicetrack (a presenter's voice) aired over this item: the voice, its length, and how the music is ducked under it (voicetrack_offset seconds in, it fades down over voicetrack_fadeout_before to voicetrack_volume, the voice plays, and it fades back up over voicetrack_fadein_after)"),
});
export type RundownItem = z.infer<typeof RundownItem>;

export const RundownBlockKind = z.enum(['show', 'linein', 'default_playlist', 'clock']);

export const RundownBlock = z.object({
  start: z.string().describe('ISO 8601 in the player\'s zone'),
  end: z.string(),
  kind: RundownBlockKind,
  show_id: z.number().int().describe('The show (series) id; 0 for a default-playlist block'),
  occurrence_start: z.string().nullable().describe("The occurrence's original start in its series (where an exception moved it from); null for a default-playlist block"),
  playlist_id: z.number().int().nullable().describe('The playlist resolved (a playlist show, the default playlist), or null'),
  name: z.string(),
  description: z.string(),
  last_updated: z.number().int().describe('Unix seconds: when these items were resolved; the same until they change'),
  items: z.array(RundownItem),
  clock_id: z.number().int().optional().describe('A clock block (issue 45): the clock that filled the hour'),
  warnings: z.array(z.string()).optional().describe('A clock block: what its hour could not do (a category with no song that may air, an hour left short)'),
});
export type RundownBlock = z.infer<typeof RundownBlock>;

export const RundownInput = z
  .object({ id: Id, start: Instant, end: Instant })
  .superRefine((value: { start: TimeValue; end: TimeValue }, ctx) => {
    if (isLocalTime(value.start) || isLocalTime(value.end)) return; // read in the player's zone, checked there
    const problem = rundownWindowProblem(value.start, value.end);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end'], input: value.end });
  });

export const rundownOperations = {
  playerRundown: defineOperation({
    subject: 'scheduling.players.rundown',
    input: RundownInput,
    output: z.array(RundownBlock),
    auth: 'user',
    http: {
      method: 'GET',
      path: '/players/:id/rundown',
      summary: `What a player airs in a window (at most ${MAX_RUNDOWN_DAYS} days), block by block with its items`,
      description:
        'Every block overlapping [start, end), in time order: show occurrences (exceptions applied), line-in shows, clock blocks (the hours the player’s format grid gives a clock, issue 45) and default-playlist blocks filling what is left. A block is answered whole (it may start before `start` or end after `end`). The same call gives the same items and `last_updated` until the show, its playlist, the player, its format and clocks or the media change.',
      tag,
    },
  }),
};
