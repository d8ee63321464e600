// Who may see an item and who may edit it, and the one item read that applies the first rule.
import { notFound, type Principal } from '@airwave/contracts';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ItemRow, MediaDB, MediaSchema } from '../schema';

/** Items the user may see: public/visible ones, and private ones they own or are permitted. */
export function visibleTo(eb: ExpressionBuilder<MediaSchema, 'items'>, principal: Principal): Expression<SqlBool> {
  if (principal.permissions.includes('manage_media')) return sql<SqlBool>`true`;
  return eb.or([
    eb('status', '<>', 'private'),
    eb('owner_id', '=', principal.userId),
    sql<SqlBool>`${principal.userId} = any(permitted_users)`,
    sql<SqlBool>`permitted_groups && ${sql.val(principal.groupIds)}::int[]`,
  ]);
}

/** The edit-right rule of the interface. */
export function canEdit(principal: Principal, item: { owner_id: number; permitted_users: number[]; permitted_groups: number[] }): boolean {
  return (
    principal.permissions.includes('manage_media') ||
    (item.owner_id === principal.userId && principal.permissions.includes('create_own_media')) ||
    item.permitted_users.includes(principal.userId) ||
    item.permitted_groups.some((g) => principal.groupIds.includes(g))
  );
}

/** The item, if the user may see it; 404 otherwise (an item you may not see does not exist for you). */
export async function loadVisible(db: MediaDB, id: number, principal: Principal): Promise<ItemRow> {
  const row = await db.selectFrom('items').selectAll().where('id', '=', id).where((eb) => visibleTo(eb, principal)).executeTakeFirst();
  if (!row) throw notFound(`No media item ${id}.`);
  return row;
}
