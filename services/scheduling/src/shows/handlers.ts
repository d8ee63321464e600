// Shows: what airs on a player, when; named by the media service when listed.
import { forbidden, notFound, scheduling, type Principal } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { listZone, playerZone } from '../players/zones';
import { exceptionsOfSeries, type ExceptionRow } from '../schedule/exception-queries';
import { listOccurrences } from '../schedule/occurrences';
import { windowInstants } from '../schedule/times';
import { canManageTimeslots } from '../timeslots/rules';
import { deleteShow, findShow } from './queries';
import { showOut, type ItemType, type ShowRow } from './rules';
import { saveShow } from './save';
import { askItemsOver } from './item-facts';
import { withShowContent } from './show-content';

/** A show occurrence's own fields: what it airs (an exception may air another item), the show's name, description and colour, and whether it needs attention. */
const ownFields = (row: Record<string, unknown>, exception: ExceptionRow | undefined) => {
  const replaced = exception && 'item_type' in exception && exception.item_type !== null ? exception : undefined;
  return {
    item_type: (replaced?.item_type ?? row.item_type) as ItemType,
    item_id: (replaced?.item_id ?? row.item_id) as number,
    show_name: (row.name as string | null) ?? null,
    description: (row.description as string | null) ?? null,
    colour: (row.colour as string | null) ?? null,
    flagged: row.flagged as string | null,
  };
};

export function bindShows(context: SchedulingContext) {
  const { db, bus } = context;
  return Promise.all([
    bindOperation(bus, scheduling.showList, async ({ start, end, player }, call) => {
      const window = await windowInstants({ start, end, player }, (id) => listZone(db, id));
      const rows = (await listOccurrences(db, 'shows', window, { playerIds: player ? [player] : null }, ownFields)) as { item_type: string; item_id: number; show_name: string | null }[];
      return (await withShowContent(rows, askItemsOver(bus, call, db))) as never;
    }),
    bindOperation(bus, scheduling.showGet, async ({ id }) => {
      const row = await findShow(db, id);
      if (!row) throw notFound('No such show.');
      const exceptions = await exceptionsOfSeries(db, 'shows', id);
      return showOut(row as ShowRow, await playerZone(db, row.player_id), exceptions);
    }),
    bindOperation(bus, scheduling.showCreate, ({ id: _id, ...input }, call) => saveShow(context, input, call)),
    bindOperation(bus, scheduling.showSave, (input, call) => saveShow(context, input, call)),
    bindOperation(bus, scheduling.showPutNew, (input, call) => saveShow(context, input, call)),
    bindOperation(bus, scheduling.showDelete, ({ id }, { principal }) => removeShow(context, id, principal)),
  ]);
}

/** Deletes a show (its exceptions go with it): its owner or manage_timeslots; the event carries its last state. */
async function removeShow({ db, events }: SchedulingContext, id: number, principal: Principal) {
  await db.transaction().execute(async (trx) => {
    const row = await findShow(trx, id);
    if (!row) throw notFound('No such show.');
    if (row.user_id !== principal.userId && !canManageTimeslots(principal, row.player_id)) {
      throw forbidden('Deleting a show of someone else needs manage_timeslots.', { permission: 'manage_timeslots' });
    }
    const last = showOut(row as ShowRow, await playerZone(trx, row.player_id), await exceptionsOfSeries(trx, 'shows', id));
    await deleteShow(trx, id);
    await events.record(trx, 'scheduling.show.deleted', last, principal);
  });
  events.kick();
  return null;
}
