// An item's properties column.
import type { MediaDB } from '../schema';
import { nextVersion } from '../shared/item-row';

export async function setProperties(db: MediaDB, id: number, json: string): Promise<void> {
  await db.updateTable('items').set({ properties: json, updated: new Date(), version: nextVersion }).where('id', '=', id).execute();
}
