// PUT /media: validate every item first, then write all of them in one transaction or none.
import type { MediaItemInput, Principal } from '@airwave/contracts';
import type { ServiceEvents } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { claimUpload, lockUpload } from '../files/queries';
import type { ItemRow, MediaDB, UploadRow } from '../schema';
import { itemState } from '../shared/item-row';
import { insertVersion } from '../versions/queries';
import { versionOfUpload } from '../versions/rules';
import { insertItem, lockItems, updateItem } from './queries';
import {
  advancedFieldsProblem,
  assertMaySave,
  batchRefusal,
  editedItemChanges,
  editIdsOf,
  editProblem,
  newItemProblem,
  newItemRow,
  uploadProblem,
  type Finding,
  type Problem,
} from './rules';

type Plan = { kind: 'new'; item: MediaItemInput; upload: UploadRow } | { kind: 'edit'; item: MediaItemInput; row: ItemRow };

export async function saveItems({ db, events }: MediaContext, items: MediaItemInput[], principal: Principal): Promise<{ id: number }[]> {
  assertMaySave(principal);
  return db.transaction().execute(async (trx) => {
    const plans = await planBatch(trx, items, principal);
    const saved: { id: number }[] = [];
    for (const plan of plans) saved.push(plan.kind === 'new' ? await createItem(trx, events, plan, principal) : await editItem(trx, events, plan, principal));
    return saved;
  });
}

/** Checks every item of the batch; throws naming all problems (nothing is written), else the plans. */
async function planBatch(trx: MediaDB, items: MediaItemInput[], principal: Principal): Promise<Plan[]> {
  // Lock every existing item of the batch at once, in id order, so that concurrent batches
  // (and archive or delete) touching the same items queue up instead of deadlocking.
  const locked = await lockItems(trx, editIdsOf(items));
  const problems: Problem[] = [];
  const plans: Plan[] = [];
  const planned = new Set<string>();
  for (const [index, item] of items.entries()) {
    const planOrProblem = await planItem(trx, item, locked, planned, principal);
    if ('message' in planOrProblem) problems.push({ index, ...planOrProblem });
    else {
      plans.push(planOrProblem);
      if (planOrProblem.kind === 'new') planned.add(planOrProblem.upload.file_id);
    }
  }
  const refusal = batchRefusal(problems);
  if (refusal) throw refusal;
  return plans;
}

async function planItem(trx: MediaDB, item: MediaItemInput, locked: Map<number, ItemRow>, planned: ReadonlySet<string>, principal: Principal): Promise<Plan | Finding> {
  const advanced = advancedFieldsProblem(item, principal);
  if (advanced) return advanced;
  if (item.id) {
    const row = locked.get(item.id);
    return editProblem({ ...item, id: item.id }, row, principal) ?? { kind: 'edit', item, row: row! };
  }
  const missing = newItemProblem(item);
  if (missing) return missing;
  const upload = await lockUpload(trx, item.file_id!);
  return uploadProblem(upload, item.file_key!, planned) ?? { kind: 'new', item, upload: upload! };
}

async function createItem(trx: MediaDB, events: ServiceEvents, plan: Plan & { kind: 'new' }, principal: Principal) {
  // The event's item is the row the insert answered (nothing below changes it), as the update's below.
  const row = await insertItem(trx, newItemRow(plan.item, plan.upload, principal));
  await claimUpload(trx, plan.upload.file_id);
  await insertVersion(trx, versionOfUpload(plan.upload, { media_id: row.id, created: Math.floor(Date.now() / 1000), notes: '', active: true }));
  await events.record(trx, 'media.item.saved', { id: row.id, created: true, item: itemState(row) }, principal);
  return { id: row.id };
}

async function editItem(trx: MediaDB, events: ServiceEvents, plan: Plan & { kind: 'edit' }, principal: Principal) {
  const row = await updateItem(trx, plan.row.id, editedItemChanges(plan.row, plan.item, principal));
  await events.record(trx, 'media.item.saved', { id: row.id, created: false, item: itemState(row) }, principal);
  return { id: plan.row.id };
}
