// A timeslot's exceptions (skip or move one occurrence) and its split ("this and following"):
// manage_timeslots for its player, as for the series (docs/decisions/scheduling.md, "Exceptions").
import { forbidden, scheduling, type Principal } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { ruleOf } from '../schedule/entries';
import { exceptionOut } from '../schedule/exception-rows';
import { deleteSeriesException, listSeriesExceptions, saveException, type ExceptionArea } from '../schedule/exception-save';
import { splitSeries, type SplitArea, type SplitRequest } from '../schedule/split';
import { canManageTimeslots, timeslotOut, type TimeslotRow } from './rules';

function authorize(series: TimeslotRow, principal: Principal) {
  if (!canManageTimeslots(principal, series.player_id)) throw forbidden('Permission denied.', { permission: `manage_timeslots:${series.player_id}` });
}

const exceptions: ExceptionArea<TimeslotRow> = {
  table: 'timeslots',
  noun: 'timeslot',
  authorize,
  authorizeRead(series, principal) {
    if (series.user_id !== principal.userId) authorize(series, principal);
  },
  out: (row, series, zone) => exceptionOut(row, ruleOf(series, zone)),
};

const split: SplitArea<TimeslotRow> = {
  table: 'timeslots',
  noun: 'timeslot',
  authorize,
  ownColumns: (series, request: SplitRequest & { user_id?: number | undefined; description?: string | undefined }) => ({
    user_id: request.user_id ?? series.user_id,
    description: request.description ?? series.description,
  }),
  out: timeslotOut,
};

export function bindTimeslotExceptions(context: SchedulingContext) {
  const { db, bus } = context;
  return Promise.all([
    bindOperation(bus, scheduling.timeslotExceptionList, ({ id }, { principal }) => listSeriesExceptions(db, exceptions, id, principal) as never),
    bindOperation(bus, scheduling.timeslotExceptionCreate, (input, { principal }) => saveException(context, exceptions, input, principal) as never),
    bindOperation(bus, scheduling.timeslotExceptionSave, (input, { principal }) => saveException(context, exceptions, input, principal) as never),
    bindOperation(bus, scheduling.timeslotExceptionDelete, (input, { principal }) => deleteSeriesException(context, exceptions, input, principal)),
    bindOperation(bus, scheduling.timeslotSplit, (input, { principal }) => splitSeries(context, split, input, principal) as never),
  ]);
}
