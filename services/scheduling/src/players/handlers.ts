// Players: list, read, create (a new id or one of the caller's choosing), delete when unused.
import { notFound, scheduling } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { forgetPlayer } from '../last-player/queries';
import { countShowsOf } from '../shows/queries';
import { countTimeslotsOf } from '../timeslots/queries';
import { claimPlayerId, deletePlayer, findPlayer, insertPlayer, listPlayers, lockPlayerRow, playerExists, upsertPlayer } from './queries';
import { assertPlayerUnused, playerOut } from './rules';

export function bindPlayers({ db, bus, events }: SchedulingContext) {
  return Promise.all([
    bindOperation(bus, scheduling.playerList, async () => (await listPlayers(db)).map(playerOut)),
    bindOperation(bus, scheduling.playerGet, async ({ id }) => {
      const row = await findPlayer(db, id);
      if (!row) throw notFound('No such player.');
      return playerOut(row);
    }),
    bindOperation(bus, scheduling.playerCreate, async (input, { principal }) => {
      const row = await db.transaction().execute(async (trx) => {
        const created = await insertPlayer(trx, input);
        await events.record(trx, 'scheduling.player.saved', playerOut(created), principal);
        return created;
      });
      events.kick();
      return playerOut(row);
    }),
    bindOperation(bus, scheduling.playerSave, async ({ id, ...input }, { principal }) => {
      const row = await db.transaction().execute(async (trx) => {
        if (!(await playerExists(trx, id))) await claimPlayerId(trx, id);
        const saved = await upsertPlayer(trx, id, input);
        await events.record(trx, 'scheduling.player.saved', playerOut(saved), principal);
        return saved;
      });
      events.kick();
      return playerOut(row);
    }),
    bindOperation(bus, scheduling.playerDelete, async ({ id }, { principal }) => {
      await db.transaction().execute(async (trx) => {
        const player = await lockPlayerRow(trx, id);
        if (!player) throw notFound('No such player.');
        assertPlayerUnused(id, { timeslots: await countTimeslotsOf(trx, id), shows: await countShowsOf(trx, id) });
        await forgetPlayer(trx, id);
        await deletePlayer(trx, id);
        // Its last state: the row as the lock read it, gone now.
        await events.record(trx, 'scheduling.player.deleted', playerOut(player), principal);
      });
      events.kick();
      return null;
    }),
  ]);
}
