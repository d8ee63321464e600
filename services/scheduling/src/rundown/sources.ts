// The rundown's sources over the bus: playlists are resolved by the media service
// (media.internal.resolve-playlist), media items described by it (media.internal.summaries, one
// question for every media show of a rundown).
import { mediaCategories, mediaInternal, playlistResolution } from '@airwave/contracts';
import { callOperation, type CallContext } from '@airwave/service-kit';
import type { Bus } from '@airwave/bus';
import { withBatchedResolutions } from './batch';
import type { MediaFacts, Sources } from './resolve';

/** The most ids one summaries question takes (its contract's limit). */
const SUMMARIES_AT_ONCE = 1000;

export function busSources(bus: Bus, within?: Pick<CallContext, 'headers'>): Sources {
  const options = { principal: null, ...(within ? { within } : {}) };
  return {
    resolvePlaylist: (input) => callOperation(bus, playlistResolution.resolvePlaylist, input, options),
    categorySongs: (input) => callOperation(bus, mediaCategories.categorySongs, input, options),
    async media(ids): Promise<Map<number, MediaFacts>> {
      const facts = new Map<number, MediaFacts>();
      for (let at = 0; at < ids.length; at += SUMMARIES_AT_ONCE) {
        const summaries = await callOperation(bus, mediaInternal.summaries, { ids: ids.slice(at, at + SUMMARIES_AT_ONCE) }, options);
        for (const s of summaries) facts.set(s.id, { title: s.title, artist: s.artist, duration: s.duration, type: s.type });
      }
      return facts;
    },
  };
}

/** busSources with the playlists asked for in one turn resolved by one media.internal.resolve-playlists call (batch.ts). */
export function batchedBusSources(bus: Bus, within?: Pick<CallContext, 'headers'>): Sources {
  const options = { principal: null, ...(within ? { within } : {}) };
  return withBatchedResolutions(busSources(bus, within), async (requests) => (await callOperation(bus, playlistResolution.resolvePlaylists, { requests }, options)).resolutions);
}
