// GET /players/{id}/rundown: any logged-in user, as the player's schedule is read (an app key
// given the endpoint too); 404 for an unknown player; the window at most MAX_RUNDOWN_DAYS.
import { notFound, rundownWindowProblem, scheduling } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { fieldError, resolveTime } from '../schedule/times';
import { loadRundownPlayer } from './player';
import { rundownOf } from './rundown';
import { batchedBusSources } from './sources';

export function bindRundown({ db, bus }: SchedulingContext) {
  return Promise.all([
    bindOperation(bus, scheduling.playerRundown, async ({ id, start, end }, call) => {
      const player = await loadRundownPlayer(db, id);
      if (!player) throw notFound('No such player.');
      const window = { start: resolveTime(start, player.zone), end: resolveTime(end, player.zone) };
      const problem = rundownWindowProblem(window.start, window.end);
      if (problem) throw fieldError('end', `${problem} (in the player's zone, ${player.zone})`);
      return rundownOf(db, batchedBusSources(bus, call), player, window, Date.now());
    }),
  ]);
}
