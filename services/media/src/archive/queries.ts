// The items of an archive or delete request, locked in id order like every batch (see saveItems),
// and their change.
import type { MediaDB } from '../schema';
import { nextVersion } from '../shared/item-row';

export function lockItemIds(trx: MediaDB, ids: number[]): Promise<{ id: number }[]> {
  return trx.selectFrom('items').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

export async function setArchivedFlag(trx: MediaDB, ids: number[], archived: boolean): Promise<void> {
  await trx.updateTable('items').set({ is_archived: archived, updated: new Date(), version: nextVersion }).where('id', 'in', ids).execute();
}

export function lockForDelete(trx: MediaDB, ids: number[]) {
  return trx.selectFrom('items').select(['id', 'is_archived', 'is_approved', 'file_id']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** Deletes the items; their version rows go with them (the foreign key cascades). */
export async function deleteItems(trx: MediaDB, ids: number[]): Promise<void> {
  await trx.deleteFrom('items').where('id', 'in', ids).execute();
}
