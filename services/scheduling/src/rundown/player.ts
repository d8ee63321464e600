// What a player brings to its rundown: its own settings, or its parent's where it takes them
// (use_parent_schedule, _dynamic, _ids, _playlist: docs/decisions/players.md, "Parents"; one level).
import type { SchedulingDB } from '../schema';
import { stationIdsOf } from '../players/queries';
import type { PlayerRow } from '../players/rules';
import type { Airing } from './resolve';

export interface RundownPlayer {
  id: number;
  zone: string;
  /** Whose shows it airs: its own, or its parent's. */
  schedulePlayerId: number;
  /** Whose picks it airs for dynamic items and station IDs: the seed's player. */
  seedPlayerId: number;
  defaultPlaylistId: number | null;
  airing: Airing;
}

type Settings = Pick<PlayerRow, 'id' | 'playout' | 'timezone' | 'support_audio' | 'support_video' | 'support_images' | 'support_linein' | 'station_id_image_duration' | 'default_playlist_id' | 'use_parent_schedule' | 'use_parent_dynamic' | 'use_parent_ids' | 'use_parent_playlist'>;

/** A player's rundown settings, from its row and (for a child) its parent's. */
export function rundownPlayerOf(player: Settings, stationIds: number[], parent: { row: Settings; stationIds: number[] } | null): RundownPlayer {
  const from = (use: boolean) => (use && parent ? parent.row : player);
  const ids = from(player.use_parent_ids);
  return {
    id: player.id,
    zone: player.timezone,
    schedulePlayerId: from(player.use_parent_schedule).id,
    seedPlayerId: from(player.use_parent_schedule && player.use_parent_dynamic).id,
    defaultPlaylistId: from(player.use_parent_playlist).default_playlist_id,
    airing: {
      support: { audio: player.support_audio, video: player.support_video, images: player.support_images, linein: player.support_linein },
      stationIds: player.use_parent_ids && parent ? parent.stationIds : stationIds,
      stationIdImageDuration: ids.station_id_image_duration,
      cues: player.playout === 'airwave',
    },
  };
}

/** The player's rundown settings, or null when there is no such player. */
export async function loadRundownPlayer(db: SchedulingDB, id: number): Promise<RundownPlayer | null> {
  const player = await db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
  if (!player) return null;
  const parent = player.parent_player_id === null ? undefined : await db.selectFrom('players').selectAll().where('id', '=', player.parent_player_id).executeTakeFirst();
  const stationIds = await stationIdsOf(db, parent ? [player.id, parent.id] : [player.id]);
  return rundownPlayerOf(player, stationIds.get(player.id) ?? [], parent ? { row: parent, stationIds: stationIds.get(parent.id) ?? [] } : null);
}
