// Shows: what a player airs (media, a playlist or a live show), and their occurrences in a window.
import { z } from 'zod';
import { Id, Nothing } from './common';
import { defineOperation } from './operation';
import { SourcePassword } from './scheduling-players';
import { entryFields, entryOut, occurrenceRow, schedulingTag as tag, Window } from './scheduling-entries';
import { itemNamed, ShowException, ShowExceptionFields, ShowExceptionInput, ShowItemId, ShowItemType, showItemFields, splitFields } from './scheduling-exceptions';
import { checkWindow } from './times';

/** A show's own identity: its name, description and colour in the calendar (absent keeps them on an edit; null or empty clears them). */
export const showIdentityFields = {
  name: z.string().trim().max(200).nullable().optional().describe("The show's own name (absent keeps it, null or empty clears it)"),
  description: z.string().trim().max(2000).nullable().optional().describe('What the show is about (absent keeps it, null or empty clears it)'),
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb')
    .nullable()
    .optional()
    .describe('Its colour in the calendar, #rrggbb (absent keeps it, null clears it)'),
};

export const ShowInput = z
  .object({
    id: Id.optional(),
    item_type: ShowItemType,
    item_id: ShowItemId.optional(),
    ...showIdentityFields,
    source_password: SourcePassword.optional().describe(
      "Write only: a live show's own source password, which a source client gives the harbor of an aired player during the show (the player's own when the show has none); kept encrypted; empty or absent keeps it, null clears it",
    ),
    ...entryFields,
  })
  .superRefine(itemNamed)
  .superRefine((show, ctx) => {
    if (show.item_type !== 'live' && show.source_password) ctx.addIssue({ code: 'custom', path: ['source_password'], message: 'only a live show has a source password' });
  });
export const Show = z.object({
  ...entryOut,
  user_id: z.number().int(),
  item_type: z.enum(['media', 'playlist', 'live', 'clock']),
  item_id: z.number().int(),
  name: z.string().nullable().describe("The show's own name, or null"),
  description: z.string().nullable().describe('What the show is about, or null'),
  colour: z.string().nullable().describe('Its colour in the calendar (#rrggbb, lower case), or null'),
  /** Why the show needs attention (its media was archived or deleted), or null. */
  flagged: z.string().nullable(),
  has_source_password: z.boolean().describe('Read only: whether the live show has its own source password'),
  exceptions: z.array(ShowException).describe('Its exceptions, each saying whether it still matches an occurrence'),
});
export const ShowOccurrence = z.object({
  ...occurrenceRow,
  item_type: Show.shape.item_type,
  item_id: z.number().int(),
  name: z.string().nullable().describe('What the occurrence airs: the media title, the playlist\'s name, "Line-In" for a live show, null if gone (OpenBroadcaster\'s `name`)'),
  show_name: z.string().nullable().describe("The show's own name, or null"),
  title: z.string().nullable().describe("What to call the occurrence: the show's own name when it has one, else `name`"),
  description: z.string().nullable().describe("The show's description, or null"),
  colour: z.string().nullable().describe("The show's colour (#rrggbb), or null"),
  content_seconds: z
    .number()
    .nullable()
    .describe("How long what it airs lasts, in seconds: the media item's duration, the playlist's length (dynamic items by their estimate); null for a live show or when unknown"),
  flagged: z.string().nullable(),
});

export const showOperations = {
  showList: defineOperation({
    subject: 'scheduling.shows.list',
    input: z.object(Window).superRefine(checkWindow),
    output: z.array(ShowOccurrence),
    auth: 'user',
    http: { method: 'GET', path: '/shows', summary: 'Show occurrences in a window', tag },
  }),
  showGet: defineOperation({ subject: 'scheduling.shows.get', input: z.object({ id: Id }), output: Show, auth: 'user', http: { method: 'GET', path: '/shows/:id', summary: 'One show', tag } }),
  showCreate: defineOperation({
    subject: 'scheduling.shows.create',
    input: ShowInput,
    output: Show,
    auth: 'user',
    http: { method: 'POST', path: '/shows', summary: 'Create a show (409 on a collision)', tag, creates: true },
    successMessage: 'Show saved.',
  }),
  showSave: defineOperation({
    subject: 'scheduling.shows.save',
    input: ShowInput,
    output: Show,
    auth: 'user',
    http: { method: 'PUT', path: '/shows/:id', summary: 'Edit a show (409 on a collision)', tag },
    successMessage: 'Show saved.',
  }),
  showPutNew: defineOperation({
    subject: 'scheduling.shows.putnew',
    input: ShowInput,
    output: Show,
    auth: 'user',
    http: { method: 'PUT', path: '/shows', summary: 'Save a show: creates it when no id is given', tag, creates: true },
    successMessage: 'Show saved.',
  }),
  showDelete: defineOperation({
    subject: 'scheduling.shows.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/shows/:id', summary: 'Delete a show (manage_timeslots unless it is yours)', tag },
    successMessage: 'Show deleted.',
  }),
  ...showExceptionOperations(),
};

function showExceptionOperations() {
  return {
    showExceptionList: defineOperation({
      subject: 'scheduling.shows.exceptions.list',
      input: z.object({ id: Id }),
      output: z.array(ShowException),
      auth: 'user',
      http: { method: 'GET', path: '/shows/:id/exceptions', summary: "A show's exceptions (skipped, moved and replaced occurrences)", tag },
    }),
    showExceptionCreate: defineOperation({
      subject: 'scheduling.shows.exceptions.create',
      input: ShowExceptionInput,
      output: ShowException,
      auth: 'user',
      http: { method: 'POST', path: '/shows/:id/exceptions', summary: 'Skip, move or air another item in one occurrence of a show (409 on a collision or when it has one)', tag },
      successMessage: 'Exception saved.',
    }),
    showExceptionSave: defineOperation({
      subject: 'scheduling.shows.exceptions.save',
      input: ShowExceptionFields.extend({ exception_id: Id }).superRefine(itemNamed),
      output: ShowException,
      auth: 'user',
      http: { method: 'PUT', path: '/shows/:id/exceptions/:exception_id', summary: 'Edit an exception of a show (409 on a collision)', tag },
      successMessage: 'Exception saved.',
    }),
    showExceptionDelete: defineOperation({
      subject: 'scheduling.shows.exceptions.delete',
      input: z.object({ id: Id, exception_id: Id }),
      output: Nothing,
      auth: 'user',
      http: { method: 'DELETE', path: '/shows/:id/exceptions/:exception_id', summary: 'Delete an exception: the occurrence airs as the series says', tag },
      successMessage: 'Exception deleted.',
    }),
    showSplit: defineOperation({
      subject: 'scheduling.shows.split',
      input: z.object({ ...splitFields, ...showItemFields, ...showIdentityFields }).superRefine(itemNamed),
      output: z.object({ before: Show, after: Show }),
      auth: 'user',
      http: { method: 'POST', path: '/shows/:id/split', summary: 'This and following: the series stops before `at`; a new series with the changes carries on from there', tag },
      successMessage: 'Show split.',
    }),
  };
}
