// The uploads table: files the gateway's upload route stored, until a new item or a version claims
// one (or the sweep removes it a day later).
import type { Principal } from '@airwave/contracts';
import type { DurationSource, MediaDB, UploadRow } from '../schema';
import { visibleTo } from '../shared/visibility';

export interface NewUpload {
  file_id: string;
  owner_id: number;
  key_hash: string;
  size: number;
  type: string;
  format: string;
  duration: number | null;
  /** 'container' for audio and video until decoded; null for the rest. */
  duration_source: DurationSource | null;
  tags: Record<string, unknown>;
  /** The file's SHA-256 (hex), to find the same file uploaded before. */
  content_hash?: string | undefined;
}

export async function insertUpload(db: MediaDB, upload: NewUpload): Promise<void> {
  const { file_id, owner_id, key_hash, size, type, format, duration, duration_source, tags, content_hash } = upload;
  await db
    .insertInto('uploads')
    .values({ file_id, owner_id, key_hash, size, type, format, duration, duration_source, tags: JSON.stringify(tags), claimed: false, content_hash: content_hash ?? null })
    .execute();
}

/**
 * The media items the user can see whose file is one uploaded before with these bytes (the
 * item's current file: a version made active counts, a replaced one does not).
 */
export function itemsWithContent(db: MediaDB, contentHash: string, principal: Principal) {
  return db
    .selectFrom('items')
    .select(['id', 'title', 'artist', 'is_archived'])
    .where('file_id', 'in', db.selectFrom('uploads').select('file_id').where('content_hash', '=', contentHash))
    .where((eb) => visibleTo(eb, principal))
    .orderBy('id')
    .limit(10)
    .execute();
}

/** The upload, locked until the transaction ends (two claims of one upload queue up). */
export function lockUpload(trx: MediaDB, fileId: string): Promise<UploadRow | undefined> {
  return trx.selectFrom('uploads').selectAll().where('file_id', '=', fileId).forUpdate().executeTakeFirst();
}

export async function claimUpload(trx: MediaDB, fileId: string): Promise<void> {
  await trx.updateTable('uploads').set({ claimed: true }).where('file_id', '=', fileId).execute();
}

/** Removes the uploads no item claimed that were made before `before`; answers their files. */
export async function deleteUnclaimedUploads(db: MediaDB, before: Date): Promise<string[]> {
  const stale = await db.deleteFrom('uploads').where('claimed', '=', false).where('created', '<', before).returning('file_id').execute();
  return stale.map((upload) => upload.file_id);
}
