// Players (with their time zones) and the player each schedule page last showed.
import { z } from 'zod';
import { Empty, Id, Nothing } from './common';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';

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

export const playerOperations = {
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
};

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

/** The last player of the timeslots and shows pages, in the order of the `scheduling` group. */
export const lastPlayerOperations = {
  timeslotsLastGet: lastPlayer('timeslots').get,
  timeslotsLastSet: lastPlayer('timeslots').set,
  showsLastGet: lastPlayer('shows').get,
  showsLastSet: lastPlayer('shows').set,
};
