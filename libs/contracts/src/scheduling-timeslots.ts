// Timeslots: who may schedule when on a player, and their occurrences in a window.
import { z } from 'zod';
import { Id, Nothing } from './common';
import { defineOperation } from './operation';
import { entryFields, entryOut, occurrenceRow, schedulingTag as tag, Window } from './scheduling-entries';
import { splitFields, TimeslotException, TimeslotExceptionInput } from './scheduling-exceptions';
import { checkWindow } from './times';

export const TimeslotInput = z.object({
  id: Id.optional(),
  user_id: Id,
  description: z.string().trim().max(2000).default(''),
  ...entryFields,
});
export const Timeslot = z.object({
  ...entryOut,
  user_id: z.number().int(),
  description: z.string(),
  exceptions: z.array(TimeslotException).describe('Its exceptions, each saying whether it still matches an occurrence'),
});
export const TimeslotOccurrence = z.object({ ...occurrenceRow, description: z.string() });

export const timeslotOperations = {
  timeslotList: defineOperation({
    subject: 'scheduling.timeslots.list',
    input: z.object({ ...Window, user_id: Id.optional() }).superRefine(checkWindow),
    output: z.array(TimeslotOccurrence),
    auth: 'user',
    http: { method: 'GET', path: '/timeslots', summary: 'Timeslot occurrences in a window (manage_timeslots, except your own)', tag },
  }),
  timeslotGet: defineOperation({ subject: 'scheduling.timeslots.get', input: z.object({ id: Id }), output: Timeslot, auth: 'user', http: { method: 'GET', path: '/timeslots/:id', summary: 'One timeslot', tag } }),
  timeslotCreate: defineOperation({
    subject: 'scheduling.timeslots.create',
    input: TimeslotInput,
    output: Timeslot,
    auth: 'user',
    http: { method: 'POST', path: '/timeslots', summary: 'Create a timeslot (409 on a collision)', tag, creates: true },
    successMessage: 'Timeslot saved.',
  }),
  timeslotSave: defineOperation({
    subject: 'scheduling.timeslots.save',
    input: TimeslotInput,
    output: Timeslot,
    auth: 'user',
    http: { method: 'PUT', path: '/timeslots/:id', summary: 'Edit a timeslot (409 on a collision)', tag },
    successMessage: 'Timeslot saved.',
  }),
  timeslotPutNew: defineOperation({
    subject: 'scheduling.timeslots.putnew',
    input: TimeslotInput,
    output: Timeslot,
    auth: 'user',
    http: { method: 'PUT', path: '/timeslots', summary: 'Save a timeslot: creates it when no id is given', tag, creates: true },
    successMessage: 'Timeslot saved.',
  }),
  timeslotDelete: defineOperation({
    subject: 'scheduling.timeslots.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/timeslots/:id', summary: 'Delete a timeslot', tag },
    successMessage: 'Timeslot deleted.',
  }),
  ...timeslotExceptionOperations(),
};

function timeslotExceptionOperations() {
  const ExceptionId = z.object({ id: Id, exception_id: Id });
  return {
    timeslotExceptionList: defineOperation({
      subject: 'scheduling.timeslots.exceptions.list',
      input: z.object({ id: Id }),
      output: z.array(TimeslotException),
      auth: 'user',
      http: { method: 'GET', path: '/timeslots/:id/exceptions', summary: "A timeslot's exceptions (skipped and moved occurrences)", tag },
    }),
    timeslotExceptionCreate: defineOperation({
      subject: 'scheduling.timeslots.exceptions.create',
      input: TimeslotExceptionInput,
      output: TimeslotException,
      auth: 'user',
      http: { method: 'POST', path: '/timeslots/:id/exceptions', summary: 'Skip or move one occurrence of a timeslot (409 on a collision or when it has one)', tag },
      successMessage: 'Exception saved.',
    }),
    timeslotExceptionSave: defineOperation({
      subject: 'scheduling.timeslots.exceptions.save',
      input: TimeslotExceptionInput.extend({ exception_id: Id }),
      output: TimeslotException,
      auth: 'user',
      http: { method: 'PUT', path: '/timeslots/:id/exceptions/:exception_id', summary: 'Edit an exception of a timeslot (409 on a collision)', tag },
      successMessage: 'Exception saved.',
    }),
    timeslotExceptionDelete: defineOperation({
      subject: 'scheduling.timeslots.exceptions.delete',
      input: ExceptionId,
      output: Nothing,
      auth: 'user',
      http: { method: 'DELETE', path: '/timeslots/:id/exceptions/:exception_id', summary: 'Delete an exception: the occurrence happens as the series says', tag },
      successMessage: 'Exception deleted.',
    }),
    timeslotSplit: defineOperation({
      subject: 'scheduling.timeslots.split',
      input: z.object({ ...splitFields, user_id: Id.optional(), description: z.string().trim().max(2000).optional() }),
      output: z.object({ before: Timeslot, after: Timeslot }),
      auth: 'user',
      http: { method: 'POST', path: '/timeslots/:id/split', summary: 'This and following: the series stops before `at`; a new series with the changes carries on from there', tag },
      successMessage: 'Timeslot split.',
    }),
  };
}
