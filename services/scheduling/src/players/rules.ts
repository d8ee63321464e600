// Players as the API answers them, what a save makes of a request, and when a player may go
// (docs/decisions/players.md).
import { conflict, type Player, type PlayoutMode, type PlayerInput, type Principal } from '@airwave/contracts';
import type { Selectable } from 'kysely';
import type { PlayerColumns, PlayerStatusColumns } from '../schema-players';

export type PlayerRow = Selectable<PlayerColumns>;
export type StatusRow = Omit<Selectable<PlayerStatusColumns>, 'player_id'>;
/** A player's row with its status beside it (a left join: all null until its first sync). */
export type PlayerWithStatus = PlayerRow & { [K in keyof StatusRow]: StatusRow[K] | null };

/** A player's settings: everything a save writes but its password. */
export interface PlayerSettings {
  name: string;
  description: string;
  timezone: string;
  stream_url: string;
  playout: PlayoutMode;
  ip_address: string | null;
  support_audio: boolean;
  support_video: boolean;
  support_images: boolean;
  support_linein: boolean;
  station_ids: number[];
  station_id_image_duration: number;
  loudness_target: number;
  default_playlist_id: number | null;
  parent_player_id: number | null;
  use_parent_schedule: boolean;
  use_parent_dynamic: boolean;
  use_parent_ids: boolean;
  use_parent_playlist: boolean;
  use_parent_alert: boolean;
}

/** A new player's settings before the request's. A player plays whatever it is given until told otherwise. */
export const NEW_PLAYER: Omit<PlayerSettings, 'name' | 'description' | 'timezone'> = {
  stream_url: '',
  playout: 'external',
  ip_address: null,
  support_audio: true,
  support_video: true,
  support_images: true,
  support_linein: true,
  station_ids: [],
  station_id_image_duration: 15,
  loudness_target: -18,
  default_playlist_id: null,
  parent_player_id: null,
  use_parent_schedule: false,
  use_parent_dynamic: false,
  use_parent_ids: false,
  use_parent_playlist: false,
  use_parent_alert: false,
};

const settingKeys = Object.keys(NEW_PLAYER) as (keyof typeof NEW_PLAYER)[];

/**
 * The settings a save leaves: name, description and timezone as sent (as before this issue); every
 * other field as sent, or, when left out, as it was (a new player: NEW_PLAYER). Then OB's rules
 * for what a child inherits (`inherited`).
 */
export function settingsAfter(before: PlayerSettings | null, input: Omit<PlayerInput, 'password'>): PlayerSettings {
  const base: PlayerSettings = before ?? { ...NEW_PLAYER, name: input.name, description: input.description, timezone: input.timezone };
  const merged: PlayerSettings = { ...base, name: input.name, description: input.description, timezone: input.timezone };
  for (const key of settingKeys) {
    const sent = (input as Record<string, unknown>)[key];
    if (sent !== undefined) (merged as unknown as Record<string, unknown>)[key] = key === 'ip_address' && sent === '' ? null : sent;
  }
  return inherited(merged);
}

/**
 * OpenBroadcaster's rules for a child (players_model.php save, controllers/players.php): without a
 * parent nothing is inherited; a child that takes its parent's station IDs keeps none of its own,
 * one that takes its parent's default playlist has none of its own, and dynamic selections are
 * the parent's only along with its schedule.
 */
export function inherited(settings: PlayerSettings): PlayerSettings {
  if (settings.parent_player_id === null) {
    return { ...settings, use_parent_schedule: false, use_parent_dynamic: false, use_parent_ids: false, use_parent_playlist: false, use_parent_alert: false };
  }
  return {
    ...settings,
    station_ids: settings.use_parent_ids ? [] : settings.station_ids,
    default_playlist_id: settings.use_parent_playlist ? null : settings.default_playlist_id,
    use_parent_dynamic: settings.use_parent_schedule && settings.use_parent_dynamic,
  };
}

/** The settings stored in a row (with its station IDs). */
export function settingsOf(row: PlayerRow, stationIds: number[]): PlayerSettings {
  const settings = { name: row.name, description: row.description, timezone: row.timezone } as PlayerSettings;
  for (const key of settingKeys) (settings as unknown as Record<string, unknown>)[key] = row[key as Exclude<typeof key, 'station_ids'>];
  settings.playout = row.playout as PlayoutMode;
  return { ...settings, station_ids: stationIds };
}

const EMPTY_STATUS: StatusRow = {
  version: '',
  last_connect: null,
  last_connect_schedule: null,
  last_connect_emergency: null,
  last_connect_playlog: null,
  last_connect_media: null,
  last_ip_address: null,
  longitude: null,
  latitude: null,
  show_name: null,
  playlist_id: null,
  playlist_end: null,
  media_id: null,
  media_end: null,
  now_playing_updated: null,
};

const utc = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether the caller sees what OB shows player managers only: the pinned address and the last one. */
export const seesAddresses = (principal: Principal | null) => principal === null || principal.permissions.includes('manage_players');

/**
 * A player as the API answers it: never its password hash. `forManager` false hides the pinned
 * address and masks the last one, as OpenBroadcaster does for readers without manage_players.
 */
export function playerOut(row: PlayerWithStatus, stationIds: number[], forManager: boolean): Player {
  const s: StatusRow = row.version === null ? EMPTY_STATUS : (row as StatusRow);
  const settings = settingsOf(row, stationIds);
  const { ip_address, ...visible } = settings;
  return {
    id: row.id,
    ...visible,
    ...(forManager ? { ip_address } : {}),
    can_sync: row.password_hash !== null,
    has_icecast_source: row.source_password_sealed !== null,
    version: s.version,
    last_connect: utc(s.last_connect),
    last_connect_schedule: utc(s.last_connect_schedule),
    last_connect_emergency: utc(s.last_connect_emergency),
    last_connect_playlog: utc(s.last_connect_playlog),
    last_connect_media: utc(s.last_connect_media),
    last_ip_address: forManager || s.last_ip_address === null ? s.last_ip_address : '******',
    longitude: s.longitude,
    latitude: s.latitude,
  };
}

export interface PlayerDependents {
  timeslots: number;
  shows: number;
  alerts: number;
  children: number;
}

/**
 * A player that still has timeslots, shows or alerts, or that is a parent, is not deleted (409 with
 * the counts): its children would be left inheriting from nothing (OB refuses that too).
 */
export function assertPlayerUnused(id: number, counts: PlayerDependents) {
  const { timeslots: slots, shows, alerts, children } = counts;
  if (children > 0) throw conflict(`Player ${id} is the parent of ${children} player(s); give them another parent or none first.`, { ...counts });
  if (slots + shows + alerts > 0) {
    throw conflict(`Player ${id} still has ${slots} timeslot(s), ${shows} show(s) and ${alerts} alert(s); delete them first.`, { ...counts });
  }
}

/**
 * Why a list of station IDs may not be saved (OB: "Station IDs may be approved media only"), or
 * null: each listed once, each an existing media item, approved and not archived.
 */
export function stationIdsProblem(ids: number[], items: readonly { id: number; is_approved: boolean; is_archived: boolean }[]): string | null {
  const seen = new Set<number>();
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const id of ids) {
    if (seen.has(id)) return `media item ${id} is listed twice`;
    seen.add(id);
    const item = byId.get(id);
    if (!item) return `media item ${id} does not exist`;
    if (item.is_archived) return `media item ${id} is archived`;
    if (!item.is_approved) return `media item ${id} is not approved`;
  }
  return null;
}

/**
 * Why a player cannot be aired by Airwave as saved, or null: the playout streams to the Icecast
 * mount `stream_url` (which must name a mount, not the server's root) with its source password.
 */
export function playoutProblem(settings: Pick<PlayerSettings, 'playout' | 'stream_url'>, hasSourcePassword: boolean): { field: string; message: string } | null {
  if (settings.playout !== 'airwave') return null;
  if (settings.stream_url === '') return { field: 'stream_url', message: 'a player aired by Airwave needs the URL of its Icecast mount, e.g. http://icecast:8000/station.mp3' };
  const mount = new URL(settings.stream_url).pathname;
  if (mount === '/' || mount === '') return { field: 'stream_url', message: 'must name the Icecast mount, e.g. http://icecast:8000/station.mp3' };
  if (!hasSourcePassword) return { field: 'source_password', message: "a player aired by Airwave needs its Icecast mount's source password" };
  return null;
}
