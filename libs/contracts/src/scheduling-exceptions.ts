// Exceptions to a series (RFC 5545's EXDATE and RECURRENCE-ID overrides): one occurrence of a
// timeslot or show, named by the series id and its original start, skipped, moved (new start
// and/or duration) or, for a show, airing another item; and "this and following", a series split
// at an occurrence (docs/decisions/scheduling.md, "Exceptions").
import { z } from 'zod';
import { Flag, Id } from './common';
import { documentedInput } from './input-forms';
import { ScheduleMode, XData } from './scheduling-entries';
import { Instant, StopTime } from './times';

/** What a show airs, as requests send it ("linein" is OpenBroadcaster's word for a live show). */
export const ShowItemType = documentedInput(
  z.preprocess((v) => (v === 'linein' ? 'live' : v), z.enum(['media', 'playlist', 'live', 'clock'], { error: 'must be media, playlist, live, linein or clock' })),
  z.enum(['media', 'playlist', 'live', 'linein', 'clock']).describe("linein: OpenBroadcaster's word for live; clock: each hour of the show filled from a clock (issue 45), item_id naming it"),
);

const Duration = z.coerce.number().int('must be whole seconds').positive().max(31 * 86400);

/** An exception as requests send it; `id` is the series (path), `exception_id` the exception (path, when editing). */
export const exceptionFields = {
  id: Id,
  original_start: Instant.describe("The occurrence's start in the series (as GET /timeslots or /shows lists it, or its original_start)"),
  skip: Flag.optional().describe('true: the occurrence does not happen'),
  start: Instant.optional().describe('Moves the occurrence to start here'),
  duration: Duration.optional().describe('Changes the occurrence\'s length (seconds)'),
};
export const TimeslotExceptionInput = z.object(exceptionFields);
/** What a show airs: a positive id, except for a live show, which names nothing (0 or absent). */
export const ShowItemId = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .min(0, { error: 'must be a positive id' })
  .max(2_147_483_647, { error: 'must be at most 2147483647' })
  .describe('The media item, playlist or clock aired; a live show (item_type live or linein) needs none: 0 or absent');

/** A media or playlist show names what it airs; a live one needs nothing. */
export function itemNamed(value: { item_type?: 'media' | 'playlist' | 'live' | 'clock' | undefined; item_id?: number | undefined }, context: z.RefinementCtx) {
  if (value.item_type === undefined || value.item_type === 'live' || value.item_id) return;
  const named = { media: 'media item', playlist: 'playlist', clock: 'clock' }[value.item_type];
  context.addIssue({ code: 'custom', path: ['item_id'], message: `must be a positive id: a ${value.item_type} show names its ${named}` });
}

/** An exception's or a split's other item: the type, and for media or a playlist its id (an id without a type changes nothing). */
export const showItemFields = { item_type: ShowItemType.optional(), item_id: ShowItemId.optional() };
export const ShowExceptionFields = z.object({ ...exceptionFields, ...showItemFields });
export const ShowExceptionInput = ShowExceptionFields.superRefine(itemNamed);

const exceptionOut = {
  id: z.number().int(),
  series_id: z.number().int(),
  user_id: z.number().int().describe('Who made the exception'),
  original_start: z.string().describe("The occurrence's start in the series, ISO 8601 in the player's zone"),
  skip: z.boolean(),
  start: z.string().nullable().describe('Where the occurrence moved (null: not moved)'),
  duration: z.number().int().nullable().describe('Its length when moved (null: not moved)'),
  matches: z.boolean().describe("Whether the series still has an occurrence at original_start (false after an edit moved the series' times: the exception is kept and reported, and changes nothing)"),
};
export const TimeslotException = z.object(exceptionOut);
export const ShowException = z.object({
  ...exceptionOut,
  item_type: z.enum(['media', 'playlist', 'live', 'clock']).nullable().describe('What airs instead (null: the series\' item)'),
  item_id: z.number().int().nullable(),
});

/** "This and following": the occurrence at `at` and every later one become a new series with these changes. */
export const splitFields = {
  id: Id,
  at: Instant.describe('The original start of the first occurrence of the new series'),
  mode: ScheduleMode.optional(),
  x_data: XData,
  start: Instant.optional().describe("The new series' first start (default: at)"),
  duration: Duration.optional(),
  stop: StopTime.optional(),
};
