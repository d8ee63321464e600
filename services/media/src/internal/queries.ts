// The items as other services ask about them (scheduling: what a show airs, dayparting).
import { createHash } from 'node:crypto';
import type { MediaSummary, PlayerFile, SearchFilter } from '@airwave/contracts';
import type { MediaDB } from '../schema';
import { filterExpression } from '../search/filters';

/** Summaries of the existing items among `ids`. */
export async function summariesOf(db: MediaDB, ids: number[]): Promise<MediaSummary[]> {
  const rows = await db.selectFrom('items').select(['id', 'title', 'artist', 'album', 'isrc', 'label', 'duration', 'type', 'owner_id', 'is_approved', 'is_archived']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ ...r, type: r.type as MediaSummary['type'], duration: r.duration === null ? null : Number(r.duration), has_thumbnail: false }));
}

export async function itemExists(db: MediaDB, id: number): Promise<boolean> {
  return (await db.selectFrom('items').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Whether the item matches every filter (an advanced search's). */
export async function itemMatches(db: MediaDB, id: number, filters: SearchFilter[]): Promise<boolean> {
  const hit = await db
    .selectFrom('items')
    .select('id')
    .where('id', '=', id)
    .where((eb) => eb.and(filters.map((f) => filterExpression(eb, f))))
    .executeTakeFirst();
  return Boolean(hit);
}

const LOCATION_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * How a player names and places a file (docs/decisions/player-sync.md): a digest of the storage key,
 * so a new file (another version) is another name and the same file keeps its name and location.
 */
export function playerFileNaming(id: number, fileId: string, format: string) {
  const key = `${id}/${fileId}/${format}`;
  const known = namings.get(key);
  if (known) return known;
  const digest = createHash('sha256').update(fileId).digest();
  const location = LOCATION_CHARACTERS[digest[0]! % 36]! + LOCATION_CHARACTERS[digest[1]! % 36]!;
  const naming = { filename: `${id}-${digest.subarray(2, 8).toString('hex')}.${format}`, hash: digest.subarray(0, 16).toString('hex'), location };
  if (namings.size >= MAX_NAMINGS) namings.clear();
  namings.set(key, naming);
  return naming;
}

/**
 * Namings already made: every sync names every item of a player's schedule again (600 digests for
 * 4 hours of 60-item shows), always the same. Bounded: emptied when full.
 */
const namings = new Map<string, { filename: string; hash: string; location: string }>();
const MAX_NAMINGS = 100_000;

/** The active files of the existing items among `ids`, as a player downloads them. */
export async function playerFilesOf(db: MediaDB, ids: number[]): Promise<PlayerFile[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'title', 'artist', 'duration', 'type', 'format', 'file_id', 'size', 'is_approved', 'is_archived'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({ ...r, duration: r.duration === null ? null : Number(r.duration), size: Number(r.size), ...playerFileNaming(r.id, r.file_id, r.format) }));
}
