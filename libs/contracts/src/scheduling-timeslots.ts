// Timeslots: who may schedule when on a player, and their occurrences in a window.
import { z } from 'zod';
import { Id, Nothing } from './common';
import { defineOperation } from './operation';
import { entryFields, entryOut, occurrenceRow, schedulingTag as tag, Window } from './scheduling-entries';
import { checkWindow } from './times';

export const TimeslotInput = z.object({
  id: Id.optional(),
  user_id: Id,
  description: z.string().trim().max(2000).default(''),
  ...entryFields,
});
export const Timeslot = z.object({ ...entryOut, user_id: z.number().int(), description: z.string() });
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
};
