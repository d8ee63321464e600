// The rundown's sources over the bus: playlists are resolved by the media service
// (media.internal.resolve-playlist), media items described by it (summaries; the type by asking
// whether the item matches a type filter, as summaries do not carry it).
import { mediaInternal, playlistResolution } from '@airwave/contracts';
import { callOperation, type CallContext } from '@airwave/service-kit';
import type { Bus } from '@airwave/bus';
import type { MediaFacts, Sources } from './resolve';

export function busSources(bus: Bus, within?: Pick<CallContext, 'headers'>): Sources {
  const options = { principal: null, ...(within ? { within } : {}) };
  const isType = async (id: number, type: string) => (await callOperation(bus, mediaInternal.matches, { id, filters: [{ filter: 'type', op: 'eq', val: type }] }, options)).matches;
  return {
    resolvePlaylist: (input) => callOperation(bus, playlistResolution.resolvePlaylist, input, options),
    async media(id): Promise<MediaFacts | null> {
      const [summary] = await callOperation(bus, mediaInternal.summaries, { ids: [id] }, options);
      if (!summary) return null;
      const type = (await isType(id, 'audio')) ? 'audio' : (await isType(id, 'video')) ? 'video' : (await isType(id, 'image')) ? 'image' : 'document';
      return { title: summary.title, artist: summary.artist, duration: summary.duration, type };
    },
  };
}
