// Saving an exception to one occurrence of a series (create or edit), for timeslots and shows
// alike: the occurrence must exist in the series, have no other exception, and as it will happen
// collide with nothing; deleting one puts the occurrence back only where it collides with nothing
// (docs/decisions/scheduling.md, "Exceptions"). The area says who may, and what else an occurrence
// must satisfy (a show: inside the owner's timeslots without manage_timeslots).
import { conflict, notFound, type Principal, type TimeValue } from '@airwave/contracts';
import type { SchedulingContext } from '../context';
import { playerZone } from '../players/zones';
import type { SchedulingDB } from '../schema';
import { assertNoCollision } from './collisions';
import { ruleOf, type EntryRow } from './entries';
import { asSeriesException, deleteException, exceptionAt, exceptionsOfSeries, findException, insertException, updateException, type ExceptionRow, type ExceptionValues } from './exception-queries';
import { exceptionChange } from './exception-input';
import { isOccurrence } from './exceptions';
import { lockPlayer, seriesByIds, type EntryTable } from './queries';
import type { Occurrence } from './recurrence';

export interface ExceptionRequest {
  id: number;
  exception_id?: number | undefined;
  original_start: TimeValue;
  skip?: boolean | undefined;
  start?: TimeValue | undefined;
  duration?: number | undefined;
}

/** What differs between timeslots and shows. */
export interface ExceptionArea<Row extends EntryRow> {
  table: EntryTable;
  noun: string;
  /** Throws 403 unless the principal may change this series' occurrences. */
  authorize(series: Row, principal: Principal): void;
  /** Throws 403 unless the principal may read this series (as GET /timeslots/{id} or /shows/{id}). */
  authorizeRead(series: Row, principal: Principal): void;
  /** More a moved occurrence must satisfy (inside the owner's timeslots...). */
  checkPlacement?(trx: SchedulingDB, series: Row, occurrence: Occurrence, zone: string, principal: Principal): Promise<void>;
  /** Whether the request changes what the occurrence airs (a show's other item); none by default. */
  replaces?(series: Row, request: ExceptionRequest): boolean;
  /** Columns of the area's own (what a show airs instead). */
  ownValues?(request: ExceptionRequest, series: Row): Partial<ExceptionValues>;
  out(row: ExceptionRow, series: Row, zone: string): unknown;
}

/** The series of an exception request, or 404. */
export async function seriesOf<Row extends EntryRow>(db: SchedulingDB, area: { table: EntryTable; noun: string }, id: number): Promise<Row> {
  const [series] = await seriesByIds(db, area.table, [id]);
  if (!series) throw notFound(`No such ${area.noun}.`);
  return series as unknown as Row;
}

/**
 * The series, with its player's saves locked: read again once the lock is held, since a save that
 * held it may have changed or deleted the series meanwhile (404 then).
 */
export async function lockedSeries<Row extends EntryRow>(trx: SchedulingDB, area: { table: EntryTable; noun: string }, id: number): Promise<Row> {
  const { player_id } = await seriesOf<Row>(trx, area, id);
  await lockPlayer(trx, area.table, player_id);
  return seriesOf<Row>(trx, area, id);
}

/**
 * Exceptions one series may hold: a series travels whole in its events (scheduling.show.saved), so
 * this keeps them far below the bus's message limit (500 exceptions: about 150 kB).
 */
export const MAX_EXCEPTIONS_PER_SERIES = 500;

/** The exception being edited (404), or refuses a second exception for the same occurrence, or one too many (409). */
async function previous(trx: SchedulingDB, area: ExceptionArea<EntryRow>, request: ExceptionRequest, originalStart: number): Promise<ExceptionRow | undefined> {
  const existing = request.exception_id ? await findException(trx, area.table, request.id, request.exception_id) : undefined;
  if (request.exception_id && !existing) throw notFound('No such exception.');
  const other = await exceptionAt(trx, area.table, request.id, originalStart);
  if (other && other.id !== existing?.id) throw conflict(`This occurrence already has exception ${other.id}; edit or delete that one.`, { exception_id: other.id });
  if (!existing && (await exceptionsOfSeries(trx, area.table, request.id)).length >= MAX_EXCEPTIONS_PER_SERIES) {
    throw conflict(`A ${area.noun} holds at most ${MAX_EXCEPTIONS_PER_SERIES} exceptions: split it ("this and following") and change the new series instead.`);
  }
  return existing;
}

/**
 * An occurrence of the series placed alone (moved by an exception, or restored by deleting one)
 * must not collide with any other, its own series' others included: the series is read with its
 * exceptions as they will be, the one being saved or deleted left out and the occurrence's
 * original place freed.
 */
async function checkPlaced(trx: SchedulingDB, area: ExceptionArea<EntryRow>, series: EntryRow, placed: { originalStart: number; occurrence: Occurrence }, without: number | undefined, zone: string) {
  const own = (await exceptionsOfSeries(trx, area.table, series.id)).filter((e) => e.id !== without).map(asSeriesException);
  own.push({ id: 0, originalStart: placed.originalStart, skip: true, start: null, duration: null });
  await assertNoCollision(trx, area.table, series.player_id, zone, [placed.occurrence], { exceptionsOf: (id) => (id === series.id ? own : undefined) });
}

export async function saveException<Row extends EntryRow>({ db, events }: SchedulingContext, area: ExceptionArea<Row>, request: ExceptionRequest, principal: Principal) {
  const saved = await db.transaction().execute(async (trx) => {
    const series = await lockedSeries<Row>(trx, area, request.id);
    const zone = await playerZone(trx, series.player_id);
    const change = exceptionChange(request, ruleOf(series, zone), area.noun, area.replaces?.(series, request));
    area.authorize(series, principal);
    const edited = await previous(trx, area as never, request, change.originalStart);
    if (change.moved) {
      await checkPlaced(trx, area as never, series, { originalStart: change.originalStart, occurrence: change.moved }, edited?.id, zone);
      await area.checkPlacement?.(trx, series, change.moved, zone, principal);
    }
    const values: ExceptionValues = { ...change.values, series_id: series.id, user_id: principal.userId, ...area.ownValues?.(request, series) };
    const row = edited ? await updateException(trx, area.table, edited.id, values) : await insertException(trx, area.table, values);
    const out = area.out(row, series, zone);
    await events.record(trx, `scheduling.${area.noun}.exception.saved`, { ...(out as object), player_id: series.player_id }, principal);
    return out;
  });
  events.kick();
  return saved;
}

/**
 * What deleting an exception puts back: the occurrence at its original start, when the exception
 * had taken it from there (skipped or moved) and the series still has it. That occurrence must
 * collide with nothing and, for a show without manage_timeslots, lie inside the owner's timeslots,
 * as a move there would.
 */
async function checkRestored<Row extends EntryRow>(trx: SchedulingDB, area: ExceptionArea<Row>, series: Row, existing: ExceptionRow, principal: Principal) {
  if (!existing.skip && existing.start === null) return;
  const zone = await playerZone(trx, series.player_id);
  const rule = ruleOf(series, zone);
  const originalStart = existing.original_start.getTime();
  if (!isOccurrence(rule, originalStart)) return;
  const occurrence = { start: originalStart, end: originalStart + rule.duration * 1000 };
  await checkPlaced(trx, area as never, series, { originalStart, occurrence }, existing.id, zone);
  await area.checkPlacement?.(trx, series, occurrence, zone, principal);
}

/** Deleting an exception: the occurrence happens as the series says (409 when that collides). */
export async function deleteSeriesException<Row extends EntryRow>({ db, events }: SchedulingContext, area: ExceptionArea<Row>, request: { id: number; exception_id: number }, principal: Principal) {
  await db.transaction().execute(async (trx) => {
    const series = await lockedSeries<Row>(trx, area, request.id);
    area.authorize(series, principal);
    const existing = await findException(trx, area.table, series.id, request.exception_id);
    if (!existing) throw notFound('No such exception.');
    await checkRestored(trx, area, series, existing, principal);
    await deleteException(trx, area.table, existing.id);
    const payload = { id: existing.id, series_id: series.id, player_id: series.player_id, original_start: existing.original_start.toISOString() };
    await events.record(trx, `scheduling.${area.noun}.exception.deleted`, payload, principal);
  });
  events.kick();
  return null;
}

/** A series' exceptions, each saying whether it still matches an occurrence. */
export async function listSeriesExceptions<Row extends EntryRow>(db: SchedulingDB, area: ExceptionArea<Row>, id: number, principal: Principal) {
  const series = await seriesOf<Row>(db, area, id);
  area.authorizeRead(series, principal);
  const zone = await playerZone(db, series.player_id);
  return (await exceptionsOfSeries(db, area.table, id)).map((row) => area.out(row, series, zone));
}
