// The schedule as iCalendar feeds (RFC 5545): internal operations behind the gateway's
// `GET /players/{id}/schedule.ics` (a player's shows) and `GET /account/timeslots.ics` (the
// caller's own timeslots), which answer text/calendar rather than the JSON envelope
// (docs/decisions/scheduling.md, "The schedule as iCalendar").
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';

export const schedulingCalendar = {
  playerSchedule: defineOperation({ subject: 'scheduling.calendar.player', input: z.object({ id: Id }), output: z.string(), auth: 'user' }),
  ownTimeslots: defineOperation({ subject: 'scheduling.calendar.timeslots', input: z.object({}), output: z.string(), auth: 'user' }),
};
