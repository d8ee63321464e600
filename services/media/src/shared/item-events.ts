// The items as their events carry them: each as GET /media/:id answers it (without can_edit), read
// inside the change's transaction, so an event says what the item was when the change committed.
// A change to many items is published as several events of at most ITEMS_PER_EVENT items, so that
// an event stays well under NATS's message limit (1 MB by default) even when every item's text
// fields are full (about 35 kB an item at worst).
import type { Principal } from '@airwave/contracts';
import type { ServiceEvents } from '@airwave/service-kit';
import type { MediaDB } from '../schema';
import { itemState } from './item-row';

export const ITEMS_PER_EVENT = 25;

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

/** Records a bulk change's event: `{ ids, items }`, in as many events as it takes, ITEMS_PER_EVENT items each. */
export async function recordItemsEvent(
  trx: MediaDB,
  events: ServiceEvents,
  type: 'media.item.archived' | 'media.item.unarchived' | 'media.item.deleted',
  items: Awaited<ReturnType<typeof itemsAsAnswered>>,
  principal: Principal,
): Promise<void> {
  for (let start = 0; start < items.length; start += ITEMS_PER_EVENT) {
    const chunk = items.slice(start, start + ITEMS_PER_EVENT);
    await events.record(trx, type, { ids: chunk.map((item) => item.id), items: chunk }, principal);
  }
}
