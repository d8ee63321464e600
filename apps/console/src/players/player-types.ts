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

/**
 * What the player form edits: the writable fields (the passwords only when a new one is typed;
 * `remove_source` sends the Icecast source password's removal).
 */
export type PlayerDraft = Pick<
  Player,
  'name' | 'description' | 'stream_url' | 'playout' | 'loudness_target' | 'support_audio' | 'support_video' | 'support_images' | 'support_linein' | 'station_ids' | 'station_id_image_duration' | 'default_playlist_id' | 'parent_player_id' | InheritKey
> & { id: number | null; timezone: string | null; password: string; ip_address: string; source_password: string; remove_source: boolean };

export function draftOf(player: Player | null): PlayerDraft {
  if (!player)
    return {
      id: null, name: '', description: '', timezone: browserZone(), stream_url: '', playout: 'external', loudness_target: -18, password: '', ip_address: '', source_password: '', remove_source: false,
      support_audio: true, support_video: false, support_images: false, support_linein: false,
      station_ids: [], station_id_image_duration: 15, default_playlist_id: null, parent_player_id: null,
      use_parent_schedule: false, use_parent_dynamic: false, use_parent_ids: false, use_parent_playlist: false, use_parent_alert: false,
    };
  const { id, name, description, timezone, stream_url, playout, loudness_target, support_audio, support_video, support_images, support_linein, station_ids, station_id_image_duration, default_playlist_id, parent_player_id } = player;
  const { use_parent_schedule, use_parent_dynamic, use_parent_ids, use_parent_playlist, use_parent_alert } = player;
  return {
    id, name, description, timezone, stream_url, playout, loudness_target, password: '', ip_address: player.ip_address ?? '', source_password: '', remove_source: false,
    support_audio, support_video, support_images, support_linein, station_ids, station_id_image_duration, default_playlist_id, parent_player_id,
    use_parent_schedule, use_parent_dynamic, use_parent_ids, use_parent_playlist, use_parent_alert,
  };
}

/**
 * The body of a create or save. A password only when one was typed (empty keeps the old one), and
 * only the fields of the chosen playout: OB Player's sync password and address, or Airwave's
 * Icecast source password (null removes it); a field left out keeps its value. The removal of
 * the source password is sent in either mode (a player no longer aired by Airwave may drop it).
 */
export function inputOf(draft: PlayerDraft, zone: string) {
  const { id: _id, password, ip_address, source_password, remove_source, ...rest } = draft;
  const synced = draft.playout === 'external' ? { ip_address: ip_address || null, ...(password ? { password } : {}) } : {};
  const source = remove_source ? { source_password: null } : draft.playout === 'airwave' && source_password ? { source_password } : {};
  return { ...rest, timezone: zone, ...synced, ...source };
}

/** "Schedule, Station IDs" inherited from the parent, or "". */
export function inheritedText(player: Pick<Player, InheritKey>): string {
  return inheritable.filter((i) => player[i.key]).map((i) => i18n.t(i.label)).join(', ');
}
