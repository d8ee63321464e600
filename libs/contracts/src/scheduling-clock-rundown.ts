// The rundown's clock hours, song by song (issue 45): the songs that could air in a clock's place
// (the same category, keeping every rotation rule there), and replacing the song a clock chose.
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';
import { RundownBlock } from './scheduling-rundown';
import { Instant } from './times';

const Spot = {
  id: Id,
  start: Instant.describe('The clock block’s start, as the rundown answered it'),
  order: z.coerce.number().int().min(0).max(10_000).describe('The song’s `order` in the block'),
};

export const Alternative = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  album: z.string(),
  duration: z.number(),
  last_played: z.string().nullable().describe('When it last aired or was planned before that place (ISO 8601 UTC), within the rotation’s 7 days'),
});

export const clockRundownOperations = {
  rundownAlternatives: defineOperation({
    subject: 'scheduling.clock.alternatives',
    input: z.object(Spot),
    output: z.object({ songs: z.array(Alternative) }),
    auth: 'user',
    http: {
      method: 'GET',
      path: '/players/:id/rundown/alternatives',
      summary: 'The songs that could air in place of one a clock chose',
      description: 'Songs of the same category that keep every rotation rule at that place (against what aired and what is planned on both sides), least recently played first, at most 50. Only for a song of a clock block that has not begun.',
      tag,
    },
  }),
  rundownReplace: defineOperation({
    subject: 'scheduling.clock.replace',
    input: z.object({ ...Spot, media_id: Id.describe('One of the songs GET …/rundown/alternatives offers') }),
    output: RundownBlock,
    auth: 'user',
    permission: 'manage_players',
    http: {
      method: 'PUT',
      path: '/players/:id/rundown/replace',
      summary: 'Replace a song a clock chose',
      description: 'The song airs in that place of the hour from now on (it stays when the hour is resolved again), and what follows it in the hour is chosen again after it. Answers the block as it is now.',
      tag,
    },
    successMessage: 'Song replaced.',
  }),
};
