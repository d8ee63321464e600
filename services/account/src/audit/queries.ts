import type { Insertable } from 'kysely';
import type { AccountDB, AuditTable } from '../schema';
import { entryOf, subTypesPattern } from './rules';

/** Stores an entry once: an event delivered again (at-least-once) finds its id taken. */
export async function insertEntry(db: AccountDB, row: Insertable<AuditTable>): Promise<void> {
  await db
    .insertInto('audit')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface AuditSearch {
  userId?: number | undefined;
  type?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
  limit: number;
  offset: number;
}

/** One page of entries, newest first, and how many match. */
export async function searchEntries(db: AccountDB, search: AuditSearch) {
  let query = db.selectFrom('audit');
  if (search.userId !== undefined) query = query.where('user_id', '=', search.userId);
  if (search.type) {
    const type = search.type;
    query = query.where((eb) => eb.or([eb('type', '=', type), eb('type', 'like', subTypesPattern(type))]));
  }
  if (search.since) query = query.where('occurred_at', '>=', search.since);
  if (search.until) query = query.where('occurred_at', '<', search.until);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['id', 'type', 'occurred_at', 'user_id', 'username', 'actor_id', 'actor_username', 'address', 'request_id', 'details'])
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(search.limit)
    .offset(search.offset)
    .execute();
  return { total: Number(total), entries: rows.map(entryOf) };
}

/** Drops entries older than the cutoff; how many went. */
export async function pruneEntries(db: AccountDB, before: Date): Promise<number> {
  const result = await db.deleteFrom('audit').where('occurred_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
