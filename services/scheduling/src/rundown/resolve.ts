// What one block airs, resolved (docs/decisions/rundown.md, "Items"): a show's media item, its
// playlist (asked of the media service, which owns playlists and the library), a line-in show, or
// a default-playlist block. Durations and offsets in seconds. No cache here: see cache.ts.
import type { CategorySongs, CategorySongsInput, PlaylistResolution, PlaylistResolutionInput, RundownItem } from '@airwave/contracts';

/** What the rundown needs of a media item. */
export interface MediaFacts {
  title: string;
  artist: string;
  /** Seconds, null when unknown (an image). */
  duration: number | null;
  type: 'audio' | 'video' | 'image' | 'document';
}

/** Where resolutions come from: the media service over the bus, or a fake in tests. */
export interface Sources {
  resolvePlaylist(input: PlaylistResolutionInput): Promise<PlaylistResolution>;
  /** The facts of the existing items among `ids` (one question for all the media shows of a rundown). */
  media(ids: number[]): Promise<Map<number, MediaFacts>>;
  /** A page of a music category's songs (issue 45; clocks). */
  categorySongs?(input: CategorySongsInput): Promise<CategorySongs>;
}

/** What a player brings to a resolution (a child's own, or its parent's per its use_parent_* settings). */
export interface Airing {
  support: { audio: boolean; video: boolean; images: boolean; linein: boolean };
  stationIds: number[];
  stationIdImageDuration: number;
  /** Analysed audio airs from its cue-in to its cue-out, the next item over its tail: a player Airwave airs (OB Player plays whole files). */
  cues: boolean;
}

export interface Resolved {
  name: string;
  description: string;
  playlistId: number | null;
  items: RundownItem[];
  /** Seconds from the block's start to the end of its last item. */
  duration: number;
}

const supports = (airing: Airing, type: string) => (type === 'audio' ? airing.support.audio : type === 'video' ? airing.support.video : type === 'image' ? airing.support.images : false);

/** A media show: its item (`media`, null when gone), lasting at most the show (an image: the whole show). Nothing when the player cannot air it. */
export function resolveMediaShow(media: MediaFacts | null, airing: Airing, mediaId: number, lengthS: number): Resolved {
  if (!media) return { name: '', description: '', playlistId: null, items: [], duration: 0 };
  const named = { name: media.title, description: media.artist ? `${media.artist} - ${media.title}` : media.title, playlistId: null };
  if (!supports(airing, media.type)) return { ...named, items: [], duration: 0 };
  const duration = media.type === 'image' || media.duration === null ? lengthS : Math.min(media.duration, lengthS);
  const item: RundownItem = { order: 0, media_id: mediaId, type: media.type as RundownItem['type'], title: media.title, artist: media.artist, offset: 0, duration, crossfade: 0 };
  return { ...named, items: [item], duration };
}

/** A line-in show: one `linein` item for the whole show. */
export const resolveLinein = (lengthS: number): Resolved => ({
  name: 'Line-In',
  description: '',
  playlistId: null,
  items: [{ order: 0, media_id: null, type: 'linein', title: 'Line-In', artist: '', offset: 0, duration: lengthS, crossfade: 0 }],
  duration: lengthS,
});

export interface PlaylistQuestion {
  playlistId: number;
  seed: string;
  maxS: number;
  excludedBy: unknown[][];
  /** Default-playlist blocks drop breakpoints (OpenBroadcaster does). */
  dropBreakpoints: boolean;
}

/** A playlist, resolved by the media service for this player at this moment. */
export async function resolvePlaylistBlock(sources: Sources, airing: Airing, question: PlaylistQuestion): Promise<Resolved> {
  const answer = await sources.resolvePlaylist({
    playlist_id: question.playlistId,
    seed: question.seed,
    support: { audio: airing.support.audio, video: airing.support.video, images: airing.support.images },
    station_ids: airing.stationIds,
    station_id_image_duration: airing.stationIdImageDuration,
    excluded_by: question.excludedBy,
    max_duration: question.maxS,
    cues: airing.cues,
  });
  if (!answer.found || !answer.playlist) return { name: '', description: '', playlistId: question.playlistId, items: [], duration: 0 };
  const kept = question.dropBreakpoints ? answer.items.filter((i) => i.type !== 'breakpoint') : answer.items;
  const items = kept.map((i, order): RundownItem => ({ order, media_id: i.media_id, type: i.type, title: i.title, artist: i.artist, offset: i.offset, duration: i.duration, crossfade: i.crossfade, ...(i.cue_in ? { cue_in: i.cue_in } : {}), ...(i.segue ? { segue: true } : {}), ...(i.loudness ? { loudness: i.loudness } : {}), ...(i.voiceover ? { voiceover: i.voiceover } : {}) }));
  const duration = items.reduce((end, i) => Math.max(end, i.offset + i.duration), 0);
  return { name: answer.playlist.name, description: answer.playlist.description, playlistId: answer.playlist.id, items, duration };
}

/** The items that start within a block of `lengthS` seconds, the last one cut at its end. */
export function cutItems(items: readonly RundownItem[], lengthS: number): RundownItem[] {
  const out: RundownItem[] = [];
  for (const item of items) {
    if (item.offset >= lengthS) continue;
    const duration = Math.min(item.duration, lengthS - item.offset);
    out.push({ ...item, duration, crossfade: Math.min(item.crossfade, duration) });
  }
  return out;
}
