// Scheduling: players, timeslots, shows, dayparting restrictions and alerts. One file per part
// (scheduling-players, -monitor, -entries, -timeslots, -shows, -dayparting, -alerts); this one puts
// the `scheduling` group together, in its operations' order (routes and the OpenAPI document follow
// it). The internal operations the player sync calls are `playerSync` (scheduling-player-sync).
import { alertOperations } from './scheduling-alerts';
import { clockRundownOperations } from './scheduling-clock-rundown';
import { listenerOperations } from './scheduling-listeners';
import { clockOperations } from './scheduling-clocks';
import { daypartingOperations } from './scheduling-dayparting';
import { lastPlayerOperations } from './scheduling-last-player';
import { monitorOperations } from './scheduling-monitor';
import { playerOperations } from './scheduling-players';
import { rundownOperations } from './scheduling-rundown';
import { showOperations } from './scheduling-shows';
import { timeslotOperations } from './scheduling-timeslots';

export { ScheduleMode } from './scheduling-entries';
export { ConnectKind, Player, PlayerInput, PlayerSearch, PlayerColumn, PlayerFilter, PlayoutMode, TimeZone } from './scheduling-players';
export { AsRunContext, AsRunEntry, MonitorSearch, NowPlaying } from './scheduling-monitor';
export { Alert, AlertInput, AlertMode } from './scheduling-alerts';
export { AsRunInput, playerSync } from './scheduling-player-sync';
export { AiredPlayer, PlayoutRundownBlock, playoutInternal } from './scheduling-playout';
export { PlayerCredentials, playerRemote } from './scheduling-player-remote';
export type { LastPlayerPage } from './scheduling-last-player';
export { Timeslot, TimeslotInput, TimeslotOccurrence } from './scheduling-timeslots';
export { Show, ShowInput, ShowOccurrence } from './scheduling-shows';
export { DaypartingRestriction } from './scheduling-dayparting';
export { Alternative } from './scheduling-clock-rundown';
export { ListenerEventInput, listenerHook, PlayWithListeners } from './scheduling-listeners';
export { ListedListener, listenerSnapshots } from './scheduling-listener-snapshots';
export { CategorySource, Clock, ClockInput, ClockRules, ClockSlot, FormatCell, ItemRotation, MusicCategory, PlayerFormat, RotationRules, RuleName, RULE_NAMES } from './scheduling-clocks';
export { MAX_RUNDOWN_DAYS, RundownBlock, RundownBlockKind, RundownInput, RundownItem, rundownWindowProblem } from './scheduling-rundown';

export const scheduling = {
  ...playerOperations,
  ...rundownOperations,
  ...monitorOperations,
  ...timeslotOperations,
  ...showOperations,
  ...lastPlayerOperations,
  ...daypartingOperations,
  ...clockOperations,
  ...clockRundownOperations,
  ...listenerOperations,
  ...alertOperations,
};

export { schedulingCalendar } from './scheduling-calendar';
