// Timeslots: a player's recurring slots, each a user's, where shows go.
import { forbidden, notFound, scheduling, type Principal } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { listZone, playerZone } from '../players/zones';
import { exceptionsOfSeries } from '../schedule/exception-queries';
import { listOccurrences } from '../schedule/occurrences';
import { windowInstants } from '../schedule/times';
import { deleteTimeslot, findTimeslot } from './queries';
import { canManageTimeslots, mayListTimeslots, timeslotOut, type TimeslotRow } from './rules';
import { saveTimeslot } from './save';

export function bindTimeslots(context: SchedulingContext) {
  const { db, bus } = context;
  return Promise.all([
    bindOperation(bus, scheduling.timeslotList, async ({ start, end, player, user_id }, { principal }) => {
      if (!mayListTimeslots(principal, user_id, player)) throw forbidden('Viewing the timeslots of others needs manage_timeslots.', { permission: 'manage_timeslots' });
      const window = await windowInstants({ start, end, player }, (id) => listZone(db, id));
      const own = (row: Record<string, unknown>) => ({ description: row.description as string });
      return (await listOccurrences(db, 'timeslots', window, { playerIds: player ? [player] : null, userId: user_id }, own)) as never;
    }),
    bindOperation(bus, scheduling.timeslotGet, async ({ id }, { principal }) => {
      const row = await findTimeslot(db, id);
      if (!row) throw notFound('No such timeslot.');
      if (row.user_id !== principal.userId && !canManageTimeslots(principal, row.player_id)) throw forbidden('Permission denied.', { permission: 'manage_timeslots' });
      const exceptions = await exceptionsOfSeries(db, 'timeslots', id);
      return timeslotOut(row as TimeslotRow, await playerZone(db, row.player_id), exceptions);
    }),
    bindOperation(bus, scheduling.timeslotCreate, ({ id: _id, ...input }, { principal }) => saveTimeslot(context, input, principal)),
    bindOperation(bus, scheduling.timeslotSave, (input, { principal }) => saveTimeslot(context, input, principal)),
    bindOperation(bus, scheduling.timeslotPutNew, (input, { principal }) => saveTimeslot(context, input, principal)),
    bindOperation(bus, scheduling.timeslotDelete, ({ id }, { principal }) => removeTimeslot(context, id, principal)),
  ]);
}

/** Deletes a timeslot (its exceptions go with it); the event carries its last state. */
async function removeTimeslot({ db, events }: SchedulingContext, id: number, principal: Principal) {
  await db.transaction().execute(async (trx) => {
    const row = await findTimeslot(trx, id);
    if (!row) throw notFound('No such timeslot.');
    if (!canManageTimeslots(principal, row.player_id)) throw forbidden('Permission denied.', { permission: `manage_timeslots:${row.player_id}` });
    const last = timeslotOut(row as TimeslotRow, await playerZone(trx, row.player_id), await exceptionsOfSeries(trx, 'timeslots', id));
    await deleteTimeslot(trx, id);
    await events.record(trx, 'scheduling.timeslot.deleted', last, principal);
  });
  events.kick();
  return null;
}
