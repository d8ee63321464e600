// Scheduling: players, timeslots, shows and dayparting restrictions. One file per part
// (scheduling-players, -entries, -timeslots, -shows, -dayparting); this one puts the `scheduling`
// group together, in its operations' order (routes and the OpenAPI document follow it).
import { daypartingOperations } from './scheduling-dayparting';
import { lastPlayerOperations, playerOperations } from './scheduling-players';
import { showOperations } from './scheduling-shows';
import { timeslotOperations } from './scheduling-timeslots';

export { ScheduleMode } from './scheduling-entries';
export { Player, TimeZone } from './scheduling-players';
export { Timeslot, TimeslotInput, TimeslotOccurrence } from './scheduling-timeslots';
export { Show, ShowInput, ShowOccurrence } from './scheduling-shows';
export { DaypartingRestriction } from './scheduling-dayparting';

export const scheduling = {
  ...playerOperations,
  ...timeslotOperations,
  ...showOperations,
  ...lastPlayerOperations,
  ...daypartingOperations,
};

export { schedulingCalendar } from './scheduling-calendar';
