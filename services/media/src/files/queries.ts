// The uploads table: files the gateway's upload route stored, until a new item or a version claims
// one (or the sweep removes it a day later).
import type { DurationSource, MediaDB, UploadRow } from '../schema';

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
}

export async function insertUpload(db: MediaDB, upload: NewUpload): Promise<void> {
  const { file_id, owner_id, key_hash, size, type, format, duration, duration_source, tags } = upload;
  await db
    .insertInto('uploads')
    .values({ file_id, owner_id, key_hash, size, type, format, duration, duration_source, tags: JSON.stringify(tags), claimed: false })
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
