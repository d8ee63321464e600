import { i18n, msg } from '../i18n';
import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';
import { browserZone } from './TimeZoneSelect';

type S = (typeof operationGroups)['scheduling'];
export type Player = z.output<S['playerGet']['output']>;
export type PlaylistSummary = z.output<(typeof operationGroups)['playlists']['playlistSearch']['output']>['playlists'][number];

export const inheritable = [
  { key: 'use_parent_schedule', label: msg('Schedule') },
  { key: 'use_parent_dynamic', label: msg('Dynamic selections') },
  { key: 'use_parent_ids', label: msg('Station IDs') },
  { key: 'use_parent_playlist', label: msg('Default playlist') },
  { key: 'use_parent_alert', label: msg('Alerts') },
] as const;
export type InheritKey = (typeof inheritable)[number]['key'];

export const supports = [
  { key: 'support_audio', label: msg('Audio') },
  { key: 'support_video', label: msg('Video') },
  { key: 'support_images', label: msg('Images') },
  { key: 'support_linein', label: msg('Line-in') },
] as const;

/** What the player form edits: the writable fields (the password only when a new one is typed). */
export type PlayerDraft = Pick<
  Player,
  'name' | 'description' | 'stream_url' | 'support_audio' | 'support_video' | 'support_images' | 'support_linein' | 'station_ids' | 'station_id_image_duration' | 'default_playlist_id' | 'parent_player_id' | InheritKey
> & { id: number | null; timezone: string | null; password: string; ip_address: string };

export function draftOf(player: Player | null): PlayerDraft {
  if (!player)
    return {
      id: null, name: '', description: '', timezone: browserZone(), stream_url: '', password: '', ip_address: '',
      support_audio: true, support_video: false, support_images: false, support_linein: false,
      station_ids: [], station_id_image_duration: 15, default_playlist_id: null, parent_player_id: null,
      use_parent_schedule: false, use_parent_dynamic: false, use_parent_ids: false, use_parent_playlist: false, use_parent_alert: false,
    };
  const { id, name, description, timezone, stream_url, support_audio, support_video, support_images, support_linein, station_ids, station_id_image_duration, default_playlist_id, parent_player_id } = player;
  const { use_parent_schedule, use_parent_dynamic, use_parent_ids, use_parent_playlist, use_parent_alert } = player;
  return {
    id, name, description, timezone, stream_url, password: '', ip_address: player.ip_address ?? '',
    support_audio, support_video, support_images, support_linein, station_ids, station_id_image_duration, default_playlist_id, parent_player_id,
    use_parent_schedule, use_parent_dynamic, use_parent_ids, use_parent_playlist, use_parent_alert,
  };
}

/** The body of a create or save: the password only when one was typed (empty keeps the old one). */
export function inputOf(draft: PlayerDraft, zone: string) {
  const { id: _id, password, ...rest } = draft;
  return { ...rest, timezone: zone, ip_address: draft.ip_address || null, ...(password ? { password } : {}) };
}

/** "Schedule, Station IDs" inherited from the parent, or "". */
export function inheritedText(player: Pick<Player, InheritKey>): string {
  return inheritable.filter((i) => player[i.key]).map((i) => i18n.t(i.label)).join(', ');
}
