// One block's items: a media show, a line-in show, a playlist asked of the media service (a fake
// answer here: what the rundown sends it and makes of its answer), items cut to the block; and
// what a child player takes from its parent.
import type { PlaylistResolution, PlaylistResolutionInput, ResolvedItem } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { rundownPlayerOf } from './player';
import { cutItems, resolveLinein, resolveMediaShow, resolvePlaylistBlock, type Airing, type MediaFacts, type Sources } from './resolve';

const airing: Airing = { support: { audio: true, video: false, images: true, linein: true }, stationIds: [70, 71], stationIdImageDuration: 8, cues: true };
const item = (order: number, type: ResolvedItem['type'], offset: number, duration: number, extra: Partial<ResolvedItem> = {}): ResolvedItem => ({
  order,
  source: type === 'breakpoint' ? 'breakpoint' : 'media',
  media_id: type === 'breakpoint' ? null : 100 + order,
  type,
  title: `Item ${order}`,
  artist: 'Artist',
  duration,
  crossfade: 0,
  offset,
  ...extra,
});

function fakeSources(answer: PlaylistResolution) {
  const asked: PlaylistResolutionInput[] = [];
  const sources: Sources = {
    resolvePlaylist: async (input) => {
      asked.push(input);
      return answer;
    },
    media: async () => new Map(),
  };
  return { sources, asked };
}

const playlist = { id: 5, name: 'Mornings', description: 'Wake up', type: 'standard' as const, updated: '2026-06-01T00:00:00Z' };

describe('resolvePlaylistBlock', () => {
  const answer: PlaylistResolution = {
    found: true,
    playlist,
    items: [item(0, 'audio', 0, 180, { crossfade: 2 }), item(1, 'breakpoint', 178, 0), item(2, 'image', 178, 8, { source: 'station_id', media_id: 70 }), item(3, 'audio', 186, 200)],
    duration: 386,
  };

  it("asks the media service with the player's support flags, station IDs, the dayparting in force, the seed and the length", async () => {
    const { sources, asked } = fakeSources(answer);
    await resolvePlaylistBlock(sources, airing, { playlistId: 5, seed: '3:1780300800000', maxS: 3600, excludedBy: [[{ filter: 'genre', op: 'eq', val: 'Talk' }]], dropBreakpoints: false });
    expect(asked).toEqual([
      {
        playlist_id: 5,
        seed: '3:1780300800000',
        support: { audio: true, video: false, images: true },
        station_ids: [70, 71],
        station_id_image_duration: 8,
        excluded_by: [[{ filter: 'genre', op: 'eq', val: 'Talk' }]],
        max_duration: 3600,
        cues: true,
      },
    ]);
  });

  it('keeps the cue-in and the segue the media service answers', async () => {
    const { sources } = fakeSources({ ...answer, items: [item(0, 'audio', 0, 176.5, { cue_in: 1.25, crossfade: 3.5, segue: true }), item(1, 'audio', 173, 120)] });
    const block = await resolvePlaylistBlock(sources, airing, { playlistId: 5, seed: 's', maxS: 3600, excludedBy: [], dropBreakpoints: false });
    expect(block.items[0]).toEqual({ order: 0, media_id: 100, type: 'audio', title: 'Item 0', artist: 'Artist', offset: 0, duration: 176.5, crossfade: 3.5, cue_in: 1.25, segue: true });
    expect(block.items[1]).not.toHaveProperty('segue');
  });

  it("keeps a show's breakpoints and drops a default block's, numbering the items again", async () => {
    const { sources } = fakeSources(answer);
    const show = await resolvePlaylistBlock(sources, airing, { playlistId: 5, seed: 's', maxS: 3600, excludedBy: [], dropBreakpoints: false });
    expect(show).toMatchObject({ name: 'Mornings', description: 'Wake up', playlistId: 5, duration: 386 });
    expect(show.items.map((i) => i.type)).toEqual(['audio', 'breakpoint', 'image', 'audio']);
    const fill = await resolvePlaylistBlock(sources, airing, { playlistId: 5, seed: 's', maxS: 3600, excludedBy: [], dropBreakpoints: true });
    expect(fill.items.map((i) => [i.order, i.type, i.offset, i.media_id])).toEqual([
      [0, 'audio', 0, 100],
      [1, 'image', 178, 70],
      [2, 'audio', 186, 103],
    ]);
    expect(fill.items[0]).toEqual({ order: 0, media_id: 100, type: 'audio', title: 'Item 0', artist: 'Artist', offset: 0, duration: 180, crossfade: 2 });
  });

  it('keeps the voice aired over an item on that item', async () => {
    const voiceover = { media_id: 7, title: 'Voice', artist: 'Dawn', duration: 6.5, voicetrack_volume: 0.2, voicetrack_offset: 1, voicetrack_fadeout_before: 0.5, voicetrack_fadein_after: 2 };
    const { sources } = fakeSources({ ...answer, items: [item(0, 'audio', 0, 180, { voiceover }), item(1, 'audio', 180, 120)] });
    const block = await resolvePlaylistBlock(sources, airing, { playlistId: 5, seed: 's', maxS: 3600, excludedBy: [], dropBreakpoints: false });
    expect(block.items[0]).toEqual({ order: 0, media_id: 100, type: 'audio', title: 'Item 0', artist: 'Artist', offset: 0, duration: 180, crossfade: 0, voiceover });
    expect(block.items[1]!.voiceover).toBeUndefined();
  });

  it('answers no items for a playlist that is gone', async () => {
    const { sources } = fakeSources({ found: false, playlist: null, items: [], duration: 0 });
    expect(await resolvePlaylistBlock(sources, airing, { playlistId: 9, seed: 's', maxS: 60, excludedBy: [], dropBreakpoints: false })).toEqual({ name: '', description: '', playlistId: 9, items: [], duration: 0 });
  });
});

describe('a media show and a line-in show', () => {
  const media: Record<number, MediaFacts> = {
    1: { title: 'Long mix', artist: 'DJ', duration: 7200, type: 'audio' },
    2: { title: 'Clip', artist: '', duration: 30, type: 'video' },
    3: { title: 'Logo', artist: '', duration: null, type: 'image' },
  };

  it('airs the item for at most the show, an image for the whole show', () => {
    expect(resolveMediaShow(media[1]!, airing, 1, 3600)).toEqual({
      name: 'Long mix',
      description: 'DJ - Long mix',
      playlistId: null,
      duration: 3600,
      items: [{ order: 0, media_id: 1, type: 'audio', title: 'Long mix', artist: 'DJ', offset: 0, duration: 3600, crossfade: 0 }],
    });
    expect(resolveMediaShow(media[3]!, airing, 3, 900).items[0]).toMatchObject({ type: 'image', duration: 900 });
  });

  it('airs nothing the player cannot air, or that is gone', () => {
    expect(resolveMediaShow(media[2]!, airing, 2, 600).items).toEqual([]);
    expect(resolveMediaShow(null, airing, 4, 600).items).toEqual([]);
  });

  it('has one line-in item for the whole show', () => {
    expect(resolveLinein(1800).items).toEqual([{ order: 0, media_id: null, type: 'linein', title: 'Line-In', artist: '', offset: 0, duration: 1800, crossfade: 0 }]);
  });
});

describe('cutItems', () => {
  it('drops the items starting after the block ends and cuts the last one', () => {
    const items = resolveLinein(100).items.concat([{ order: 1, media_id: 3, type: 'audio', title: '', artist: '', offset: 100, duration: 50, crossfade: 5 }]);
    expect(cutItems(items, 120).map((i) => [i.offset, i.duration, i.crossfade])).toEqual([
      [0, 100, 0],
      [100, 20, 5],
    ]);
    expect(cutItems(items, 100)).toHaveLength(1);
  });
});

describe('rundownPlayerOf', () => {
  const row = (id: number, extra: Record<string, unknown> = {}) => ({
    id,
    timezone: 'Europe/London',
    support_audio: true,
    support_video: true,
    support_images: true,
    support_linein: id === 1,
    station_id_image_duration: 10 + id,
    default_playlist_id: 50 + id,
    use_parent_schedule: false,
    use_parent_dynamic: false,
    use_parent_ids: false,
    use_parent_playlist: false,
    playout: id === 1 ? 'airwave' : 'external',
    ...extra,
  });
  const parent = { row: row(1), stationIds: [11] };

  it("takes the parent's schedule and picks, keeping its own station IDs and flags", () => {
    const child = rundownPlayerOf(row(2, { use_parent_schedule: true, use_parent_dynamic: true }), [22], parent);
    expect(child).toMatchObject({ id: 2, schedulePlayerId: 1, seedPlayerId: 1, defaultPlaylistId: 52, airing: { stationIds: [22], stationIdImageDuration: 12, support: { linein: false }, cues: false } });
  });

  it("takes the parent's station IDs and default playlist when told to", () => {
    const child = rundownPlayerOf(row(2, { use_parent_ids: true, use_parent_playlist: true }), [], parent);
    expect(child).toMatchObject({ schedulePlayerId: 2, seedPlayerId: 2, defaultPlaylistId: 51, airing: { stationIds: [11], stationIdImageDuration: 11 } });
  });

  it('airs from cue points only where Airwave airs the player (its own playout, not its parent’s)', () => {
    expect(rundownPlayerOf(row(1), [], null).airing.cues).toBe(true);
    expect(rundownPlayerOf(row(2, { use_parent_schedule: true }), [], parent).airing.cues).toBe(false);
  });
});
