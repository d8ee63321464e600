// The scheduling service: players (with what their sync reports: now playing, the as-run log),
// alerts, timeslots, shows (recurring, in the player's time zone, without collisions) and
// dayparting restrictions. This file is its table of contents: one folder per area,
// each with its handlers (binding the contract's operations), rules and queries. What timeslots and
// shows share (recurrence, times, collisions, occurrence listing, the entry row mapper) is in schedule/.
import { bindHealth, type ServiceDefinition } from '@airwave/service-kit';
import { bindAlerts } from './alerts/handlers';
import { bindCalendars } from './calendar/handlers';
import { schedulingContext } from './context';
import { bindClocks } from './clocks/handlers';
import { bindListeners } from './listeners/handlers';
import { keepListenerRetention } from './listeners/retention';
import { bindDayparting } from './dayparting/handlers';
import { bindLastPlayer, followDeletedUsers } from './last-player/handlers';
import { bindMonitor } from './monitor/handlers';
import { bindPlayerSync } from './player-sync/handlers';
import { bindPlayers } from './players/handlers';
import { bindPlayout } from './players/playout';
import { bindPlaylistUsage } from './playlists/handlers';
import { followRundownChanges } from './rundown/follow';
import { bindRundown } from './rundown/handlers';
import { SCHEDULING_SCHEMA, schedulingMigrations } from './schema';
import { followGoneMedia } from './shows/follow-media';
import { bindShowExceptions } from './shows/exceptions';
import { bindShows } from './shows/handlers';
import { bindTimeslotExceptions } from './timeslots/exceptions';
import { bindTimeslots } from './timeslots/handlers';

export { expand } from './schedule/recurrence';
export { schedulingConfig } from './config';

export const schedulingService: ServiceDefinition = {
  name: 'scheduling',
  schema: SCHEDULING_SCHEMA,
  migrations: schedulingMigrations,
  async start(deps) {
    const context = await schedulingContext(deps);
    const operations = (
      await Promise.all([
        bindHealth(deps.bus, 'scheduling', deps.database).then((health) => [health]),
        bindPlayers(context),
        bindRundown(context),
        bindMonitor(context),
        bindPlayerSync(context),
        bindPlayout(context),
        bindAlerts(context),
        bindTimeslots(context),
        bindShows(context),
        bindClocks(context),
        bindListeners(context),
        bindTimeslotExceptions(context),
        bindShowExceptions(context),
        bindLastPlayer(context),
        bindDayparting(context),
        bindCalendars(context),
        bindPlaylistUsage(context), // where a playlist of the media service is used
      ])
    ).flat();
    const mediaGone = await followGoneMedia(context);
    const usersDeleted = await followDeletedUsers(context);
    const rundownFollowers = await followRundownChanges(context);
    const retention = keepListenerRetention(context);
    return {
      async stop() {
        await retention.unsubscribe();
        await Promise.all(rundownFollowers.map((s) => s.unsubscribe()));
        await usersDeleted.unsubscribe();
        await mediaGone.unsubscribe();
        await Promise.all(operations.map((s) => s.unsubscribe()));
      },
    };
  },
};
