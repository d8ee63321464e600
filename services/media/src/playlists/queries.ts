// The playlists and playlist_items tables: reads and writes of the playlists area only.
import { sql } from 'kysely';
import type { MediaDB, PlaylistRow } from '../schema';
import { readableBy, type Reader } from './rules';
import { rowValues } from './stored-items';
import type { PlaylistItemInput } from '@airwave/contracts';

export function findPlaylist(db: MediaDB, id: number): Promise<PlaylistRow | undefined> {
  return db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row, locked for the rest of the transaction (a save or delete racing another waits). */
export function lockPlaylist(db: MediaDB, id: number): Promise<PlaylistRow | undefined> {
  return db.selectFrom('playlists').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function playlistsByIds(db: MediaDB, ids: number[]): Promise<PlaylistRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : db.selectFrom('playlists').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export function itemRowsOf(db: MediaDB, playlistId: number) {
  return db.selectFrom('playlist_items').select(['kind', 'media_id', 'properties']).where('playlist_id', '=', playlistId).orderBy('ord').execute();
}

type PlaylistValues = { name: string; description: string; status: string; type: string; permitted_users?: number[] | undefined; permitted_groups?: number[] | undefined };

const pgArray = (ids: number[]) => `{${[...new Set(ids)].join(',')}}`;

/** The permitted users and groups sent (those left out stay as they are). */
function arrays(v: PlaylistValues): { permitted_users?: string; permitted_groups?: string } {
  const out: { permitted_users?: string; permitted_groups?: string } = {};
  if (v.permitted_users) out.permitted_users = pgArray(v.permitted_users);
  if (v.permitted_groups) out.permitted_groups = pgArray(v.permitted_groups);
  return out;
}

export function insertPlaylist(db: MediaDB, ownerId: number, values: PlaylistValues): Promise<PlaylistRow> {
  const { name, description, status, type } = values;
  return db.insertInto('playlists').values({ owner_id: ownerId, name, description, status, type, permitted_users: pgArray(values.permitted_users ?? []), permitted_groups: pgArray(values.permitted_groups ?? []) }).returningAll().executeTakeFirstOrThrow();
}

export function updatePlaylist(db: MediaDB, id: number, values: PlaylistValues): Promise<PlaylistRow> {
  const { name, description, status, type } = values;
  return db.updateTable('playlists').set({ name, description, status, type, ...arrays(values), updated: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Replaces the items by those sent, in their order. */
export async function replaceItems(db: MediaDB, playlistId: number, items: PlaylistItemInput[]): Promise<void> {
  await db.deleteFrom('playlist_items').where('playlist_id', '=', playlistId).execute();
  if (items.length === 0) return;
  const rows = items.map((item, ord) => {
    const { kind, media_id, properties } = rowValues(item);
    return { playlist_id: playlistId, ord, kind, media_id, properties: JSON.stringify(properties) };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insertInto('playlist_items').values(rows.slice(start, start + 500)).execute();
}

export async function deletePlaylist(db: MediaDB, id: number): Promise<void> {
  await db.deleteFrom('playlists').where('id', '=', id).execute();
}

export interface PlaylistSearch {
  q: string;
  l: number;
  o: number;
  sort_by: 'name' | 'description' | 'updated' | 'created';
  sort_dir: 'asc' | 'desc';
  my?: boolean | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** OB's search: every word in the name or description (case-insensitive), playlists the reader may see, `my` their own; the id breaks ties. */
export async function searchPlaylists(db: MediaDB, reader: Reader, input: PlaylistSearch): Promise<{ rows: PlaylistRow[]; total: number }> {
  const words = input.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20);
  const base = db
    .selectFrom('playlists')
    .where((eb) => readableBy(eb, reader))
    .where((eb) => eb.and(words.map((w) => eb(sql<string>`lower(name || ' ' || description)`, 'like', `%${escapeLike(w)}%`))))
    .$if(input.my === true, (qb) => qb.where('owner_id', '=', reader.userId));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(sql.ref(input.sort_by), input.sort_dir).orderBy('id', input.sort_dir).limit(input.l).offset(input.o).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
