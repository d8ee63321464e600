// GET /players/{id}/rundown: any logged-in user, as the player's schedule is read (an app key
// given the endpoint too); 404 for an unknown player; the window at most MAX_RUNDOWN_DAYS. The
// playout service asks the same over the bus without a user (issue 34).
import { notFound, playoutInternal, rundownWindowProblem, scheduling, type TimeValue } from '@airwave/contracts';
import { bindOperation, type CallContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { fieldError, resolveTime } from '../schedule/times';
import { loadRundownPlayer } from './player';
import { rundownOf } from './rundown';
import { withShowPasswords } from '../shows/source-password';
import { batchedBusSources } from './sources';

/** The rundown of a player in [start, end), read in the player's zone when local. */
async function answerRundown({ db, bus, logger }: SchedulingContext, id: number, start: TimeValue, end: TimeValue, call: CallContext) {
  const player = await loadRundownPlayer(db, id);
  if (!player) throw notFound('No such player.');
  const window = { start: resolveTime(start, player.zone), end: resolveTime(end, player.zone) };
  const problem = rundownWindowProblem(window.start, window.end);
  if (problem) throw fieldError('end', `${problem} (in the player's zone, ${player.zone})`);
  return rundownOf(db, batchedBusSources(bus, call), player, window, Date.now(), logger);
}

export function bindRundown(context: SchedulingContext) {
  return Promise.all([
    bindOperation(context.bus, scheduling.playerRundown, ({ id, start, end }, call) => answerRundown(context, id, start, end, call)),
    // The same answer for the playout service, which has no user (issue 34), with each live
    // show's own source password (never in the public answer).
    bindOperation(context.bus, playoutInternal.rundown, async ({ id, start, end }, call) =>
      withShowPasswords(context.db, context.secrets, context.forPlayout, await answerRundown(context, id, start, end, call)),
    ),
  ]);
}
