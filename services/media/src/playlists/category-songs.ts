// media.internal.category-songs (issue 45): a music category's songs, a page at a time in order of
// id: the airable audio and video items its source finds (a playlist's media items, a search, a
// saved search), without those the dayparting restrictions in force exclude, each with how long it
// airs (from its cue-in to its cue-out when cues are asked and its file is analysed) and its loudness.
import type { CategorySong, CategorySongs, CategorySongsInput } from '@airwave/contracts';
import { sql, type SqlBool } from 'kysely';
import { soundOf } from '../analysis/queries';
import type { MediaDB } from '../schema';
import { searchCondition } from './dynamic';
import { exclusionsOf } from './resolve-load';
import type { Condition } from '../search/rules';

type Input = CategorySongsInput;

/** What the source finds, or null when its playlist or saved search is not there (or not the owner's). */
async function sourceCondition(db: MediaDB, input: Input): Promise<Condition | null> {
  const source = input.source;
  if (source.kind === 'search') return searchCondition(db, { query: source.query, saved_search_id: null });
  if (source.kind === 'saved_search') {
    let saved = db.selectFrom('searches').select('id').where('id', '=', source.saved_search_id);
    if (input.owner_id !== undefined) saved = saved.where('user_id', '=', input.owner_id);
    if (!(await saved.executeTakeFirst())) return null;
    return searchCondition(db, { query: null, saved_search_id: source.saved_search_id });
  }
  const playlist = await db.selectFrom('playlists').select('id').where('id', '=', source.playlist_id).executeTakeFirst();
  if (!playlist) return null;
  // built, not raw SQL: the schema the service owns qualifies the subquery's table too
  return (eb) => eb('id', 'in', eb.selectFrom('playlist_items').select('media_id').where('playlist_id', '=', source.playlist_id).where('kind', '=', 'media').where('media_id', 'is not', null));
}

const kindsOf = (support: Input['support']) => [...(support.audio ? ['audio'] : []), ...(support.video ? ['video'] : [])];

export async function categorySongs(db: MediaDB, input: Input): Promise<CategorySongs> {
  const condition = await sourceCondition(db, input);
  if (!condition) return { found: false, songs: [], next: null };
  const kinds = kindsOf(input.support);
  if (kinds.length === 0) return { found: true, songs: [], next: null };
  const excluded = exclusionsOf(input.excluded_by as unknown[][]);
  const rows = await db
    .selectFrom('items')
    .where((eb) =>
      eb.and([
        // a song of unknown length cannot be placed in an hour
        sql<SqlBool>`is_approved and not is_archived and duration > 0`,
        eb('type', 'in', kinds),
        eb('id', '>', input.after),
        condition(eb),
        ...(excluded.length ? [eb.not(eb.or(excluded.map((c) => c(eb))))] : []),
      ]),
    )
    .select(['id', 'title', 'artist', 'album', 'type', 'duration'])
    .orderBy('id')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const sound = await soundOf(db, page.map((r) => r.id));
  const songs = page.map((r): CategorySong => {
    const s = sound.get(r.id);
    const whole = Number(r.duration);
    const cued = input.cues && s ? { cue_in: s.cue.cue_in, duration: Math.max(0, s.cue.cue_out - s.cue.cue_in) } : { duration: whole };
    return { id: r.id, title: r.title, artist: r.artist, album: r.album, type: r.type as CategorySong['type'], ...cued, ...(s?.loudness ? { loudness: s.loudness } : {}) };
  });
  return { found: true, songs, next: rows.length > input.limit ? page.at(-1)!.id : null };
}
