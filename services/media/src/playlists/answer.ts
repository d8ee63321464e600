// A playlist as the API answers it: its fields, its items (media items with their title and
// duration, dynamic items with their estimate) and their total duration; with `can_edit` for the
// reader, or without it for events.
import type { Playlist, PlaylistItem, PlaylistSummary } from '@airwave/contracts';
import type { MediaDB, PlaylistRow } from '../schema';
import { estimate } from './dynamic';
import { itemRowsOf } from './queries';
import { canEditPlaylist, type Reader } from './rules';
import type { StoredItem } from './resolve';
import { storedItemOf, type StoredRow } from './stored-items';

type MediaFacts = { type: string; title: string; artist: string; duration: number | null };

export function summaryOf(row: PlaylistRow, reader: Reader): PlaylistSummary {
  return { ...fieldsOf(row), can_edit: canEditPlaylist(reader, row) };
}

function fieldsOf(row: PlaylistRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as PlaylistSummary['status'],
    type: row.type as PlaylistSummary['type'],
    owner_id: row.owner_id,
    permitted_users: row.permitted_users,
    permitted_groups: row.permitted_groups,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

/** A voicetrack: the voice's facts, its settings flat and as OB's `properties`. */
function voicetrackOut(item: Extract<StoredItem, { kind: 'voicetrack' }>, facts: MediaFacts | undefined): PlaylistItem {
  const media_type = (facts?.type ?? null) as Extract<PlaylistItem, { type: 'voicetrack' }>['media_type'];
  const { media_id, settings } = item;
  return { type: 'voicetrack', media_id, id: media_id, properties: settings, media_type, title: facts?.title ?? '', artist: facts?.artist ?? '', duration: facts?.duration ?? 0, ...settings };
}

async function itemOut(db: MediaDB, { item, search, name }: StoredRow, media: ReadonlyMap<number, MediaFacts>): Promise<PlaylistItem> {
  if (item.kind === 'media') {
    const facts = media.get(item.media_id);
    const duration = facts?.type === 'image' ? item.image_duration : (facts?.duration ?? 0);
    const media_type = (facts?.type ?? null) as Extract<PlaylistItem, { type: 'media' }>['media_type'];
    const properties = { crossfade: item.crossfade, ...(facts?.type === 'image' ? { duration: item.image_duration } : {}) };
    return { type: 'media', media_id: item.media_id, id: item.media_id, properties, media_type, title: facts?.title ?? '', artist: facts?.artist ?? '', duration, crossfade: item.crossfade, image_duration: item.image_duration };
  }
  if (item.kind === 'voicetrack') return voicetrackOut(item, media.get(item.media_id));
  if (item.kind === 'custom') return { type: 'custom', name: item.name, properties: { name: item.name } };
  if (item.kind === 'dynamic') {
    const found = await estimate(db, search!, item.num_items, item.image_duration);
    return { type: 'dynamic', name: name ?? '', query: search!.query, saved_search_id: search!.saved_search_id, num_items: item.num_items, image_duration: item.image_duration, crossfade: item.crossfade, matches: found.matches, duration: found.duration };
  }
  return { type: item.kind };
}

/** The playlist without what depends on the reader: what its events carry. */
export async function playlistState(db: MediaDB, row: PlaylistRow): Promise<Omit<Playlist, 'can_edit' | 'where_used'>> {
  const rows = (await itemRowsOf(db, row.id)).map(storedItemOf);
  const ids = [...new Set(rows.flatMap(({ item }) => (item.kind === 'media' || item.kind === 'voicetrack' ? [item.media_id] : [])))];
  const facts = ids.length ? await db.selectFrom('items').select(['id', 'type', 'title', 'artist', 'duration']).where('id', 'in', ids).execute() : [];
  const media = new Map(facts.map((f) => [f.id, { ...f, duration: f.duration === null ? null : Number(f.duration) }]));
  const items: PlaylistItem[] = [];
  for (const stored of rows) items.push(await itemOut(db, stored, media));
  // A voicetrack airs over the item after it: it adds no time.
  const duration = items.reduce((sum, item) => sum + ('duration' in item && item.type !== 'voicetrack' ? item.duration : 0), 0);
  return { ...fieldsOf(row), items, duration: Math.round(duration * 1000) / 1000 };
}

export async function playlistOut(db: MediaDB, row: PlaylistRow, reader: Reader): Promise<Playlist> {
  return { ...(await playlistState(db, row)), can_edit: canEditPlaylist(reader, row) };
}
