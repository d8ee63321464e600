// An item's versions: the files it has had (GET /media/:id/versions), a new one from an upload,
// their notes, deleting one, and making one the item's file.
import type { Subscription } from '@airwave/bus';
import { badRequest, conflict, forbidden, mediaVersions, notFound, type Principal } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { claimUpload, lockUpload } from '../files/queries';
import { itemType, lockItem, setItemFile } from '../items/queries';
import { itemAsAnswered } from '../shared/item-events';
import { itemOut } from '../shared/item-row';
import { loadVisible } from '../shared/visibility';
import { deleteVersion, insertVersion, lastCreated, listVersions, lockVersion, markActive, setVersionNotes } from './queries';
import { mayManageVersions, nextCreated, claimableUpload, versionOfUpload, versionOut } from './rules';

export function bindVersions(ctx: MediaContext): Promise<Subscription[]> {
  const { db, bus } = ctx;
  return Promise.all([
    bindOperation(bus, mediaVersions.list, async ({ id }, { principal }) => {
      const row = await loadVisible(db, id, principal);
      const versions = await listVersions(db, id);
      return { versions: versions.map(versionOut), media: itemOut(row, principal) };
    }),
    bindOperation(bus, mediaVersions.add, async (input, { principal }) => {
      await assertVersionRights(ctx, input.media_id, principal);
      return versionOut(await addVersion(ctx, input));
    }),
    bindOperation(bus, mediaVersions.edit, async ({ media_id, created, notes }, { principal }) => {
      await assertVersionRights(ctx, media_id, principal);
      const version = await setVersionNotes(db, media_id, created, notes);
      if (!version) throw notFound(`No version ${created} of media item ${media_id}.`);
      return versionOut(version);
    }),
    bindOperation(bus, mediaVersions.remove, async ({ media_id, created }, { principal }) => {
      await assertVersionRights(ctx, media_id, principal);
      await removeVersion(ctx, media_id, created);
      return null;
    }),
    bindOperation(bus, mediaVersions.activate, async ({ media_id, created }, { principal }) => {
      await assertVersionRights(ctx, media_id, principal);
      const active = versionOut(await activateVersion(ctx, media_id, created, principal));
      ctx.analysis.kick(); // the item airs another file now
      return active;
    }),
  ]);
}

/** 404 for an item you may not see, 403 when you may not manage its versions. */
async function assertVersionRights({ db }: MediaContext, mediaId: number, principal: Principal) {
  const row = await loadVisible(db, mediaId, principal);
  if (!mayManageVersions(principal, row)) throw forbidden(`You may not manage the versions of media item ${mediaId}.`);
}

async function addVersion({ db }: MediaContext, { media_id, file_id, file_key, notes }: { media_id: number; file_id: string; file_key: string; notes: string }) {
  return db.transaction().execute(async (trx) => {
    const upload = claimableUpload(await lockUpload(trx, file_id), file_key);
    const type = await itemType(trx, media_id);
    if (upload.type !== type) throw badRequest(`A version must be ${type} like the item, not ${upload.type}.`);
    const last = await lastCreated(trx, media_id);
    const created = nextCreated(Date.now(), last);
    await claimUpload(trx, file_id);
    return insertVersion(trx, versionOfUpload(upload, { media_id, created, notes, active: false }));
  });
}

async function removeVersion({ db, storage }: MediaContext, mediaId: number, created: number) {
  const file = await db.transaction().execute(async (trx) => {
    const version = await lockVersion(trx, mediaId, created);
    if (!version) throw notFound(`No version ${created} of media item ${mediaId}.`);
    if (version.active) throw conflict('The active version cannot be deleted; activate another version first.');
    await deleteVersion(trx, mediaId, created);
    return version.file_id;
  });
  await storage.delete(file).catch(() => undefined);
}

async function activateVersion({ db, events }: MediaContext, mediaId: number, created: number, principal: Principal) {
  const version = await db.transaction().execute(async (trx) => {
    // The item first, as save, archive and delete lock it, so that they queue instead of deadlocking.
    if (!(await lockItem(trx, mediaId))) throw notFound(`No media item ${mediaId}.`);
    const chosen = await lockVersion(trx, mediaId, created);
    if (!chosen) throw notFound(`No version ${created} of media item ${mediaId}.`);
    await markActive(trx, mediaId, created);
    await setItemFile(trx, mediaId, chosen);
    await events.record(trx, 'media.item.saved', { id: mediaId, created: false, item: await itemAsAnswered(trx, mediaId) }, principal);
    return { ...chosen, active: true };
  });
  events.kick();
  return version;
}
