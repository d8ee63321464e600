// Resolving a playlist into the items a player airs (media.internal.resolve-playlist), the pure part:
// given the playlist's items, the library items they name, each dynamic item's candidates (already
// matched, stripped of what dayparting excludes and in the seed's shuffled order) and the player's
// station IDs, it answers the items in airing order with their offsets. resolve-load.ts reads the
// data. Rules: docs/decisions/playlists.md, "Resolution".
import type { PlaylistResolutionInput, ResolvedItem, Voiceover, VoicetrackSettings } from '@airwave/contracts';
import { milli } from '../analysis/cues';
import type { ItemCue } from '../analysis/queries';

/** An item of the library that may air (approved, not archived). */
export interface AirableItem {
  id: number;
  type: string;
  title: string;
  artist: string;
  duration: number | null;
}

/** A playlist item as stored, read for airing. */
export type StoredItem =
  | { kind: 'media'; media_id: number; crossfade: number; image_duration: number }
  | { kind: 'voicetrack'; media_id: number; settings: VoicetrackSettings }
  | { kind: 'custom'; name: string }
  | { kind: 'dynamic'; num_items: number | null; crossfade: number; image_duration: number }
  | { kind: 'station_id' }
  | { kind: 'breakpoint' };

export interface ResolutionData {
  items: StoredItem[];
  /** The airable items the playlist's media items and voicetracks name (a missing one is skipped). */
  media: ReadonlyMap<number, AirableItem>;
  /** Each dynamic item's candidates (by its index in `items`), in the order to pick them. */
  candidates: ReadonlyMap<number, readonly AirableItem[]>;
  /** The player's station IDs that may air, in the order it lists them. */
  stationIds: readonly AirableItem[];
  /** Analysed audio items' cue points, by id: such an item airs from its cue-in to its cue-out, the next over its tail. */
  cues?: ReadonlyMap<number, ItemCue>;
}

type Request = Pick<PlaylistResolutionInput, 'seed' | 'support' | 'station_id_image_duration' | 'max_duration'>;
/** An item before it is placed; `tail`: seconds of its own fading tail the next item may start over. */
type Entry = Omit<ResolvedItem, 'order' | 'offset' | 'segue'> & { tail?: number };

const kindOf = (type: string): ResolvedItem['type'] | null => (type === 'audio' || type === 'video' || type === 'image' ? type : null);

/** Whether the player airs this kind of item (documents never air). */
export function supported(support: Request['support'], type: string): boolean {
  return (type === 'audio' && support.audio) || (type === 'video' && support.video) || (type === 'image' && support.images);
}

/** FNV-1a of the text: the same seed always picks the same station ID. */
export function seededIndex(text: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash % count;
}

function entryOf(source: Entry['source'], item: AirableItem, crossfade: number, imageDuration: number, cues: ResolutionData['cues']): Entry {
  const type = kindOf(item.type)!;
  const entry: Entry = { source, media_id: item.id, type, title: item.title, artist: item.artist, duration: type === 'image' ? imageDuration : Math.max(0, item.duration ?? 0), crossfade };
  const cue = type === 'audio' ? cues?.get(item.id) : undefined;
  if (!cue || cue.cue_out <= cue.cue_in) return entry;
  // from its cue-in to its cue-out; the next start lies between them
  return { ...entry, duration: milli(cue.cue_out - cue.cue_in), cue_in: cue.cue_in, tail: milli(Math.max(0, cue.cue_out - Math.max(cue.cue_in, cue.next_start))) };
}

/** A voicetrack's voice with its settings, when it may air (an audio item the player airs). */
function voiceoverOf(voice: AirableItem | undefined, settings: VoicetrackSettings, may: (item: AirableItem | undefined) => item is AirableItem): Voiceover | undefined {
  if (!may(voice) || voice.type !== 'audio') return undefined;
  return { media_id: voice.id, title: voice.title, artist: voice.artist, duration: Math.max(0, voice.duration ?? 0), ...settings };
}

/** The entries before placing them: media items, dynamic picks, station IDs and breakpoints. */
function entriesOf(data: ResolutionData, request: Request): Entry[] {
  const may = (item: AirableItem | undefined): item is AirableItem => item !== undefined && supported(request.support, item.type);
  // No dynamic pick repeats an item the playlist names or an earlier pick took.
  const used = new Set(data.items.flatMap((item) => (item.kind === 'media' || item.kind === 'voicetrack' ? [item.media_id] : [])));
  const stationIds = data.stationIds.filter(may);
  const entries: Entry[] = [];
  // A voicetrack airs over the media item after it (OB's rule: one always follows), ducking it: it
  // rides on that item, and goes with it when that item does not air.
  let voice: Voiceover | undefined;
  data.items.forEach((item, index) => {
    const over = voice;
    voice = undefined;
    if (item.kind === 'media') {
      const media = data.media.get(item.media_id);
      if (may(media)) entries.push({ ...entryOf('media', media, item.crossfade, item.image_duration, data.cues), ...(over ? { voiceover: over } : {}) });
    } else if (item.kind === 'voicetrack') {
      voice = voiceoverOf(data.media.get(item.media_id), item.settings, may);
    } else if (item.kind === 'custom') {
      // No custom item type is registered in Airwave (modules cannot yet): it airs nothing.
    } else if (item.kind === 'dynamic') {
      const picks = (data.candidates.get(index) ?? []).filter((candidate) => may(candidate) && !used.has(candidate.id)).slice(0, item.num_items ?? undefined);
      for (const pick of picks) {
        used.add(pick.id);
        entries.push(entryOf('dynamic', pick, item.crossfade, item.image_duration, data.cues));
      }
    } else if (item.kind === 'station_id') {
      if (stationIds.length) entries.push(entryOf('station_id', stationIds[seededIndex(`${request.seed}:station_id:${index}`, stationIds.length)]!, 0, request.station_id_image_duration, data.cues));
    } else {
      entries.push({ source: 'breakpoint', media_id: null, type: 'breakpoint', title: 'Breakpoint', artist: '', duration: 0, crossfade: 0 });
    }
  });
  return entries;
}

/**
 * How much an item overlaps the next: the playlist's crossfade when it sets one (faded across), else
 * its own tail from its analysis (a segue: not faded); never more than either item's duration.
 */
function overlapOf(entry: Entry, next: Entry): { crossfade: number; segue: boolean } {
  const most = Math.min(entry.duration, next.duration);
  if (entry.crossfade > 0 || !entry.tail) return { crossfade: Math.min(entry.crossfade, most), segue: false };
  const crossfade = Math.min(entry.tail, most);
  return { crossfade, segue: crossfade > 0 };
}

/**
 * Offsets: each item starts where the previous one ends minus their overlap (overlapOf). Stops
 * after the item that reaches `max_duration` (it is kept whole).
 */
export function placeEntries(entries: readonly Entry[], maxDuration: number | undefined): { items: ResolvedItem[]; duration: number } {
  const items: ResolvedItem[] = [];
  let offset = 0;
  for (let i = 0; i < entries.length; i += 1) {
    const { tail: _tail, ...entry } = entries[i]!;
    const end = offset + entry.duration;
    const next = entries[i + 1];
    const last = next === undefined || (maxDuration !== undefined && end >= maxDuration);
    const { crossfade, segue } = last ? { crossfade: 0, segue: false } : overlapOf(entries[i]!, next);
    items.push({ ...entry, order: i, offset, crossfade, ...(segue ? { segue } : {}) });
    if (last) return { items, duration: end };
    // (a + b) − b may round below a: an offset never goes back.
    offset = Math.max(offset, end - crossfade);
  }
  return { items, duration: 0 };
}

export function resolveItems(data: ResolutionData, request: Request): { items: ResolvedItem[]; duration: number } {
  return placeEntries(entriesOf(data, request), request.max_duration);
}
