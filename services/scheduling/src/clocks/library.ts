// What filling hours of clocks needs from the media service: each category's songs in rotation
// (asked once per category), and the items of the fixed events.
import type { CategorySong, CategorySource } from '@airwave/contracts';
import type { Sources } from '../rundown/resolve';
import type { Song } from './history';
import { Rotation } from './rotation';
import { categorySongs, type SongQuestion } from './songs';
import type { CategoryRow } from './store';

export interface Library {
  /** Each category's songs in rotation, by category id as text (the clock's name for it). */
  rotations: Map<string, Rotation>;
  /** Every song by media id, with what the rundown airs of it (cue-in, loudness). */
  songs: Map<number, CategorySong>;
  /** The fixed events' items that may air, by media id. */
  fixed: Map<number, Song>;
  /** Categories whose playlist or saved search is gone, and what is said of each. */
  gone: { categoryId: number; text: string }[];
}

export const songOf = (s: CategorySong): Song => ({ id: s.id, title: s.title, artist: s.artist, album: s.album, duration: s.duration });

/** The categories' songs and the fixed items, asked at the same time. `seed` shuffles each category's never-played songs. */
export async function loadLibrary(sources: Sources, categories: readonly CategoryRow[], fixedIds: number[], question: SongQuestion, seed: string): Promise<Library> {
  const [lists, facts] = await Promise.all([Promise.all(categories.map((c) => categorySongs(sources, c.source as CategorySource, question))), fixedIds.length ? sources.media([...new Set(fixedIds)]) : Promise.resolve(new Map())]);
  const library: Library = { rotations: new Map(), songs: new Map(), fixed: new Map(), gone: [] };
  categories.forEach((category, i) => {
    const { found, songs } = lists[i]!;
    if (!found) library.gone.push({ categoryId: category.id, text: `the category “${category.name}” reads a playlist or saved search that is gone` });
    for (const song of songs) library.songs.set(song.id, song);
    library.rotations.set(String(category.id), new Rotation(songs.map(songOf), `${seed}:${category.id}`));
  });
  for (const [id, f] of facts) {
    const airs = (f.type === 'audio' && question.support.audio) || (f.type === 'video' && question.support.video);
    if (airs && f.duration !== null && f.duration > 0) library.fixed.set(id, { id, title: f.title, artist: f.artist, album: '', duration: f.duration });
  }
  return library;
}
