// Scheduling: players, timeslots, shows and dayparting restrictions.
import { z } from 'zod';
import { Empty, Id, Nothing } from './common';
import { defineOperation } from './operation';
import { documentedInput } from './input-forms';
import { checkWindow, Instant, StopTime } from './times';

const tag = 'Scheduling';

export const ScheduleMode = z.enum(['once', 'daily', 'weekly', 'monthly', 'xdays', 'xweeks', 'xmonths'], {
  error: 'must be one of once, daily, weekly, monthly, xdays, xweeks, xmonths',
});

/** x_data: a positive integer for the x-modes; absent (or null/empty) otherwise. */
const XData = documentedInput(
  z.preprocess((v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().positive().max(1000).nullable().optional()),
  z.union([z.number().int().positive().max(1000), z.string().regex(/^\d+$/), z.literal(''), z.null()]).optional(),
);

export const TimeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as Europe/London');

export const Player = z.object({ id: z.number().int(), name: z.string(), description: z.string(), timezone: z.string() });

const PlayerInput = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  timezone: TimeZone,
};

const entryFields = {
  player_id: Id,
  mode: ScheduleMode,
  x_data: XData,
  start: Instant,
  duration: z.coerce.number().int('must be whole seconds').positive().max(31 * 86400),
  // In the player's zone too, like start; a date alone is the last day (OpenBroadcaster's form).
  stop: StopTime,
};

export const TimeslotInput = z.object({
  id: Id.optional(),
  user_id: Id,
  description: z.string().trim().max(2000).default(''),
  ...entryFields,
});
export const ShowInput = z.object({
  id: Id.optional(),
  // "linein" is OpenBroadcaster's word for a live show.
  item_type: documentedInput(
    z.preprocess((v) => (v === 'linein' ? 'live' : v), z.enum(['media', 'playlist', 'live'], { error: 'must be media, playlist, live or linein' })),
    z.enum(['media', 'playlist', 'live', 'linein']).describe('linein: OpenBroadcaster\'s word for live'),
  ),
  item_id: Id,
  ...entryFields,
});

const entryOut = {
  id: z.number().int(),
  player_id: z.number().int(),
  mode: ScheduleMode,
  x_data: z.number().int().nullable(),
  /** The first occurrence's start, ISO 8601 in the player's zone. */
  start: z.string(),
  duration: z.number().int(),
  stop: z.string().nullable(),
};
export const Timeslot = z.object({ ...entryOut, user_id: z.number().int(), description: z.string() });
export const Show = z.object({
  ...entryOut,
  user_id: z.number().int(),
  item_type: z.enum(['media', 'playlist', 'live']),
  item_id: z.number().int(),
  /** Why the show needs attention (its media was archived or deleted), or null. */
  flagged: z.string().nullable(),
});
/**
 * A row of GET /timeslots or GET /shows: one occurrence, in OpenBroadcaster's shape (its
 * get_timeslots / get_shows rows), times ISO 8601 in the player's zone.
 */
const occurrenceRow = {
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
};
export const TimeslotOccurrence = z.object({ ...occurrenceRow, description: z.string() });
export const ShowOccurrence = z.object({
  ...occurrenceRow,
  item_type: Show.shape.item_type,
  item_id: z.number().int(),
  name: z.string().nullable().describe('What the show airs: the media title, "Line-In" for a live show, null if gone (OpenBroadcaster\'s `name`)'),
  flagged: z.string().nullable(),
});

/** A list's window: local times need `player`, whose zone reads them (times.ts). */
const Window = {
  start: Instant,
  end: Instant,
  player: Id.optional(),
};

export const DaypartingRestriction = z.object({
  id: z.number().int(),
  description: z.string(),
  start_month: z.number().int(),
  start_day: z.number().int(),
  start_time: z.string(),
  end_month: z.number().int(),
  end_day: z.number().int(),
  end_time: z.string(),
  filters: z.array(z.unknown()),
});
const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be HH:MM or HH:MM:SS');
const Month = z.coerce.number().int().min(1).max(12);
const Day = z.coerce.number().int().min(1).max(31);

const lastPlayer = (page: 'timeslots' | 'shows') => ({
  get: defineOperation({
    subject: `scheduling.${page}.lastplayer.get`,
    input: Empty,
    output: z.number().int().nullable(),
    auth: 'user',
    http: { method: 'GET', path: `/${page}/last-player`, summary: `Last player selected on the ${page} page`, tag },
  }),
  set: defineOperation({
    subject: `scheduling.${page}.lastplayer.set`,
    input: z.object({ player: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'PUT', path: `/${page}/last-player`, summary: `Remember the player selected on the ${page} page`, tag },
  }),
});

export const scheduling = {
  playerList: defineOperation({ subject: 'scheduling.players.list', input: Empty, output: z.array(Player), auth: 'user', http: { method: 'GET', path: '/players', summary: 'Players', tag } }),
  playerGet: defineOperation({ subject: 'scheduling.players.get', input: z.object({ id: Id }), output: Player, auth: 'user', http: { method: 'GET', path: '/players/:id', summary: 'One player', tag } }),
  playerCreate: defineOperation({
    subject: 'scheduling.players.create',
    input: z.object(PlayerInput),
    output: Player,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'POST', path: '/players', summary: 'Create a player', tag, creates: true },
    successMessage: 'Player saved.',
  }),
  playerSave: defineOperation({
    subject: 'scheduling.players.save',
    input: z.object({ id: Id, ...PlayerInput }),
    output: Player,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'PUT', path: '/players/:id', summary: 'Edit a player (or create it with this id)', tag },
    successMessage: 'Player saved.',
  }),
  playerDelete: defineOperation({
    subject: 'scheduling.players.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'DELETE', path: '/players/:id', summary: 'Delete a player without schedule entries', tag },
    successMessage: 'Player deleted.',
  }),
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
  timeslotsLastGet: lastPlayer('timeslots').get,
  timeslotsLastSet: lastPlayer('timeslots').set,
  showsLastGet: lastPlayer('shows').get,
  showsLastSet: lastPlayer('shows').set,
  daypartingSearch: defineOperation({
    subject: 'scheduling.dayparting.search',
    input: Empty,
    output: z.array(DaypartingRestriction),
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'GET', path: '/dayparting/search', summary: 'Every dayparting restriction', tag },
  }),
  daypartingGet: defineOperation({
    subject: 'scheduling.dayparting.get',
    input: z.object({ id: Id }),
    output: DaypartingRestriction,
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'GET', path: '/dayparting/:id', summary: 'One dayparting restriction', tag },
  }),
  daypartingSave: defineOperation({
    subject: 'scheduling.dayparting.save',
    input: z.object({
      id: z.coerce.number().int().min(0).max(2_147_483_647),
      description: z.string().trim().max(500).default(''),
      start_month: Month,
      start_day: Day,
      start_time: Time,
      end_month: Month,
      end_day: Day,
      end_time: Time,
      filters: z.array(z.unknown()).max(100).default([]),
    }),
    output: z.object({ id: z.number().int() }),
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'PUT', path: '/dayparting/:id', summary: 'Save a dayparting restriction (id 0 creates)', tag, creates: true },
    successMessage: 'Restriction saved.',
  }),
  daypartingDelete: defineOperation({
    subject: 'scheduling.dayparting.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_media_settings',
    http: { method: 'DELETE', path: '/dayparting/:id', summary: 'Delete a dayparting restriction', tag },
    successMessage: 'Restriction deleted.',
  }),
  /** Whether a dayparting restriction excludes a media item at a moment (for dynamic selection). */
  daypartingCheck: defineOperation({
    subject: 'scheduling.dayparting.check',
    input: z.object({
      media_id: Id,
      // Without a player the restrictions are read in UTC, and so is a local `at`: the time sent is the time compared.
      at: Instant.describe(`${Instant.description} Without player, restrictions are read in UTC, and so is a local time.`),
      player: Id.optional(),
    }),
    output: z.object({ excluded: z.boolean(), restriction_ids: z.array(z.number().int()) }),
    auth: 'user',
    http: { method: 'GET', path: '/dayparting/check', summary: 'Whether a restriction excludes a media item at a moment', tag },
  }),
};
