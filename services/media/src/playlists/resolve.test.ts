// The pure resolution: properties over random playlists, libraries and players, and the rules' cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeEntries, resolveItems, seededIndex, type AirableItem, type ResolutionData, type StoredItem } from './resolve';

const library = fc.array(
  fc.record({ id: fc.integer({ min: 1, max: 60 }), type: fc.constantFrom('audio', 'video', 'image', 'document'), title: fc.string({ maxLength: 5 }), artist: fc.constant(''), duration: fc.option(fc.double({ min: 0, max: 600, noNaN: true })) }),
  { maxLength: 40 },
);
const stored: fc.Arbitrary<StoredItem> = fc.oneof(
  fc.record({ kind: fc.constant('media' as const), media_id: fc.integer({ min: 1, max: 60 }), crossfade: fc.double({ min: 0, max: 20, noNaN: true }), image_duration: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('dynamic' as const), num_items: fc.option(fc.integer({ min: 1, max: 8 })), crossfade: fc.double({ min: 0, max: 20, noNaN: true }), image_duration: fc.integer({ min: 1, max: 30 }) }),
  fc.record({
    kind: fc.constant('voicetrack' as const),
    media_id: fc.integer({ min: 1, max: 60 }),
    settings: fc.record({ voicetrack_volume: fc.double({ min: 0, max: 1, noNaN: true }), voicetrack_offset: fc.constant(0), voicetrack_fadeout_before: fc.constant(1), voicetrack_fadein_after: fc.constant(2) }),
  }),
  fc.constant({ kind: 'custom' as const, name: 'Weather' }),
  fc.constant({ kind: 'station_id' as const }),
  fc.constant({ kind: 'breakpoint' as const }),
);
const request = fc.record({
  seed: fc.string({ minLength: 1, maxLength: 10 }),
  support: fc.record({ audio: fc.boolean(), video: fc.boolean(), images: fc.boolean() }),
  station_id_image_duration: fc.integer({ min: 1, max: 30 }),
  max_duration: fc.option(fc.double({ min: 1, max: 5000, noNaN: true }), { nil: undefined }),
});

/** The data resolve-load.ts would read: every item of the library is a candidate of every dynamic item (a seeded order). */
function dataOf(items: StoredItem[], lib: AirableItem[], seed: string): ResolutionData {
  const byId = new Map(lib.map((item) => [item.id, item]));
  const unique = [...byId.values()];
  const candidates = new Map(items.flatMap((item, index) => (item.kind === 'dynamic' ? [[index, [...unique].sort((a, b) => seededIndex(`${seed}:${index}:${a.id}`, 1000) - seededIndex(`${seed}:${index}:${b.id}`, 1000))] as const] : [])));
  return { items, media: byId, candidates, stationIds: unique.slice(0, 3) };
}

describe('resolving a playlist', () => {
  it('has monotonic offsets, no repeated dynamic pick, nothing the player does not air, the same answer for the same seed', () => {
    fc.assert(
      fc.property(fc.array(stored, { maxLength: 15 }), library, request, (items, lib, req) => {
        const data = dataOf(items, lib, req.seed);
        const first = resolveItems(data, req);
        expect(resolveItems(data, req)).toEqual(first);
        const placed = first.items;
        placed.forEach((item, i) => {
          expect(item.order).toBe(i);
          if (i > 0) expect(item.offset).toBeGreaterThanOrEqual(placed[i - 1]!.offset);
          expect(item.crossfade).toBeLessThanOrEqual(item.duration);
          if (i < placed.length - 1) expect(item.crossfade).toBeLessThanOrEqual(placed[i + 1]!.duration);
          else expect(item.crossfade).toBe(0);
          if (item.type !== 'breakpoint') expect(req.support[item.type === 'image' ? 'images' : item.type]).toBe(true);
        });
        const picks = placed.filter((item) => item.source === 'dynamic').map((item) => item.media_id);
        expect(new Set(picks).size).toBe(picks.length);
        const named = new Set(items.flatMap((item) => (item.kind === 'media' || item.kind === 'voicetrack' ? [item.media_id] : [])));
        expect(picks.some((id) => named.has(id!))).toBe(false);
        // A voicetrack rides on the media item after it (never on a pick, a station ID or a breakpoint), an audio voice; custom items air nothing.
        for (const item of placed.filter((i) => i.voiceover)) expect([item.source, req.support.audio]).toEqual(['media', true]);
        expect(placed.filter((i) => i.voiceover).length).toBeLessThanOrEqual(items.filter((i) => i.kind === 'voicetrack').length);
        if (req.max_duration !== undefined && placed.length > 1) expect(placed[placed.length - 2]!.offset + placed[placed.length - 2]!.duration).toBeLessThan(req.max_duration);
        const last = placed[placed.length - 1];
        expect(first.duration).toBe(last ? last.offset + last.duration : 0);
      }),
      { numRuns: 500 },
    );
  });

  it('airs a voicetrack over the media item after it, taking no time of its own; without that item, not at all', () => {
    const settings = { voicetrack_volume: 0.2, voicetrack_offset: 1, voicetrack_fadeout_before: 0.5, voicetrack_fadein_after: 2 };
    const lib = new Map<number, AirableItem>([
      [1, { id: 1, type: 'audio', title: 'Voice', artist: 'Dawn', duration: 6.5 }],
      [2, { id: 2, type: 'audio', title: 'Song', artist: 'Band', duration: 180 }],
      [3, { id: 3, type: 'audio', title: 'Later', artist: 'Band', duration: 120 }],
    ]);
    const request = { seed: 's', support: { audio: true, video: false, images: false }, station_id_image_duration: 15 };
    const resolved = (items: ResolutionData['items']) => resolveItems({ items, media: lib, candidates: new Map(), stationIds: [] }, request);
    const voiced = resolved([{ kind: 'voicetrack', media_id: 1, settings }, { kind: 'media', media_id: 2, crossfade: 0, image_duration: 15 }, { kind: 'media', media_id: 3, crossfade: 0, image_duration: 15 }]);
    expect(voiced.items.map((i) => [i.media_id, i.offset, i.voiceover?.media_id ?? null])).toEqual([
      [2, 0, 1],
      [3, 180, null],
    ]);
    expect(voiced.items[0]!.voiceover).toEqual({ media_id: 1, title: 'Voice', artist: 'Dawn', duration: 6.5, ...settings });
    expect(voiced.duration).toBe(300);
    // the music gone (archived, say): its voice goes too; the voice gone: the music airs without it
    expect(resolved([{ kind: 'voicetrack', media_id: 1, settings }, { kind: 'media', media_id: 9, crossfade: 0, image_duration: 15 }, { kind: 'media', media_id: 3, crossfade: 0, image_duration: 15 }]).items.map((i) => [i.media_id, i.voiceover?.media_id ?? null])).toEqual([[3, null]]);
    expect(resolved([{ kind: 'voicetrack', media_id: 9, settings }, { kind: 'media', media_id: 2, crossfade: 0, image_duration: 15 }]).items.map((i) => [i.media_id, i.voiceover ?? null])).toEqual([[2, null]]);
  });

  it('limits a crossfade by both items, and keeps the item that crosses max_duration', () => {
    const entry = (duration: number, crossfade: number) => ({ source: 'media' as const, media_id: 1, type: 'audio' as const, title: '', artist: '', duration, crossfade });
    const placed = placeEntries([entry(100, 10), entry(5, 10), entry(50, 0), entry(60, 0)], 150);
    expect(placed.items.map((i) => [i.offset, i.crossfade])).toEqual([
      [0, 5],
      [95, 5],
      [95, 0],
      [145, 0],
    ]);
    expect(placed.duration).toBe(205);
    expect(placeEntries([entry(100, 0), entry(100, 0), entry(100, 0)], 150).items).toHaveLength(2);
  });

  it('airs analysed audio from its cue-in to its cue-out, the next starting over its tail unless the playlist sets a crossfade', () => {
    const lib = new Map<number, AirableItem>([
      [1, { id: 1, type: 'audio', title: 'Fades', artist: 'A', duration: 200 }],
      [2, { id: 2, type: 'audio', title: 'Hard ending', artist: 'B', duration: 180 }],
      [3, { id: 3, type: 'audio', title: 'Not analysed', artist: 'C', duration: 120 }],
    ]);
    // 1: sound from 1.5 s to 198 s, the next may start at 190 s (an 8 s fade); 2: ends hard at 179 s
    const cues = new Map([
      [1, { cue_in: 1.5, cue_out: 198, next_start: 190 }],
      [2, { cue_in: 0.25, cue_out: 179, next_start: 179 }],
    ]);
    const media = (id: number, crossfade = 0) => ({ kind: 'media' as const, media_id: id, crossfade, image_duration: 15 });
    const request = { seed: 's', support: { audio: true, video: false, images: false }, station_id_image_duration: 15 };
    const resolved = (items: ResolutionData['items'], withCues = true) => resolveItems({ items, media: lib, candidates: new Map(), stationIds: [], ...(withCues ? { cues } : {}) }, request);
    const placed = resolved([media(1), media(2), media(3), media(1)]);
    expect(placed.items.map((i) => [i.media_id, i.offset, i.duration, i.cue_in ?? 0, i.crossfade, i.segue ?? false])).toEqual([
      [1, 0, 196.5, 1.5, 8, true],
      [2, 188.5, 178.75, 0.25, 0, false],
      [3, 367.25, 120, 0, 0, false],
      [1, 487.25, 196.5, 1.5, 0, false],
    ]);
    expect(placed.duration).toBe(683.75);
    // the playlist's own crossfade over the computed one; without cues, whole files as before
    expect(resolved([media(1, 3), media(2)]).items.map((i) => [i.offset, i.crossfade, i.segue ?? false])).toEqual([[0, 3, false], [193.5, 0, false]]);
    expect(resolved([media(1), media(2)], false).items.map((i) => [i.offset, i.duration, i.cue_in ?? 0, i.crossfade])).toEqual([[0, 200, 0, 0], [200, 180, 0, 0]]);
  });

  it('takes num_items of the candidates, images for their image duration, and one station ID by the seed', () => {
    const lib: AirableItem[] = [
      { id: 1, type: 'audio', title: 'a', artist: '', duration: 10 },
      { id: 2, type: 'image', title: 'b', artist: '', duration: null },
      { id: 3, type: 'audio', title: 'c', artist: '', duration: 20 },
    ];
    const data: ResolutionData = {
      items: [{ kind: 'media', media_id: 1, crossfade: 0, image_duration: 15 }, { kind: 'dynamic', num_items: 1, crossfade: 0, image_duration: 7 }, { kind: 'station_id' }, { kind: 'breakpoint' }],
      media: new Map([[1, lib[0]!]]),
      candidates: new Map([[1, [lib[0]!, lib[1]!, lib[2]!]]]),
      stationIds: [lib[2]!],
    };
    const { items, duration } = resolveItems(data, { seed: 's', support: { audio: true, video: false, images: true }, station_id_image_duration: 9 });
    expect(items.map((i) => [i.source, i.media_id, i.duration, i.offset])).toEqual([
      ['media', 1, 10, 0],
      ['dynamic', 2, 7, 10],
      ['station_id', 3, 20, 17],
      ['breakpoint', null, 0, 37],
    ]);
    expect(duration).toBe(37);
  });
});
