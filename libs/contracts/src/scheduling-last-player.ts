// The player each page last showed, per user: the timeslots, shows and alerts pages
// (OpenBroadcaster's get_last_player / set_last_player of each).
import { z } from 'zod';
import { Empty, Id, Nothing } from './common';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';

export type LastPlayerPage = 'timeslots' | 'shows' | 'alerts';

const lastPlayer = (page: LastPlayerPage) => ({
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

/** The alerts page's (listed with the alerts). */
export const alertsLastPlayerOperations = {
  alertsLastGet: lastPlayer('alerts').get,
  alertsLastSet: lastPlayer('alerts').set,
};
