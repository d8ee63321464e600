// The items table as saving and versions write it (visibility reads are shared/visibility.ts).
import type { ItemRow, MediaDB, VersionRow } from '../schema';
import { nextVersion } from '../shared/item-row';

/** Locks the existing items of a batch at once, in id order (see saveItems); by id. */
export async function lockItems(trx: MediaDB, ids: number[]): Promise<Map<number, ItemRow>> {
  const rows = ids.length ? await trx.selectFrom('items').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute() : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Locks one item (whether it exists). */
export async function lockItem(trx: MediaDB, id: number): Promise<boolean> {
  return (await trx.selectFrom('items').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
}

/** The item's type (audio, video, …); throws when there is no such item. */
export async function itemType(trx: MediaDB, id: number): Promise<string> {
  return (await trx.selectFrom('items').select('type').where('id', '=', id).executeTakeFirstOrThrow()).type;
}

/** Inserts a new item's row (rules.ts newItemRow); answers the row as stored. */
export async function insertItem(trx: MediaDB, row: Record<string, unknown>): Promise<ItemRow> {
  return trx.insertInto('items').values(row as never).returningAll().executeTakeFirstOrThrow();
}

/** Writes an edited item's changes (rules.ts editedItemChanges), bumping its version; answers the row as stored. */
export async function updateItem(trx: MediaDB, id: number, changes: Record<string, unknown>): Promise<ItemRow> {
  return trx
    .updateTable('items')
    .set({ ...changes, updated: new Date(), version: nextVersion } as never)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Makes a version's file the item's file. */
export async function setItemFile(trx: MediaDB, id: number, version: VersionRow): Promise<void> {
  await trx
    .updateTable('items')
    .set({ file_id: version.file_id, format: version.format, duration: version.duration, duration_source: version.duration_source, size: Number(version.size), updated: new Date(), version: nextVersion })
    .where('id', '=', id)
    .execute();
}
