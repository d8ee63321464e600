// What timeslots and shows share: schedule modes, the fields of an entry (a series) and of one of
// its occurrences, and a list's time window.
import { z } from 'zod';
import { Id } from './common';
import { documentedInput } from './input-forms';
import { Instant, StopTime } from './times';

export const schedulingTag = 'Scheduling';

export const ScheduleMode = z.enum(['once', 'daily', 'weekly', 'monthly', 'xdays', 'xweeks', 'xmonths'], {
  error: 'must be one of once, daily, weekly, monthly, xdays, xweeks, xmonths',
});

/** x_data: a positive integer for the x-modes; absent (or null/empty) otherwise. */
export const XData = documentedInput(
  z.preprocess((v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().positive().max(1000).nullable().optional()),
  z.union([z.number().int().positive().max(1000), z.string().regex(/^\d+$/), z.literal(''), z.null()]).optional(),
);

export const entryFields = {
  player_id: Id,
  mode: ScheduleMode,
  x_data: XData,
  start: Instant,
  duration: z.coerce.number().int('must be whole seconds').positive().max(31 * 86400),
  // In the player's zone too, like start; a date alone is the last day (OpenBroadcaster's form).
  stop: StopTime,
};

export const entryOut = {
  id: z.number().int(),
  player_id: z.number().int(),
  mode: ScheduleMode,
  x_data: z.number().int().nullable(),
  /** The first occurrence's start, ISO 8601 in the player's zone. */
  start: z.string(),
  duration: z.number().int(),
  stop: z.string().nullable(),
  local_start: z
    .string()
    .nullable()
    .describe(
      'The local time ("YYYY-MM-DD HH:MM:SS" in the player\'s zone) the series follows when its first start was given in a spring-forward gap, which does not exist: the first occurrence airs at `start`, shifted forward by the gap, every other one at this local time of day. null otherwise.',
    ),
};

/**
 * A row of GET /timeslots or GET /shows: one occurrence, in OpenBroadcaster's shape (its
 * get_timeslots / get_shows rows), times ISO 8601 in the player's zone.
 */
export const occurrenceRow = {
  id: z.number().int().describe('The entry (series) id'),
  player_id: z.number().int(),
  user_id: z.number().int(),
  start: z.string().describe("This occurrence's start"),
  end: z.string().describe("This occurrence's end"),
  duration: z.number().int().describe("This occurrence's length in seconds (a DST change can make it differ from the series')"),
  exp_start: z.string().describe('The start as OpenBroadcaster writes it: local "YYYY-MM-DD HH:MM:SS" in the player\'s zone'),
  exp_end: z.string().describe('The end, local "YYYY-MM-DD HH:MM:SS" in the player\'s zone'),
  recurring_start: z.string().describe("The series' first start"),
  recurring_stop: z.string().nullable().describe("The series' stop date (null for a one-time entry)"),
  mode: ScheduleMode.exclude(['once']).optional().describe('Absent for a one-time entry, as in OpenBroadcaster'),
  x_data: z.number().int().nullable().optional(),
  exception_id: z.number().int().optional().describe('Present when an exception changed this occurrence (moved it, or for a show changed what airs): its id'),
  original_start: z.string().optional().describe('Present with exception_id: the start this occurrence had in the series'),
};

/** A list's window: local times need `player`, whose zone reads them (times.ts). */
export const Window = {
  start: Instant,
  end: Instant,
  player: Id.optional(),
};
