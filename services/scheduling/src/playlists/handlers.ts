// Playlists (owned by the media service) as the schedule uses them: where one is used (shows airing
// it, one of their exceptions airing it, players filling gaps with it), asked before the media
// service shows or deletes a playlist; and the check that a show's or a player's playlist exists
// and may be used (asked of the media service).
import type { Subscription } from '@airwave/bus';
import { playlistChecks, type Principal } from '@airwave/contracts';
import { bindOperation, callOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { fieldError } from '../schedule/times';

export function bindPlaylistUsage({ db, bus }: SchedulingContext): Promise<Subscription[]> {
  return Promise.all([
    bindOperation(bus, playlistChecks.usage, async ({ playlist_id }) => {
      const [shows, players] = await Promise.all([
        db
          .selectFrom('shows')
          .innerJoin('players', 'players.id', 'shows.player_id')
          .select(['shows.id', 'shows.player_id', 'players.name as player_name', 'shows.user_id'])
          .where((eb) =>
            eb.or([
              eb.and([eb('shows.item_type', '=', 'playlist'), eb('shows.item_id', '=', playlist_id)]),
              eb('shows.id', 'in', eb.selectFrom('show_exceptions').select('series_id').where('item_type', '=', 'playlist').where('item_id', '=', playlist_id)),
            ]),
          )
          .orderBy('shows.id')
          .execute(),
        db.selectFrom('players').select(['id', 'name']).where('default_playlist_id', '=', playlist_id).orderBy('id').execute(),
      ]);
      return { shows, players };
    }),
  ]);
}

/** The playlist a user names must exist and be usable by them (field `field`): a 400 naming why. */
export async function checkPlaylist({ bus }: SchedulingContext, field: string, id: number, principal: Principal | null, call: AuthenticatedContext): Promise<void> {
  if (id < 1) throw fieldError(field, 'name a playlist');
  const user = principal ? { id: principal.userId, group_ids: principal.groupIds, permissions: principal.permissions } : null;
  const [playlist] = await callOperation(bus, playlistChecks.summaries, { ids: [id], user }, { within: call });
  if (!playlist) throw fieldError(field, `playlist ${id} does not exist`);
  if (!playlist.usable) throw fieldError(field, `playlist ${id} is private: only its owner, the users and groups it names and manage_playlists may schedule it`);
}
