// Players: OB's search, read, create (a new id or one of the caller's choosing), edit, and delete
// when nothing depends on the player.
import { notFound, scheduling, type Principal } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { forgetPlayer } from '../last-player/queries';
import type { SchedulingDB } from '../schema';
import { countShowsOf } from '../shows/queries';
import { countTimeslotsOf } from '../timeslots/queries';
import { countChildren, lockPlayerTree } from './parents';
import { countAlertsOf, deletePlayer, findPlayer, lockPlayerRow, stationIdsOf } from './queries';
import { assertPlayerUnused, playerOut, seesAddresses } from './rules';
import { readPlayer, savePlayer } from './save';
import { searchPlayers } from './search';

export function bindPlayers(context: SchedulingContext) {
  const { db, bus } = context;
  return Promise.all([
    bindOperation(bus, scheduling.playerList, async (search, { principal }) => {
      const forManager = seesAddresses(principal);
      const rows = await searchPlayers(db, search, forManager);
      const stationIds = await stationIdsOf(db, rows.map((row) => row.id));
      return rows.map((row) => playerOut(row, stationIds.get(row.id)!, forManager));
    }),
    bindOperation(bus, scheduling.playerGet, async ({ id }, { principal }) => {
      const row = await findPlayer(db, id);
      if (!row) throw notFound('No such player.');
      return playerOut(row, (await stationIdsOf(db, [id])).get(id)!, seesAddresses(principal));
    }),
    bindOperation(bus, scheduling.playerCreate, (input, call) => savePlayer(context, undefined, input, call)),
    bindOperation(bus, scheduling.playerSave, ({ id, ...input }, call) => savePlayer(context, id, input, call)),
    bindOperation(bus, scheduling.playerDelete, ({ id }, { principal }) => removePlayer(context, id, principal)),
  ]);
}

const dependentsOf = async (trx: SchedulingDB, id: number) => ({
  timeslots: await countTimeslotsOf(trx, id),
  shows: await countShowsOf(trx, id),
  alerts: await countAlertsOf(trx, id),
  children: await countChildren(trx, id),
});

/** Deletes a player nothing depends on; its station IDs, status and as-run log go with it. */
async function removePlayer({ db, events }: SchedulingContext, id: number, principal: Principal) {
  await db.transaction().execute(async (trx) => {
    // The tree lock first: no save may make this player a parent while it goes.
    await lockPlayerTree(trx);
    if (!(await lockPlayerRow(trx, id))) throw notFound('No such player.');
    assertPlayerUnused(id, await dependentsOf(trx, id));
    // Its last state, read under the lock before the row goes.
    const last = await readPlayer(trx, id);
    await forgetPlayer(trx, id);
    await deletePlayer(trx, id);
    await events.record(trx, 'scheduling.player.deleted', last, principal);
  });
  events.kick();
  return null;
}
