// Who may manage an item's versions, how a version is named, and what a version looks like to clients.
import { badRequest, type Principal } from '@airwave/contracts';
import type { ItemRow, UploadRow, VersionRow } from '../schema';
import { canEdit } from '../shared/visibility';
import { keyMatches } from '../shared/upload-key';

/** The version-management check: you may edit the item and hold manage_media or create_own_media. */
export function mayManageVersions(principal: Principal, row: ItemRow): boolean {
  const holds = principal.permissions.includes('manage_media') || principal.permissions.includes('create_own_media');
  return holds && canEdit(principal, row);
}

/**
 * A new version's `created` (Unix seconds, which identifies it within the item): now, or one
 * second past the item's newest version when that is not older.
 */
export function nextCreated(nowMs: number, lastCreated: number): number {
  return Math.max(Math.floor(nowMs / 1000), lastCreated + 1);
}

/** The upload, when it may become a version: its key is right and nothing used it yet (else 400). */
export function claimableUpload(upload: UploadRow | undefined, fileKey: string): UploadRow {
  if (!upload || !keyMatches(fileKey, upload.key_hash)) throw badRequest('Unknown upload or wrong file_key.');
  if (upload.claimed) throw badRequest('This upload is already used.');
  return upload;
}

/** The version row that makes an upload's file a version of an item. */
export function versionOfUpload(upload: UploadRow, version: { media_id: number; created: number; notes: string; active: boolean }) {
  return { ...version, file_id: upload.file_id, format: upload.format, duration: upload.duration, duration_source: upload.duration_source, size: Number(upload.size) };
}

/** The MediaVersion of the contract. */
export function versionOut(v: VersionRow) {
  return {
    media_id: v.media_id,
    created: Number(v.created),
    notes: v.notes,
    format: v.format,
    duration: v.duration === null ? null : Number(v.duration),
    size: Number(v.size),
    active: v.active,
  };
}
