// A player's default playlist (what fills every gap) must exist: asked of the media service, which
// owns playlists. Any existing playlist will do, private ones too: whoever holds manage_players
// chooses what a player airs, as in OpenBroadcaster.
import type { AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { checkPlaylist } from '../playlists/handlers';

export async function checkDefaultPlaylist(context: SchedulingContext, playlistId: number | null | undefined, call: AuthenticatedContext): Promise<void> {
  if (playlistId === null || playlistId === undefined) return;
  await checkPlaylist(context, 'default_playlist_id', playlistId, null, call);
}
