// media.internal.resolve-playlist: reads what a resolution needs (the playlist, the items it names,
// each dynamic item's picks, the station IDs that may air) and resolves it (resolve.ts).
import type { PlaylistResolution, PlaylistResolutionInput } from '@airwave/contracts';
import type { MediaDB } from '../schema';
import { parseFilters } from '../search/filters';
import { filtersCondition, type Condition } from '../search/rules';
import { ALL_ITEMS_CAP, searchCondition } from './dynamic';
import { pickItems } from './picks';
import { findPlaylist, itemRowsOf } from './queries';
import { resolveItems, type AirableItem, type StoredItem } from './resolve';
import { storedItemOf, type StoredRow } from './stored-items';

const kindsFor = (support: PlaylistResolutionInput['support']) => [...(support.audio ? ['audio'] : []), ...(support.video ? ['video'] : []), ...(support.images ? ['image'] : [])];

/** Airable library items among `ids`, by id. */
async function airableItems(db: MediaDB, ids: number[]): Promise<Map<number, AirableItem>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('items').select(['id', 'type', 'title', 'artist', 'duration']).where('id', 'in', ids).where('is_approved', '=', true).where('is_archived', '=', false).execute();
  return new Map(rows.map((r) => [r.id, { ...r, duration: r.duration === null ? null : Number(r.duration) }]));
}

/** The dayparting filter sets: an empty set excludes nothing (it would otherwise exclude everything). */
const exclusionsOf = (sets: unknown[][]): Condition[] => sets.filter((set) => set.length > 0).map((set) => filtersCondition(parseFilters(set)));

/**
 * Every dynamic item's picks, asked all at once: each never an item the playlist names (excluded in
 * SQL) nor an earlier item's pick (dropped here: each asks for as many more as the earlier ones
 * may take, which gives what asking one after the other, excluding those too, would give).
 */
async function dynamicPicks(db: MediaDB, rows: StoredRow[], stored: StoredItem[], input: PlaylistResolutionInput) {
  const excluded = exclusionsOf(input.excluded_by as unknown[][]);
  const kinds = kindsFor(input.support);
  const named = stored.flatMap((item) => (item.kind === 'media' ? [item.media_id] : []));
  let earlier = 0;
  const asks = stored.flatMap((item, index) => {
    if (item.kind !== 'dynamic') return [];
    const wanted = item.num_items ?? ALL_ITEMS_CAP;
    const ask = { index, wanted, limit: wanted + earlier };
    earlier += wanted;
    return [ask];
  });
  const found = await Promise.all(
    asks.map(async ({ index, limit }) => {
      const condition = await searchCondition(db, rows[index]!.search!);
      return condition ? pickItems(db, condition, { seed: input.seed, index, kinds, excluded, used: named, limit }) : [];
    }),
  );
  const taken = new Set<number>();
  const picks = new Map<number, AirableItem[]>();
  asks.forEach(({ index, wanted }, i) => {
    const chosen = found[i]!.filter((item) => !taken.has(item.id)).slice(0, wanted);
    for (const item of chosen) taken.add(item.id);
    picks.set(index, chosen);
  });
  return picks;
}

export async function resolvePlaylist(db: MediaDB, input: PlaylistResolutionInput): Promise<PlaylistResolution> {
  const playlist = await findPlaylist(db, input.playlist_id);
  if (!playlist) return { found: false, playlist: null, items: [], duration: 0 };
  const rows = (await itemRowsOf(db, playlist.id)).map(storedItemOf);
  const stored = rows.map((row) => row.item);
  const mediaIds = stored.flatMap((item) => (item.kind === 'media' ? [item.media_id] : []));
  const [media, stations, candidates] = await Promise.all([airableItems(db, mediaIds), airableItems(db, input.station_ids), dynamicPicks(db, rows, stored, input)]);
  const stationIds = input.station_ids.flatMap((id) => (stations.has(id) ? [stations.get(id)!] : []));
  const resolved = resolveItems({ items: stored, media, candidates, stationIds }, input);
  return {
    found: true,
    playlist: { id: playlist.id, name: playlist.name, description: playlist.description, type: playlist.type as 'standard' | 'advanced', updated: playlist.updated.toISOString() },
    ...resolved,
  };
}
