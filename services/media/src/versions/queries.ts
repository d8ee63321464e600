// The versions table: every file an item has had, one of them active (the item's own file).
import type { MediaDB, MediaSchema, VersionRow } from '../schema';
import type { Insertable } from 'kysely';

export function listVersions(db: MediaDB, mediaId: number): Promise<VersionRow[]> {
  return db.selectFrom('versions').selectAll().where('media_id', '=', mediaId).orderBy('created').execute();
}

export function findVersion(db: MediaDB, mediaId: number, created: number): Promise<VersionRow | undefined> {
  return db.selectFrom('versions').selectAll().where('media_id', '=', mediaId).where('created', '=', created).executeTakeFirst();
}

/** The version, locked until the transaction ends. */
export function lockVersion(trx: MediaDB, mediaId: number, created: number): Promise<VersionRow | undefined> {
  return trx.selectFrom('versions').selectAll().where('media_id', '=', mediaId).where('created', '=', created).forUpdate().executeTakeFirst();
}

/** The `created` of the item's newest version (0 when it has none). */
export async function lastCreated(trx: MediaDB, mediaId: number): Promise<number> {
  const last = await trx.selectFrom('versions').select((eb) => eb.fn.max('created').as('created')).where('media_id', '=', mediaId).executeTakeFirst();
  return Number(last?.created ?? 0);
}

export function insertVersion(trx: MediaDB, version: Insertable<MediaSchema['versions']>): Promise<VersionRow> {
  return trx.insertInto('versions').values(version).returningAll().executeTakeFirstOrThrow();
}

export function setVersionNotes(db: MediaDB, mediaId: number, created: number, notes: string): Promise<VersionRow | undefined> {
  return db.updateTable('versions').set({ notes }).where('media_id', '=', mediaId).where('created', '=', created).returningAll().executeTakeFirst();
}

export async function deleteVersion(trx: MediaDB, mediaId: number, created: number): Promise<void> {
  await trx.deleteFrom('versions').where('media_id', '=', mediaId).where('created', '=', created).execute();
}

/** Makes this version the item's one active version. */
export async function markActive(trx: MediaDB, mediaId: number, created: number): Promise<void> {
  await trx.updateTable('versions').set({ active: false }).where('media_id', '=', mediaId).execute();
  await trx.updateTable('versions').set({ active: true }).where('media_id', '=', mediaId).where('created', '=', created).execute();
}

/** The files of every version of the items (the active one included), locked with their rows. */
export async function versionFilesOf(trx: MediaDB, mediaIds: number[]): Promise<string[]> {
  const rows = await trx.selectFrom('versions').select('file_id').where('media_id', 'in', mediaIds).forUpdate().execute();
  return rows.map((row) => row.file_id);
}
