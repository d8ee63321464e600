// A search page's items as JSON text written by PostgreSQL: only the columns the reply needs, dates
// already in the ISO form itemOut gives them, can_edit computed in the query, and the text handed
// to the bus reply as it is (JsonText of @airwave/bus), so that no row is parsed into objects and written out
// again in the service. The fields and their values are itemOut's (shared/item-row.ts); a test
// compares the two.
import type { Principal } from '@airwave/contracts';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { MediaDB } from '../schema';

/** An ISO 8601 instant in UTC with milliseconds, as Date.prototype.toISOString writes it. */
const iso = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** canEdit of shared/visibility.ts as SQL, for one principal. */
function canEditSql(principal: Principal): RawBuilder<boolean> {
  if (principal.permissions.includes('manage_media')) return sql<boolean>`true`;
  const own = principal.permissions.includes('create_own_media') ? sql`i.owner_id = ${principal.userId}` : sql`false`;
  return sql<boolean>`(${own} or ${principal.userId} = any(i.permitted_users) or i.permitted_groups && ${sql.val(principal.groupIds)}::int[])`;
}

const columns = [
  'id',
  'owner_id',
  'title',
  'artist',
  'album',
  'isrc',
  'label',
  'year',
  'category',
  'genre',
  'country',
  'language',
  'comments',
  'is_copyright_owner',
  'status',
  'is_approved',
  'is_archived',
  'dynamic_select',
  'permitted_users',
  'permitted_groups',
  'type',
  'format',
  'duration',
  'size',
] as const;

function itemObject(principal: Principal) {
  const fields = [
    ...columns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`i.${c}`)}`),
    sql`'created', ${iso('i.created')}`,
    sql`'updated', ${iso('i.updated')}`,
    sql`'version', i.version`,
    sql`'can_edit', ${canEditSql(principal)}`,
  ];
  return sql`json_build_object(${sql.join(fields)})`;
}

/**
 * The query of the items of `ids` (an int[] expression; those that exist), in that order, as the
 * JSON text of a list of MediaItem (null for none): run alone (pageJson) or as a subquery of a
 * search's own statement (run-search.ts), saving a round trip.
 */
export function pageJsonQuery(db: MediaDB, ids: Expression<number[]>, principal: Principal) {
  return db
    .selectFrom('items as i')
    .select(sql<string | null>`json_agg(${itemObject(principal)} order by array_position(${ids}, i.id))::text`.as('page'))
    .where(sql<SqlBool>`i.id = any(${ids})`);
}

/** The items of `ids` (those that exist), in that order, as the JSON text of a list of MediaItem. */
export async function pageJson(db: MediaDB, ids: number[], principal: Principal): Promise<string> {
  if (ids.length === 0) return '[]';
  const row = await pageJsonQuery(db, sql<number[]>`${sql.val(ids)}::int[]`, principal).executeTakeFirst();
  return row?.page ?? '[]';
}
