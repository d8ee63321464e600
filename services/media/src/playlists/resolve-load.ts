// media.internal.resolve-playlist and resolve-playlists (a batch): reads what the resolutions need
// (the playlists, the items they name, each dynamic item's picks, the station IDs that may air) in
// a few statements for the whole batch, and resolves each (resolve.ts).
import type { PlaylistResolution, PlaylistResolutionInput } from '@airwave/contracts';
import { sql, type SqlBool } from 'kysely';
import type { MediaDB, PlaylistRow } from '../schema';
import { parseFilters } from '../search/filters';
import { filtersCondition, type Condition } from '../search/rules';
import { ALL_ITEMS_CAP, searchCondition } from './dynamic';
import { pickMany, type PickRequest } from './picks';
import { soundOf } from '../analysis/queries';
import { playlistsByIds } from './queries';
import { resolveItems, type AirableItem, type ResolutionData } from './resolve';
import { storedItemOf, type StoredRow } from './stored-items';

const kindsFor = (support: PlaylistResolutionInput['support']) => [...(support.audio ? ['audio'] : []), ...(support.video ? ['video'] : []), ...(support.images ? ['image'] : [])];
const idsIn = (ids: number[]) => sql<SqlBool>`= any(${sql.val([...new Set(ids)])}::int[])`;

/** Airable library items among `ids`, by id. */
async function airableItems(db: MediaDB, ids: number[]): Promise<Map<number, AirableItem>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('items').select(['id', 'type', 'title', 'artist', 'duration']).where(sql<SqlBool>`id ${idsIn(ids)}`).where('is_approved', '=', true).where('is_archived', '=', false).execute();
  return new Map(rows.map((r) => [r.id, { ...r, duration: r.duration === null ? null : Number(r.duration) }]));
}

/** The items of each playlist, in order. */
async function itemsOf(db: MediaDB, ids: number[]): Promise<Map<number, StoredRow[]>> {
  const out = new Map<number, StoredRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('playlist_items').select(['playlist_id', 'kind', 'media_id', 'properties']).where(sql<SqlBool>`playlist_id ${idsIn(ids)}`).orderBy('playlist_id').orderBy('ord').execute();
  for (const row of rows) out.get(row.playlist_id)!.push(storedItemOf(row));
  return out;
}

/** The dayparting filter sets: an empty set excludes nothing (it would otherwise exclude everything). */
export const exclusionsOf = (sets: unknown[][]): Condition[] => sets.filter((set) => set.length > 0).map((set) => filtersCondition(parseFilters(set)));

/** The ids of the media items and voicetracks a playlist names. */
const namedIds = (rows: StoredRow[]) => rows.flatMap(({ item }) => (item.kind === 'media' || item.kind === 'voicetrack' ? [item.media_id] : []));

/**
 * A resolution's dynamic items' pick requests: each never an item the playlist names (excluded in
 * SQL) nor an earlier item's pick (dropped by `takePicks`: each asks for as many more as the
 * earlier ones may take, which gives what asking one after the other, excluding those too, would).
 */
async function pickRequests(db: MediaDB, rows: StoredRow[], input: PlaylistResolutionInput): Promise<(PickRequest & { wanted: number })[]> {
  const excluded = exclusionsOf(input.excluded_by as unknown[][]);
  const kinds = kindsFor(input.support);
  const used = namedIds(rows);
  const requests: (PickRequest & { wanted: number })[] = [];
  let earlier = 0;
  for (const [index, { item, search }] of rows.entries()) {
    if (item.kind !== 'dynamic') continue;
    const wanted = item.num_items ?? ALL_ITEMS_CAP;
    const condition = await searchCondition(db, search!);
    // A saved search that is gone finds nothing.
    requests.push({ condition: condition ?? (() => sql<SqlBool>`false`), seed: input.seed, index, kinds: condition ? kinds : [], excluded, used, limit: wanted + earlier, wanted });
    earlier += wanted;
  }
  return requests;
}

/** Each dynamic item's picks by its index, without the earlier items' picks. */
function takePicks(requests: { index: number; wanted: number }[], found: AirableItem[][]): Map<number, AirableItem[]> {
  const taken = new Set<number>();
  return new Map(
    requests.map(({ index, wanted }, i) => {
      const chosen = found[i]!.filter((item) => !taken.has(item.id)).slice(0, wanted);
      for (const item of chosen) taken.add(item.id);
      return [index, chosen];
    }),
  );
}

const playlistOut = (p: PlaylistRow) => ({ id: p.id, name: p.name, description: p.description, type: p.type as NonNullable<PlaylistResolution['playlist']>['type'], updated: p.updated.toISOString() });

/** Several resolutions at once (a rundown's blocks): the same answers as one by one. */
export async function resolvePlaylists(db: MediaDB, inputs: PlaylistResolutionInput[]): Promise<PlaylistResolution[]> {
  const playlists = new Map((await playlistsByIds(db, [...new Set(inputs.map((i) => i.playlist_id))])).map((p) => [p.id, p]));
  const rowsOf = await itemsOf(db, [...playlists.keys()]);
  const found = inputs.filter((input) => playlists.has(input.playlist_id));
  const requests = await Promise.all(found.map((input) => pickRequests(db, rowsOf.get(input.playlist_id)!, input)));
  const mediaIds = [...[...rowsOf.values()].flatMap(namedIds), ...inputs.flatMap((i) => i.station_ids)];
  const [airable, picks] = await Promise.all([airableItems(db, mediaIds), pickMany(db, requests.flat())]);
  let next = 0;
  const data = found.map((input, i) => {
    const rows = rowsOf.get(input.playlist_id)!;
    const candidates = takePicks(requests[i]!, picks.slice(next, (next += requests[i]!.length)));
    const media = new Map(namedIds(rows).flatMap((id) => (airable.has(id) ? [[id, airable.get(id)!] as const] : [])));
    const stationIds = input.station_ids.flatMap((id) => (airable.has(id) ? [airable.get(id)!] : []));
    return { items: rows.map((r) => r.item), media, candidates, stationIds };
  });
  const placed = await withSound(db, found, data);
  const resolved = new Map(found.map((input, i) => [input, { found: true, playlist: playlistOut(playlists.get(input.playlist_id)!), ...placed[i]! }]));
  return inputs.map((input) => resolved.get(input) ?? { found: false, playlist: null, items: [], duration: 0 });
}

/**
 * The resolutions with their items' analysed sound (one read for the batch): each item's loudness,
 * and where cues are asked, the items placed again from their cue-in to their cue-out, each next
 * over its tail. (An item that only the shorter lengths bring into a block airs whole.)
 */
async function withSound(db: MediaDB, inputs: PlaylistResolutionInput[], data: ResolutionData[]): Promise<Pick<PlaylistResolution, 'items' | 'duration'>[]> {
  const whole = data.map((d, i) => resolveItems(d, inputs[i]!));
  const sound = await soundOf(db, whole.flatMap((r) => r.items.flatMap((item) => (item.media_id === null ? [] : [item.media_id]))));
  if (sound.size === 0) return whole;
  const cues = new Map([...sound].map(([id, s]) => [id, s.cue]));
  return data.map((d, i) => {
    const { items, duration } = inputs[i]!.cues ? resolveItems({ ...d, cues }, inputs[i]!) : whole[i]!;
    return { duration, items: items.map((item) => (item.media_id !== null && sound.get(item.media_id)?.loudness ? { ...item, loudness: sound.get(item.media_id)!.loudness } : item)) };
  });
}

export const resolvePlaylist = async (db: MediaDB, input: PlaylistResolutionInput): Promise<PlaylistResolution> => (await resolvePlaylists(db, [input]))[0]!;
