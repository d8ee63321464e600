// A music category's songs over the bus (media.internal.category-songs), every page of them, and the
// categories of a rundown asked once each.
import type { CategorySong, CategorySource } from '@airwave/contracts';
import type { Sources } from '../rundown/resolve';

export interface SongQuestion {
  support: { audio: boolean; video: boolean };
  excluded_by: unknown[][];
  cues: boolean;
}

/** The category's songs (found: false when its playlist or saved search is gone, or not the owner's). */
export async function categorySongs(sources: Sources, source: CategorySource, question: SongQuestion, ownerId?: number): Promise<{ found: boolean; songs: CategorySong[] }> {
  if (!sources.categorySongs) return { found: false, songs: [] };
  const songs: CategorySong[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const page = await sources.categorySongs({ source, ...question, after, limit: 5000, ...(ownerId === undefined ? {} : { owner_id: ownerId }) });
    if (!page.found) return { found: false, songs: [] };
    songs.push(...page.songs);
    after = page.next;
  }
  return { found: true, songs };
}
