// The items as their events carry them: each as GET /media/:id answers it (without can_edit), read
// inside the change's transaction, so an event says what the item was when the change committed.
import type { MediaDB } from '../schema';
import { itemState } from './item-row';

/** The items (those that exist), in id order, as they are now in this transaction. */
export async function itemsAsAnswered(trx: MediaDB, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('items').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map(itemState);
}

/** One item as it is now in this transaction; throws when there is no such item. */
export async function itemAsAnswered(trx: MediaDB, id: number) {
  return itemState(await trx.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}
