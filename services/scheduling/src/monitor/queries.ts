// The as-run log (asrun), searched as OpenBroadcaster's player monitor searches its playlog.
import type { MonitorSearch } from '@airwave/contracts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { z } from 'zod';
import type { SchedulingDB, SchedulingSchema } from '../schema';
import { AS_RUN_COLUMNS, type AsRunRow } from './rules';

type Filter = NonNullable<z.output<typeof MonitorSearch>['filters']>[number];

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One filter as SQL, compared as OB's MySQL compares (its collation ignores case): `is`/`not` equal
 * or not, `like`/`not_like` contain or not (the value taken literally, no wildcards of its own).
 */
function filterExpression(eb: ExpressionBuilder<SchedulingSchema, 'asrun'>, { column, operator, value }: Filter) {
  // A play with no show (OB Player's) has the empty name: `not` and `not_like` keep it.
  const text = column === 'media_id' ? sql<string>`media_id::text` : sql<string>`lower(coalesce(${sql.ref(column)}, ''))`;
  const wanted = column === 'media_id' ? String(value) : String(value).toLowerCase();
  if (operator === 'like' || operator === 'not_like') {
    const like = sql<boolean>`${text} like ${likePattern(wanted)}`;
    return operator === 'like' ? like : eb.not(like);
  }
  return sql<boolean>`${text} ${sql.raw(operator === 'is' ? '=' : '<>')} ${wanted}`;
}

const ORDER_COLUMNS = { timestamp: 'played_at', datetime: 'played_at', media_id: 'media_id', artist: 'artist', title: 'title', context: 'context', show_name: 'show_name' } as const;

/** The rows of one page and how many the search matches in all. */
export async function searchAsRun(db: SchedulingDB, search: z.output<typeof MonitorSearch>, from: number, to: number): Promise<{ rows: AsRunRow[]; total: number }> {
  const matching = db
    .selectFrom('asrun')
    .where('player_id', '=', search.player_id)
    .where('played_at', '>=', String(from / 1000))
    .where('played_at', '<', String(to / 1000))
    .where((eb) => eb.and((search.filters ?? []).map((filter) => filterExpression(eb, filter))));
  // OB: newest first unless an order is asked for.
  const column = ORDER_COLUMNS[search.orderby ?? 'timestamp'];
  const direction = (search.orderby === undefined ? true : search.orderdesc) ? 'desc' : 'asc';
  const rows = await matching
    .select(AS_RUN_COLUMNS)
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(search.limit)
    .offset(search.offset)
    .execute();
  const { n } = await matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}
