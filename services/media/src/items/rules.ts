// What a PUT /media batch may do: who may save, what keeps one item of it from being saved, how a
// batch with problems is refused, and the row a new or edited item gets.
import { badRequest, conflict, forbidden, Isrc, type AirwaveError, type MediaItemInput, type Principal } from '@airwave/contracts';
import { searchTextOf, type ItemRow, type UploadRow } from '../schema';
import { keyMatches } from '../shared/upload-key';
import { canEdit } from '../shared/visibility';

const advancedFields = ['permitted_users', 'permitted_groups'] as const;

/** What keeps one item of a batch from being saved (all of them are sent back in `details.items`). */
export interface Problem {
  index: number;
  message: string;
  permission?: boolean;
  stale?: boolean;
}
/** A problem of an item not yet placed in its batch. */
export type Finding = Omit<Problem, 'index'>;

export function assertMaySave(principal: Principal): void {
  const perms = principal.permissions;
  if (!perms.includes('create_own_media') && !perms.includes('manage_media')) throw forbidden('Saving media needs create_own_media or manage_media.', { permission: 'create_own_media' });
}

/** The ids of the batch's existing items, each once, in id order (the order they are locked in). */
export function editIdsOf(items: MediaItemInput[]): number[] {
  return [...new Set(items.flatMap((i) => (i.id ? [i.id] : [])))].sort((a, b) => a - b);
}

export function advancedFieldsProblem(item: MediaItemInput, principal: Principal): Finding | null {
  if (advancedFields.some((f) => item[f] !== undefined) && !principal.permissions.includes('media_advanced_permissions')) {
    return { message: 'changing permitted users or groups needs media_advanced_permissions', permission: true };
  }
  return null;
}

/** Whether an existing item (`row`, locked; undefined when there is none) may take this edit. */
export function editProblem(item: MediaItemInput & { id: number }, row: ItemRow | undefined, principal: Principal): Finding | null {
  if (!row) return { message: `no media item ${item.id}` };
  if (!canEdit(principal, row)) return { message: `you may not edit media item ${item.id}`, permission: true };
  if (item.version !== undefined && item.version !== row.version) return { message: `media item ${item.id} changed since you read it (your version ${item.version}, now ${row.version})`, stale: true };
  return null;
}

/** What a new item lacks before its upload is looked at. */
export function newItemProblem(item: MediaItemInput): Finding | null {
  if (!item.file_id || !item.file_key) return { message: 'a new item needs file_id and file_key from an upload' };
  if (!item.title) return { message: 'title is required' };
  return null;
}

/** Whether a new item may claim the upload it names (`planned`: uploads claimed earlier in the batch). */
export function uploadProblem(upload: UploadRow | undefined, fileKey: string, planned: ReadonlySet<string>): Finding | null {
  if (!upload || !keyMatches(fileKey, upload.key_hash)) return { message: 'unknown upload or wrong file_key' };
  if (upload.claimed || planned.has(upload.file_id)) return { message: 'this upload is already used by a media item' };
  return null;
}

/** The refusal of a batch with problems, naming the first that decides its status; null for none. */
export function batchRefusal(problems: Problem[]): AirwaveError | null {
  const denied = problems.find((p) => p.permission);
  if (denied) return forbidden(`Nothing saved: item ${denied.index}: ${denied.message}`, { items: problems });
  // 403 before 400 before 409: a stale version only matters once the batch is otherwise valid.
  const invalid = problems.find((p) => !p.stale);
  if (invalid) return badRequest(`Nothing saved: item ${invalid.index}: ${invalid.message}`, { items: problems });
  if (problems.length) return conflict(`Nothing saved: item ${problems[0]!.index}: ${problems[0]!.message}`, { items: problems });
  return null;
}

/** The fields an item's input writes: those given, and is_approved only from manage_media. */
export function writtenFields(item: MediaItemInput, principal: Principal): Record<string, unknown> {
  const { id: _id, file_id: _f, file_key: _k, version: _v, is_approved, ...fields } = item;
  const approved = principal.permissions.includes('manage_media') ? is_approved : undefined;
  return Object.fromEntries(Object.entries({ ...fields, ...(approved !== undefined ? { is_approved: approved } : {}) }).filter(([, v]) => v !== undefined));
}

/** What the file's tags say of fields the item leaves unsaid: its ISRC (when it is one) and its label (issue 46). */
function fromTags(upload: UploadRow): Record<string, string> {
  const tags = (upload.tags ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  const isrc = Isrc.safeParse(String(tags.isrc ?? '').split(',')[0]);
  if (isrc.success && isrc.data) out.isrc = isrc.data;
  if (typeof tags.label === 'string' && tags.label.trim()) out.label = tags.label.trim().slice(0, 500);
  return out;
}

/** The row of a new item, made from its input and the upload it claims. */
export function newItemRow(item: MediaItemInput, upload: UploadRow, principal: Principal): Record<string, unknown> {
  const base = writtenFields(item, principal);
  const values = {
    owner_id: principal.userId,
    title: item.title!,
    type: upload.type,
    format: upload.format,
    duration: upload.duration,
    duration_source: upload.duration_source,
    size: Number(upload.size),
    file_id: upload.file_id,
    // New items of a user without manage_media wait for approval.
    is_approved: principal.permissions.includes('manage_media') ? (item.is_approved ?? true) : false,
    ...fromTags(upload),
    ...base,
  };
  return { ...values, search_text: searchTextOf(values), permitted_users: (base.permitted_users as number[] | undefined) ?? [], permitted_groups: (base.permitted_groups as number[] | undefined) ?? [] };
}

/** What an edit changes in an item's row: the fields given, and the search text of the result. */
export function editedItemChanges(row: ItemRow, item: MediaItemInput, principal: Principal): Record<string, unknown> {
  const base = writtenFields(item, principal);
  return { ...base, search_text: searchTextOf({ ...row, ...base }) };
}
