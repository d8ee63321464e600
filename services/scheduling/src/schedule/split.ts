// "This and following": a series split at one of its occurrences. The series stops just before
// it; a new series, the old one's fields with the request's changes (by default at the series'
// local time), carries on from there, and the exceptions from that occurrence on follow it; it is
// checked like a save (docs/decisions/scheduling.md, "Exceptions").
import type { Principal, TimeValue } from '@airwave/contracts';
import type { SchedulingContext } from '../context';
import { playerZone } from '../players/zones';
import type { SchedulingDB } from '../schema';
import { assertNoCollision } from './collisions';
import { ruleOf, validateEntry, type EntryRow } from './entries';
import { scheduleColumns } from './entry-rows';
import { exceptionsOfSeries, moveExceptionsFrom, type ExceptionRow } from './exception-queries';
import { lockedSeries, type ExceptionArea } from './exception-save';
import { isOccurrence, type EffectiveOccurrence } from './exceptions';
import { plannedOccurrences } from './planned';
import { nominalWall, wallReadings, type Mode } from './recurrence';
import { fieldError, localStartOf, resolveTime, wallText } from './times';

export interface SplitRequest {
  id: number;
  at: TimeValue;
  mode?: Mode | undefined;
  x_data?: number | null | undefined;
  start?: TimeValue | undefined;
  duration?: number | undefined;
  stop?: TimeValue | null | undefined;
}

export interface SplitArea<Row extends EntryRow> extends Pick<ExceptionArea<Row>, 'table' | 'noun' | 'authorize'> {
  /** The new series' own columns: the old one's, with the request's changes. */
  ownColumns(series: Row, request: SplitRequest): Record<string, unknown>;
  /** More the new series' occurrences must satisfy (a show: inside the owner's timeslots). */
  checkOccurrences?(trx: SchedulingDB, series: Row, occurrences: EffectiveOccurrence[], zone: string, principal: Principal): Promise<void>;
  /** The series as the API answers it (the reply, and the saved event's payload). */
  out(row: Row, zone: string, exceptions: ExceptionRow[]): unknown;
}

/**
 * Where the new series starts: `start` when sent; by default at `at`, keeping the series' local time
 * there, also when the spring gap shifted that occurrence (01:30 every night, split at the 02:30 BST
 * of the gap day: the new series is 01:30 on the other nights, as the old one was).
 */
function nextStart(series: EntryRow, request: SplitRequest, at: number, zone: string) {
  if (request.start !== undefined) {
    const start = resolveTime(request.start, zone);
    return { start, local_start: localStartOf(request.start, start, zone) };
  }
  const wall = nominalWall(ruleOf(series, zone), at);
  return { start: at, local_start: wallReadings(wall, zone) === 0 ? wallText(wall) : null };
}

/** The new series' schedule: the old one's, with what the request changes. */
function nextSchedule(series: EntryRow, request: SplitRequest, at: number, zone: string) {
  const mode = request.mode ?? (series.mode as Mode);
  const xData = request.x_data !== undefined ? request.x_data : request.mode ? null : series.x_data;
  const stop = request.stop !== undefined ? (request.stop === null ? null : resolveTime(request.stop, zone)) : mode === 'once' ? null : (series.stop?.getTime() ?? null);
  const input = { mode, x_data: xData, ...nextStart(series, request, at, zone), duration: request.duration ?? series.duration, stop };
  return { input, normalized: validateEntry(input) };
}

/** The occurrence to split at, as an instant: an occurrence of the series, and not its first. */
function splitPoint(series: EntryRow, request: SplitRequest, zone: string, noun: string): number {
  const rule = ruleOf(series, zone);
  const at = resolveTime(request.at, zone);
  if (!isOccurrence(rule, at)) throw fieldError('at', `is not the start of an occurrence of this ${noun}`);
  if (at === rule.start) throw fieldError('at', `is the first occurrence: to change every occurrence, edit the ${noun} (PUT)`);
  return at;
}

export async function splitSeries<Row extends EntryRow>({ db, events }: SchedulingContext, area: SplitArea<Row>, request: SplitRequest, principal: Principal) {
  const result = await db.transaction().execute(async (trx) => {
    const series = await lockedSeries<Row>(trx, area, request.id);
    const zone = await playerZone(trx, series.player_id);
    const at = splitPoint(series, request, zone, area.noun);
    const { input, normalized } = nextSchedule(series, request, at, zone);
    area.authorize(series, principal);
    const before = (await trx.updateTable(area.table).set({ stop: new Date(at - 1000) }).where('id', '=', series.id).returningAll().executeTakeFirstOrThrow()) as unknown as Row;
    const values = { ...scheduleColumns({ ...input, player_id: series.player_id }, normalized), ...area.ownColumns(series, request) };
    const after = (await trx.insertInto(area.table).values(values as never).returningAll().executeTakeFirstOrThrow()) as unknown as Row;
    await moveExceptionsFrom(trx, area.table, series.id, after.id, at);
    const planned = await plannedOccurrences(trx, area.table, after.id, ruleOf(after, zone));
    await area.checkOccurrences?.(trx, after, planned.occurrences, zone, principal);
    await assertNoCollision(trx, area.table, series.player_id, zone, planned.occurrences, { exclude: after.id });
    const kept = await exceptionsOfSeries(trx, area.table, before.id);
    const both = { before: area.out(before, zone, kept), after: area.out(after, zone, planned.exceptions) };
    for (const series of [both.before, both.after]) await events.record(trx, `scheduling.${area.noun}.saved`, series, principal);
    return both;
  });
  events.kick();
  return result;
}
