// The exception tables of timeslots and shows: one table each, the same columns (shows add what
// airs instead). Rows as stored, and as the schedule reads them (SeriesException, in ms).
import type { Selectable } from 'kysely';
import type { SchedulingDB, SchedulingSchema } from '../schema';
import type { SeriesException } from './exceptions';
import type { EntryTable } from './queries';

export const exceptionTable = { timeslots: 'timeslot_exceptions', shows: 'show_exceptions' } as const;

export type ShowExceptionRow = Selectable<SchedulingSchema['show_exceptions']>;
export type ExceptionRow = ShowExceptionRow | Selectable<SchedulingSchema['timeslot_exceptions']>;

/** An exception row as the schedule reads it. */
export const asSeriesException = (row: ExceptionRow): SeriesException => ({
  id: row.id,
  originalStart: row.original_start.getTime(),
  skip: row.skip,
  start: row.start ? row.start.getTime() : null,
  duration: row.duration,
});

/** One series' exceptions, ordered by original start. */
export const exceptionsOfSeries = async (db: SchedulingDB, table: EntryTable, seriesId: number): Promise<ExceptionRow[]> =>
  (await exceptionsOf(db, table, [seriesId])).get(seriesId) ?? [];

/** Every exception of these series, by series id, ordered by original start. */
export async function exceptionsOf(db: SchedulingDB, table: EntryTable, seriesIds: readonly number[]): Promise<Map<number, ExceptionRow[]>> {
  const bySeries = new Map<number, ExceptionRow[]>();
  if (seriesIds.length === 0) return bySeries;
  const rows = (await db
    .selectFrom(exceptionTable[table])
    .selectAll()
    .where('series_id', 'in', [...new Set(seriesIds)])
    .orderBy('original_start')
    .execute()) as ExceptionRow[];
  for (const row of rows) {
    const list = bySeries.get(row.series_id) ?? [];
    list.push(row);
    bySeries.set(row.series_id, list);
  }
  return bySeries;
}

export const findException = (db: SchedulingDB, table: EntryTable, seriesId: number, id: number) =>
  db.selectFrom(exceptionTable[table] as 'show_exceptions').selectAll().where('series_id', '=', seriesId).where('id', '=', id).executeTakeFirst() as Promise<ExceptionRow | undefined>;

export const exceptionAt = (db: SchedulingDB, table: EntryTable, seriesId: number, originalStart: number) =>
  db
    .selectFrom(exceptionTable[table] as 'show_exceptions')
    .select('id')
    .where('series_id', '=', seriesId)
    .where('original_start', '=', new Date(originalStart))
    .executeTakeFirst();

export type ExceptionValues = { series_id: number; user_id: number; original_start: Date; skip: boolean; start: Date | null; duration: number | null; item_type?: string | null; item_id?: number | null };

export const insertException = (trx: SchedulingDB, table: EntryTable, values: ExceptionValues) =>
  trx.insertInto(exceptionTable[table] as 'show_exceptions').values(values).returningAll().executeTakeFirstOrThrow() as Promise<ExceptionRow>;

export const updateException = (trx: SchedulingDB, table: EntryTable, id: number, values: ExceptionValues) =>
  trx.updateTable(exceptionTable[table] as 'show_exceptions').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow() as Promise<ExceptionRow>;

export const deleteException = (trx: SchedulingDB, table: EntryTable, id: number) => trx.deleteFrom(exceptionTable[table] as 'show_exceptions').where('id', '=', id).execute();

/** "This and following": the exceptions from `at` on follow the new series. */
export const moveExceptionsFrom = (trx: SchedulingDB, table: EntryTable, fromSeries: number, toSeries: number, at: number) =>
  trx
    .updateTable(exceptionTable[table] as 'show_exceptions')
    .set({ series_id: toSeries })
    .where('series_id', '=', fromSeries)
    .where('original_start', '>=', new Date(at))
    .execute();
