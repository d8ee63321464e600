// A player's default playlist (what fills every gap). Stored as given for now: playlists are built
// in the media service on another branch of issue 30, and this is where the check that it exists
// (and may be used) goes once they merge: ask the media service over the bus, and throw
// fieldError('default_playlist_id', …) when it does not.
import type { AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';

export async function checkDefaultPlaylist(_context: SchedulingContext, _playlistId: number | null | undefined, _call: AuthenticatedContext): Promise<void> {}
