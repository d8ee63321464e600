// The rundown_blocks table: each block's resolution per (player, start), and marking the ones that
// have not begun stale when something they depend on changes (docs/decisions/rundown.md, "Caching").
import type { RundownItem } from '@airwave/contracts';
import { sql } from 'kysely';
import type { SchedulingDB } from '../schema';

export interface CachedBlock {
  start: number;
  /** Where the block ends in the rundown it was resolved for. */
  end: number;
  kind: string;
  showId: number;
  inputs: string;
  playlistId: number | null;
  name: string;
  description: string;
  duration: number;
  items: RundownItem[];
  lastUpdated: number;
  stale: boolean;
  /** A clock block (issue 45): its clock, and what its hour could not do. */
  clockId?: number | null;
  warnings?: string[];
}

const storedVoiceover = (v: NonNullable<RundownItem['voiceover']>) => ({
  media_id: v.media_id,
  title: v.title,
  artist: v.artist,
  duration: v.duration,
  voicetrack_volume: v.voicetrack_volume,
  voicetrack_offset: v.voicetrack_offset,
  voicetrack_fadeout_before: v.voicetrack_fadeout_before,
  voicetrack_fadein_after: v.voicetrack_fadein_after,
});

/**
 * An item with its fields in the order the rundown writes them: jsonb keeps keys in an order of its
 * own, and a re-resolution is compared with the stored items as JSON text ("last_updated moves only
 * when the answer changes").
 */
const storedItem = (i: RundownItem): RundownItem => ({ order: i.order, media_id: i.media_id, type: i.type, title: i.title, artist: i.artist, offset: i.offset, duration: i.duration, crossfade: i.crossfade, ...(i.cue_in ? { cue_in: i.cue_in } : {}), ...(i.segue ? { segue: true } : {}), ...(i.loudness ? { loudness: { integrated_lufs: i.loudness.integrated_lufs, true_peak: i.loudness.true_peak } } : {}), ...(i.voiceover ? { voiceover: storedVoiceover(i.voiceover) } : {}), ...(i.rotation ? { rotation: storedRotation(i.rotation) } : {}) });

const storedRotation = (r: NonNullable<RundownItem['rotation']>) => ({ clock_id: r.clock_id, slot: r.slot, category_id: r.category_id, relaxed: r.relaxed, broken: r.broken, pick: r.pick, ...(r.replaced ? { replaced: true } : {}) });

/** A player's cached blocks starting in [from, to), by start. */
export async function cachedBlocks(db: SchedulingDB, playerId: number, from: number, to: number): Promise<Map<number, CachedBlock>> {
  const rows = await db
    .selectFrom('rundown_blocks')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('start', '>=', new Date(from))
    .where('start', '<', new Date(to))
    .execute();
  return new Map(
    rows.map((r) => [
      r.start.getTime(),
      {
        start: r.start.getTime(),
        end: r.end.getTime(),
        kind: r.kind,
        showId: r.show_id,
        inputs: r.inputs,
        playlistId: r.playlist_id,
        name: r.name,
        description: r.description,
        duration: Number(r.duration),
        items: (r.items as RundownItem[]).map(storedItem),
        lastUpdated: Number(r.last_updated),
        stale: r.stale,
        clockId: r.clock_id,
        warnings: r.warnings,
      },
    ]),
  );
}

const rowOf = (playerId: number, block: CachedBlock) => ({
  player_id: playerId,
  start: new Date(block.start),
  end: new Date(block.end),
  kind: block.kind,
  show_id: block.showId,
  inputs: block.inputs,
  playlist_id: block.playlistId,
  media_ids: [...new Set(block.items.flatMap((i) => (i.media_id ? [i.media_id] : [])))],
  name: block.name,
  description: block.description,
  duration: block.duration,
  items: JSON.stringify(block.items),
  last_updated: block.lastUpdated,
  stale: false,
  clock_id: block.clockId ?? null,
  warnings: JSON.stringify(block.warnings ?? []),
});

/** Stores blocks' resolutions in one statement (a later one at the same start replaces it; of blocks sent together at one start, the last). */
export async function storeBlocks(db: SchedulingDB, playerId: number, blocks: readonly CachedBlock[]) {
  const byStart = new Map(blocks.map((block) => [block.start, block]));
  if (byStart.size === 0) return;
  await db
    .insertInto('rundown_blocks')
    .values([...byStart.values()].map((block) => rowOf(playerId, block)))
    .onConflict((oc) =>
      oc.columns(['player_id', 'start']).doUpdateSet((eb) => ({
        end: eb.ref('excluded.end'),
        kind: eb.ref('excluded.kind'),
        show_id: eb.ref('excluded.show_id'),
        inputs: eb.ref('excluded.inputs'),
        playlist_id: eb.ref('excluded.playlist_id'),
        media_ids: eb.ref('excluded.media_ids'),
        name: eb.ref('excluded.name'),
        description: eb.ref('excluded.description'),
        duration: eb.ref('excluded.duration'),
        items: eb.ref('excluded.items'),
        last_updated: eb.ref('excluded.last_updated'),
        stale: eb.ref('excluded.stale'),
        clock_id: eb.ref('excluded.clock_id'),
        warnings: eb.ref('excluded.warnings'),
      })),
    )
    .execute();
}

/** Which cached blocks a change reaches: every one of some players, of a playlist, or holding some media items. */
export type Reach = { players: number[] } | { all: true } | { playlistId: number } | { mediaIds: number[] } | { clockIds: number[] };

/**
 * Marks the blocks a change reaches that have not begun (start after `now`) stale; answers, per
 * player, the span they cover (ms), for `scheduling.rundown.changed`.
 */
export async function markStale(trx: SchedulingDB, reach: Reach, now: number): Promise<{ playerId: number; start: number; end: number }[]> {
  let query = trx.updateTable('rundown_blocks').set({ stale: true }).where('start', '>', new Date(now));
  if ('players' in reach) query = query.where('player_id', 'in', reach.players.length ? reach.players : [0]);
  if ('playlistId' in reach) query = query.where('playlist_id', '=', reach.playlistId);
  if ('mediaIds' in reach) query = query.where(sql<boolean>`media_ids && ${sql.val(reach.mediaIds)}::integer[]`);
  if ('clockIds' in reach) query = query.where('clock_id', 'in', reach.clockIds.length ? reach.clockIds : [0]);
  const rows = await query.returning(['player_id', 'start', 'end']).execute();
  const spans = new Map<number, { playerId: number; start: number; end: number }>();
  for (const row of rows) {
    const start = row.start.getTime();
    const end = row.end.getTime();
    const span = spans.get(row.player_id) ?? { playerId: row.player_id, start, end };
    spans.set(row.player_id, { playerId: row.player_id, start: Math.min(span.start, start), end: Math.max(span.end, end) });
  }
  return [...spans.values()];
}

/** Whether a change to these media items reaches a cached block that has not begun (markStale would mark one). */
export async function reachesAny(db: SchedulingDB, reach: { mediaIds: number[] }, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('rundown_blocks')
    .select('player_id')
    .where('start', '>', new Date(now))
    .where(sql<boolean>`media_ids && ${sql.val(reach.mediaIds)}::integer[]`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
