// A playlist item between the API and its row: what a save writes (kind, media id, properties) and
// what a row means for airing (StoredItem) and for a dynamic item's search.
import type { PlaylistItemInput, SearchQuery, VoicetrackSettings } from '@airwave/contracts';
import type { PlaylistItemRow } from '../schema';
import type { DynamicSearch } from './dynamic';
import type { StoredItem } from './resolve';

export interface StoredRow {
  item: StoredItem;
  /** A dynamic item's search and name. */
  search?: DynamicSearch;
  name?: string;
}

/** The row's columns for an item as sent (validated). */
export function rowValues(item: PlaylistItemInput): { kind: string; media_id: number | null; properties: Record<string, unknown> } {
  switch (item.type) {
    case 'media':
      return { kind: 'media', media_id: item.media_id, properties: { crossfade: item.crossfade, image_duration: item.image_duration } };
    case 'dynamic':
      return {
        kind: 'dynamic',
        media_id: null,
        properties: {
          name: item.name,
          query: item.query ?? null,
          saved_search_id: item.saved_search_id ?? null,
          num_items: item.num_items_all ? null : item.num_items,
          crossfade: item.crossfade,
          image_duration: item.image_duration,
        },
      };
    case 'voicetrack': {
      const { type: _type, media_id, ...settings } = item;
      return { kind: 'voicetrack', media_id, properties: settings };
    }
    case 'custom':
      return { kind: 'custom', media_id: null, properties: { name: item.name } };
    default:
      return { kind: item.type, media_id: null, properties: {} };
  }
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** A voicetrack's settings as stored (OB's defaults for any missing). */
const settingsOf = (p: Record<string, unknown>): VoicetrackSettings => ({
  voicetrack_volume: numberOr(p.voicetrack_volume, 0.1),
  voicetrack_offset: numberOr(p.voicetrack_offset, 0),
  voicetrack_fadeout_before: numberOr(p.voicetrack_fadeout_before, 0),
  voicetrack_fadein_after: numberOr(p.voicetrack_fadein_after, 0),
});

/** What a stored row means. */
export function storedItemOf(row: Pick<PlaylistItemRow, 'kind' | 'media_id' | 'properties'>): StoredRow {
  const p = row.properties;
  const crossfade = numberOr(p.crossfade, 0);
  const image_duration = numberOr(p.image_duration, 15);
  if (row.kind === 'media') return { item: { kind: 'media', media_id: row.media_id!, crossfade, image_duration } };
  if (row.kind === 'voicetrack') return { item: { kind: 'voicetrack', media_id: row.media_id!, settings: settingsOf(p) } };
  if (row.kind === 'custom') return { item: { kind: 'custom', name: String(p.name ?? '') } };
  if (row.kind === 'dynamic') {
    const num_items = typeof p.num_items === 'number' ? p.num_items : null;
    const search = { query: (p.query ?? null) as SearchQuery | null, saved_search_id: typeof p.saved_search_id === 'number' ? p.saved_search_id : null };
    return { item: { kind: 'dynamic', num_items, crossfade, image_duration }, search, name: String(p.name ?? '') };
  }
  return { item: { kind: row.kind === 'station_id' ? 'station_id' : 'breakpoint' } };
}
