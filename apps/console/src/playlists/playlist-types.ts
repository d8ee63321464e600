// Between the playlist editor and the API: the items as the editor keeps them (each with a key of
// its own, for reordering), the body of a save, and how an item is named and timed.
import { i18n } from '../i18n';
import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';

type P = (typeof operationGroups)['playlists'];
export type Playlist = z.output<P['playlistGet']['output']>;
export type PlaylistSummary = z.output<P['playlistSearch']['output']>['playlists'][number];
type ApiItem = Playlist['items'][number];
type Query = Extract<ApiItem, { type: 'dynamic' }>['query'];
export type Estimate = z.output<P['playlistValidate']['output']>;

export type DraftItem = { key: string } & (
  | { type: 'media'; media_id: number; title: string; artist: string; media_type: string | null; duration: number; crossfade: number; image_duration: number }
  | { type: 'dynamic'; name: string; query: Query; saved_search_id: number | null; num_items: number | null; image_duration: number; crossfade: number; estimate: Estimate | null }
  | { type: 'station_id' }
  | { type: 'breakpoint' }
  // A presenter's voice over the start of the media item after it, the music ducked under it.
  | ({ type: 'voicetrack'; media_id: number; title: string; artist: string; media_type: string | null; duration: number } & VoicetrackSettings)
  // A custom item names a module's custom item type (none is registered: it airs nothing).
  | { type: 'custom'; name: string }
);

type VoicetrackSettings = Pick<Extract<ApiItem, { type: 'voicetrack' }>, 'voicetrack_volume' | 'voicetrack_offset' | 'voicetrack_fadeout_before' | 'voicetrack_fadein_after'>;

/** OB's defaults: the music ducked to a tenth, from the start of the item, without fades. */
export const voicetrackDefaults: VoicetrackSettings = { voicetrack_volume: 0.1, voicetrack_offset: 0, voicetrack_fadeout_before: 0, voicetrack_fadein_after: 0 };

export interface PlaylistDraft {
  id: number | null;
  name: string;
  description: string;
  status: 'private' | 'visible' | 'public';
  type: Playlist['type'];
  items: DraftItem[];
}

let counter = 0;
export const newKey = () => `item-${++counter}`;

export function draftOf(playlist: Playlist | null): PlaylistDraft {
  if (!playlist) return { id: null, name: '', description: '', status: 'visible', type: 'standard', items: [] };
  const items = playlist.items.map((item): DraftItem => {
    if (item.type === 'dynamic') {
      const { matches, duration, ...rest } = item;
      return { ...rest, key: newKey(), estimate: { matches, duration, num_items: Math.min(matches, item.num_items ?? matches) } };
    }
    return { ...item, key: newKey() };
  });
  return { id: playlist.id, name: playlist.name, description: playlist.description, status: playlist.status, type: playlist.type, items };
}

/** The items as a save sends them. */
export function itemsInput(items: DraftItem[]) {
  return items.map((item) => {
    if (item.type === 'media') return { type: 'media' as const, media_id: item.media_id, crossfade: item.crossfade, image_duration: item.image_duration };
    if (item.type === 'dynamic') {
      const source = item.saved_search_id ? { saved_search_id: item.saved_search_id } : { query: item.query ?? { mode: 'simple' as const, string: '' } };
      return { type: 'dynamic' as const, name: item.name, ...source, num_items: item.num_items, image_duration: item.image_duration, crossfade: item.crossfade };
    }
    if (item.type === 'voicetrack') {
      const { media_id, voicetrack_volume, voicetrack_offset, voicetrack_fadeout_before, voicetrack_fadein_after } = item;
      return { type: 'voicetrack' as const, media_id, voicetrack_volume, voicetrack_offset, voicetrack_fadeout_before, voicetrack_fadein_after };
    }
    if (item.type === 'custom') return { type: 'custom' as const, name: item.name };
    return { type: item.type };
  });
}

/** What a row says the item is. */
export function itemLabel(item: DraftItem): string {
  if (item.type === 'media') return item.artist ? `${item.artist} - ${item.title}` : item.title;
  if (item.type === 'voicetrack') return i18n.t('Voicetrack: {{voice}}', { voice: item.artist ? `${item.artist} - ${item.title}` : item.title });
  if (item.type === 'custom') return i18n.t('Custom item: {{name}}', { name: item.name || i18n.t('unnamed') });
  if (item.type === 'dynamic') return i18n.t('Dynamic: {{name}}', { name: item.name || searchText(item.query) || i18n.t('a selection') });
  return item.type === 'station_id' ? i18n.t('Station ID') : i18n.t('Breakpoint');
}

export function searchText(query: Query): string {
  if (!query) return '';
  return query.mode === 'simple' ? query.string : i18n.t('advanced filters');
}

/** Seconds the item airs, as far as it is known now (a dynamic item: its estimate). */
export function itemSeconds(item: DraftItem): number | null {
  if (item.type === 'media' || item.type === 'voicetrack') return item.duration;
  if (item.type === 'dynamic') return item.estimate?.duration ?? null;
  return null;
}

/** Moves the item at `from` to `to`. */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
