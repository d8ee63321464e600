// Queries timeslots and shows share, on either table: a player's save lock, and the series a window
// reaches (for listings and collisions), by their own span or by an occurrence moved into it.
import { sql } from 'kysely';
import { SCHEDULING_SCHEMA, type SchedulingDB } from '../schema';
import type { EntryRow } from './entries';
import { exceptionTable, type ExceptionRow } from './exception-queries';

export type EntryTable = 'timeslots' | 'shows';

/** Saves serialize per player and table: two saves that would collide cannot both win. */
export const lockPlayer = (trx: SchedulingDB, table: EntryTable, playerId: number) => sql`select pg_advisory_xact_lock(hashtext(${`airwave-${table}-${playerId}`}))`.execute(trx);

/** Entries with an occurrence of their own span in [from, to), by id, of the players (all when null) and user asked for. */
export async function entriesInWindow(db: SchedulingDB, table: EntryTable, from: number, to: number, playerIds: number[] | null, userId?: number) {
  let query = db
    .selectFrom(table)
    .selectAll()
    .where('start', '<', new Date(to))
    .where(sql<boolean>`coalesce(stop, start) + make_interval(secs => duration) > ${new Date(from)}`);
  if (playerIds) query = query.where('player_id', 'in', playerIds.length ? playerIds : [0]);
  if (userId) query = query.where('user_id', '=', userId);
  return (await query.orderBy('id').execute()) as (EntryRow & Record<string, unknown>)[];
}

export const seriesByIds = async (db: SchedulingDB, table: EntryTable, ids: number[]) =>
  ids.length ? ((await db.selectFrom(table).selectAll().where('id', 'in', ids).execute()) as (EntryRow & Record<string, unknown>)[]) : [];

/** A series with its exceptions, as one query reads them. */
export type SeriesRow = EntryRow & Record<string, unknown> & { exceptions: ExceptionRow[] };

/** An exception as json_agg wrote it (times as text). */
const exceptionFromJson = (e: Record<string, unknown>): ExceptionRow =>
  ({
    ...e,
    original_start: new Date(e.original_start as string),
    start: e.start === null ? null : new Date(e.start as string),
    created: new Date(e.created as string),
  }) as ExceptionRow;

/**
 * Series with an occurrence in [from, to), each with the exceptions that matter there, by id: by the
 * series' own span, or moved there by an exception. One query (listings and collision checks run it
 * on every call).
 */
export async function seriesReaching(db: SchedulingDB, table: EntryTable, from: number, to: number, playerIds: number[] | null, userId?: number): Promise<SeriesRow[]> {
  // Raw SQL names the service's schema itself (withSchema does not qualify it).
  const exceptions = sql.table(`${SCHEDULING_SCHEMA}.${exceptionTable[table]}`);
  const series = sql.table(`${SCHEDULING_SCHEMA}.${table}`);
  const [since, until] = [new Date(from), new Date(to)];
  let query = db
    .selectFrom(table)
    .selectAll()
    // Only the exceptions that matter in the window: of an occurrence that starts in it (or runs
    // into it), or moved into it.
    .select(
      sql<Record<string, unknown>[]>`(select coalesce(json_agg(e order by e.original_start), '[]'::json) from ${exceptions} e where e.series_id = ${series}.id
        and ((e.original_start < ${until} and e.original_start + make_interval(secs => ${series}.duration) > ${since})
          or (e.start < ${until} and e.start + make_interval(secs => e.duration) > ${since})))`.as('exceptions'),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('start', '<', until), sql<boolean>`coalesce(stop, start) + make_interval(secs => duration) > ${since}`]),
        sql<boolean>`id in (select series_id from ${exceptions} m where m.start < ${until} and m.start + make_interval(secs => m.duration) > ${since})`,
      ]),
    );
  if (playerIds) query = query.where('player_id', 'in', playerIds.length ? playerIds : [0]);
  if (userId) query = query.where('user_id', '=', userId);
  const rows = (await query.orderBy('id').execute()) as (EntryRow & Record<string, unknown> & { exceptions: Record<string, unknown>[] })[];
  return rows.map((row) => ({ ...row, exceptions: row.exceptions.map(exceptionFromJson) }));
}
