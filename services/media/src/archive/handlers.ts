// POST /media/archive and /media/archive/undo, DELETE /media/archive: items in and out of the
// archive, and deleted for good (with their files).
import type { Subscription } from '@airwave/bus';
import { media, type Principal } from '@airwave/contracts';
import { bindOperation, type LogTrace } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { itemsAsAnswered, recordItemsEvent } from '../shared/item-events';
import { versionFilesOf } from '../versions/queries';
import { deleteItems, lockForDelete, lockItemIds, setArchivedFlag } from './queries';
import { assertAllFound, assertDeletable } from './rules';

export function bindArchive(ctx: MediaContext): Promise<Subscription[]> {
  return Promise.all([
    bindOperation(ctx.bus, media.archive, async ({ id }, { principal }) => {
      await setArchived(ctx, id, true, principal);
      return null;
    }),
    bindOperation(ctx.bus, media.unarchive, async ({ id }, { principal }) => {
      await setArchived(ctx, id, false, principal);
      return null;
    }),
    bindOperation(ctx.bus, media.delete, async ({ id: ids }, { principal, trace }) => {
      await deleteForGood(ctx, ids, principal, trace);
      return null;
    }),
  ]);
}

async function setArchived({ db, events }: MediaContext, ids: number[], archived: boolean, principal: Principal) {
  await db.transaction().execute(async (trx) => {
    assertAllFound(ids, await lockItemIds(trx, ids));
    await setArchivedFlag(trx, ids, archived);
    await recordItemsEvent(trx, events, archived ? 'media.item.archived' : 'media.item.unarchived', await itemsAsAnswered(trx, ids), principal);
  });
  events.kick();
}

async function deleteForGood({ db, events, storage, logger }: MediaContext, ids: number[], principal: Principal, trace: LogTrace) {
  const files = await db.transaction().execute(async (trx) => {
    const rows = await lockForDelete(trx, ids);
    assertAllFound(ids, rows);
    assertDeletable(rows);
    // Every version's file goes, not only the active one's: the version rows go with the items.
    const versionFiles = await versionFilesOf(trx, ids);
    // The event carries each item's last state: read before the rows go.
    const last = await itemsAsAnswered(trx, ids);
    await deleteItems(trx, ids);
    await recordItemsEvent(trx, events, 'media.item.deleted', last, principal);
    return [...new Set([...rows.map((r) => r.file_id), ...versionFiles])];
  });
  events.kick();
  // Files go after the commit: a failed transaction never loses a file.
  for (const file of files) await storage.delete(file).catch((error: unknown) => logger.warn({ ...trace, err: error, file }, 'Could not remove a media file'));
}
