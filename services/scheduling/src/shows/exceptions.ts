// A show's exceptions (skip one occurrence, move it, or air another item in it) and its split
// ("this and following"): its owner or manage_timeslots, as for the series; without
// manage_timeslots, a moved occurrence stays inside the owner's timeslots
// (docs/decisions/scheduling.md, "Exceptions").
import { forbidden, scheduling, type Principal } from '@airwave/contracts';
import { bindOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { ruleOf } from '../schedule/entries';
import type { ShowExceptionRow } from '../schedule/exception-queries';
import { showExceptionOut } from '../schedule/exception-rows';
import { deleteSeriesException, listSeriesExceptions, saveException, type ExceptionArea, type ExceptionRequest } from '../schedule/exception-save';
import { splitSeries, type SplitArea, type SplitRequest } from '../schedule/split';
import { canManageTimeslots } from '../timeslots/rules';
import { identityColumns, type ShowIdentity } from './identity';
import { assertInsideOwnTimeslots } from './placement';
import { showOut, type ItemType, type ShowRow } from './rules';
import { checkItem } from './save';

type WithItem = { item_type?: ItemType | undefined; item_id?: number | undefined };

/** The item a request names, as a show stores it: a live show names nothing (0), as in saves. */
const itemIdOf = (type: ItemType, id: number | undefined) => (type === 'live' ? 0 : (id ?? 0));

/** Whether a request names an item other than the show's own (any live input is the same). */
const airsOther = (series: ShowRow, request: WithItem) =>
  request.item_type !== undefined && (request.item_type !== series.item_type || itemIdOf(request.item_type, request.item_id) !== series.item_id);

function authorize(series: ShowRow, principal: Principal) {
  if (series.user_id !== principal.userId && !canManageTimeslots(principal, series.player_id)) throw forbidden('Only the owner or manage_timeslots may change this show.', { permission: 'manage_timeslots' });
}

const exceptions: ExceptionArea<ShowRow> = {
  table: 'shows',
  noun: 'show',
  authorize,
  authorizeRead: () => undefined,
  async checkPlacement(trx, series, occurrence, zone, principal) {
    if (!canManageTimeslots(principal, series.player_id)) await assertInsideOwnTimeslots(trx, principal, series.player_id, zone, [occurrence]);
  },
  replaces: (series, request: ExceptionRequest & WithItem) => airsOther(series, request),
  // The series' own item named again changes nothing: stored as none, so the occurrence follows the series.
  ownValues: (request: ExceptionRequest & WithItem, series) =>
    airsOther(series, request) ? { item_type: request.item_type!, item_id: itemIdOf(request.item_type!, request.item_id) } : { item_type: null, item_id: null },
  out: (row, series, zone) => showExceptionOut(row as ShowExceptionRow, ruleOf(series, zone)),
};

const split: SplitArea<ShowRow> = {
  table: 'shows',
  noun: 'show',
  authorize,
  ownColumns: (series, request: SplitRequest & WithItem & ShowIdentity) => {
    const changed = airsOther(series, request);
    const item_id = request.item_type === undefined ? series.item_id : itemIdOf(request.item_type, request.item_id);
    const identity = { name: series.name ?? null, description: series.description ?? null, colour: series.colour ?? null, ...identityColumns(request) };
    return { user_id: series.user_id, item_type: request.item_type ?? series.item_type, item_id, flagged: changed ? null : series.flagged, ...identity };
  },
  async checkOccurrences(trx, series, occurrences, zone, principal) {
    if (!canManageTimeslots(principal, series.player_id)) await assertInsideOwnTimeslots(trx, principal, series.player_id, zone, occurrences);
  },
  out: showOut,
};

/** What an exception or a split would air instead must be able to air (asked before any lock). */
async function checkNewItem(context: SchedulingContext, input: WithItem, call: AuthenticatedContext) {
  if (input.item_type !== undefined && input.item_id !== undefined) await checkItem(context, input.item_type, input.item_id, call);
}

export function bindShowExceptions(context: SchedulingContext) {
  const { db, bus } = context;
  const save = async (input: ExceptionRequest & WithItem, call: AuthenticatedContext) => {
    await checkNewItem(context, input, call);
    return saveException(context, exceptions, input, call.principal) as never;
  };
  return Promise.all([
    bindOperation(bus, scheduling.showExceptionList, ({ id }, { principal }) => listSeriesExceptions(db, exceptions, id, principal) as never),
    bindOperation(bus, scheduling.showExceptionCreate, save),
    bindOperation(bus, scheduling.showExceptionSave, save),
    bindOperation(bus, scheduling.showExceptionDelete, (input, { principal }) => deleteSeriesException(context, exceptions, input, principal)),
    bindOperation(bus, scheduling.showSplit, async (input, call) => {
      await checkNewItem(context, input, call);
      return splitSeries(context, split, input, call.principal) as never;
    }),
  ]);
}
