import type { Alert, RundownBlock, RundownItem } from '@airwave/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertPlays, spliceAlerts } from './alerts';
import { buildPlan, onAirAt, replacing, resumeAt } from './build';

const T0 = Date.parse('2026-11-26T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const item = (order: number, media_id: number | null, offset: number, duration: number, extra: Partial<RundownItem> = {}): RundownItem => ({
  order,
  media_id,
  type: 'audio',
  title: `t${media_id}`,
  artist: 'a',
  offset,
  duration,
  crossfade: 0,
  ...extra,
});
const block = (start: number, seconds: number, kind: RundownBlock['kind'], items: RundownItem[], show_id = 7): RundownBlock => ({
  start: iso(start),
  end: iso(start + seconds * 1000),
  kind,
  show_id: kind === 'default_playlist' ? 0 : show_id,
  occurrence_start: null,
  playlist_id: 1,
  name: kind === 'default_playlist' ? 'Default Playlist' : 'Morning',
  description: '',
  last_updated: 1,
  items,
});
const files = new Map([1, 2, 3, 4, 9].map((id) => [id, `/cache/${id}.mp3`]));

describe('buildPlan: loudness', () => {
  it("airs each analysed item at the player's target, and the others at their own level", () => {
    const loud = { integrated_lufs: -8, true_peak: -0.5 };
    const blocks = [block(T0, 3600, 'show', [item(0, 1, 0, 200, { loudness: loud }), item(1, 2, 200, 100)])];
    expect(buildPlan({ player_id: 3, blocks, alerts: [], files, from: T0, loudnessTarget: -16 }).items.map((i) => i.gain_db)).toEqual([-8, 0]);
    expect(buildPlan({ player_id: 3, blocks, alerts: [], files, from: T0 }).items.map((i) => i.gain_db)).toEqual([0, 0]);
  });
});

describe('buildPlan: a voicetrack over its item', () => {
  const voiceover = (media_id: number) => ({ media_id, title: 'Link', artist: 'Dawn', duration: 6.5, voicetrack_volume: 0.2, voicetrack_offset: 3, voicetrack_fadeout_before: 1.5, voicetrack_fadein_after: 2 });

  it('carries the voice at its instants (the fade down from the offset, the voice after it) with its file', () => {
    const plan = buildPlan({ player_id: 3, blocks: [block(T0, 3600, 'show', [item(0, 1, 0, 200), item(1, 2, 200, 100, { voiceover: voiceover(9) })])], alerts: [], files, from: T0 });
    expect(plan.items[0]!.voiceover).toBeUndefined();
    expect(plan.items[1]!.voiceover).toEqual({
      media_id: 9, path: '/cache/9.mp3', title: 'Link', artist: 'Dawn',
      start: T0 + 204_500, duration: 6500, duck: { down_at: T0 + 203_000, down_s: 1.5, level: 0.2, up_s: 2 },
    });
  });

  it('airs the item without its voice when the voice has no file here', () => {
    const plan = buildPlan({ player_id: 3, blocks: [block(T0, 3600, 'show', [item(0, 1, 0, 200, { voiceover: voiceover(42) })])], alerts: [], files, from: T0 });
    expect(plan.items.map((i) => [i.media_id, i.voiceover ?? null])).toEqual([[1, null]]);
  });
});

describe('buildPlan', () => {
  const blocks = [
    block(T0 - 600_000, 600, 'default_playlist', [item(0, 3, 0, 300), item(1, 4, 300, 300)]),
    block(T0, 3600, 'show', [item(0, 1, 0, 200, { crossfade: 2 }), item(1, 5, 200, 100), item(2, null, 300, 0, { type: 'breakpoint' }), item(3, 2, 300, 4000)]),
    block(T0 + 3_600_000, 1800, 'linein', [item(0, null, 0, 1800, { type: 'linein' })], 8),
  ];

  it('places every airable item at its instant: a hard start at a show, crossfades, fill as fallback, line-in as live', () => {
    const plan = buildPlan({ player_id: 3, blocks, alerts: [], files, from: T0 - 600_000 });
    expect(plan.items.map((i) => [i.media_id, i.start - T0, i.duration, i.hard, i.context, i.kind])).toEqual([
      [3, -600_000, 300_000, false, 'fallback', 'file'],
      [4, -300_000, 300_000, false, 'fallback', 'file'],
      [1, 0, 200_000, true, 'show', 'file'],
      // media 5 has no local file: left to the fallback; the breakpoint airs nothing; the last item is cut to the show.
      [2, 300_000, 3_300_000, false, 'show', 'file'],
      [null, 3_600_000, 1_800_000, true, 'show', 'live'],
    ]);
    expect(plan.items[2]).toMatchObject({ crossfade: 2, path: '/cache/1.mp3', show_name: 'Morning', show_id: 7 });
    expect(plan.fallback.map((i) => i.media_id)).toEqual([3, 4]);
  });

  it("gives a live item its show's own source password, and none (the player's) without one", () => {
    const own = buildPlan({ player_id: 3, blocks: [blocks[0]!, blocks[1]!, { ...blocks[2]!, source_password: 'show-secret' }], alerts: [], files, from: T0 });
    expect(own.items.find((i) => i.kind === 'live')?.password).toBe('show-secret');
    const none = buildPlan({ player_id: 3, blocks: [{ ...blocks[2]!, source_password: null }], alerts: [], files, from: T0 });
    expect(none.items[0]).not.toHaveProperty('password');
  });

  it('leaves out what ended before `from`', () => {
    expect(buildPlan({ player_id: 3, blocks, alerts: [], files, from: T0 + 10_000 }).items[0]!.media_id).toBe(1);
  });

  it('resumes the item on air at its offset, hard, on a start or takeover', () => {
    const plan = resumeAt(buildPlan({ player_id: 3, blocks, alerts: [], files, from: T0 }), T0 + 42_500);
    expect(plan.items[0]).toMatchObject({ media_id: 1, start: T0 + 42_500, duration: 157_500, cue_in: 42.5, hard: true });
    expect(onAirAt(plan, T0 + 50_000)?.media_id).toBe(1);
  });

  it('lets a change take effect at the next boundary, or at once when the item on air is gone', () => {
    const before = buildPlan({ player_id: 3, blocks, alerts: [], files, from: T0 });
    const later = buildPlan({ player_id: 3, blocks: [block(T0, 3600, 'show', [item(0, 1, 0, 200), item(1, 4, 200, 100)])], alerts: [], files, from: T0 });
    expect(replacing(before, later, T0 + 10_000)).toEqual(later);
    const other = buildPlan({ player_id: 3, blocks: [block(T0, 3600, 'show', [item(0, 9, 0, 600)], 11)], alerts: [], files, from: T0 });
    expect(replacing(before, other, T0 + 10_000).items[0]).toMatchObject({ media_id: 9, start: T0 + 10_000, cue_in: 10, hard: true });
  });

  it('keeps an item resumed at its offset while a rebuilt plan has it unchanged (a refresh changes nothing)', () => {
    const built = buildPlan({ player_id: 3, blocks, alerts: [], files, from: T0 });
    const first = resumeAt(built, T0 + 42_500);
    const again = replacing(first, buildPlan({ player_id: 3, blocks, alerts: [], files, from: T0 + 43_000 }), T0 + 43_000);
    expect(again.items).toEqual(first.items);
    // the item itself changed (another length): the new plan's
    const longer = buildPlan({ player_id: 3, blocks: [block(T0, 3600, 'show', [item(0, 1, 0, 250)])], alerts: [], files, from: T0 + 43_000 });
    expect(replacing(first, longer, T0 + 43_000).items[0]).toMatchObject({ start: T0, duration: 250_000, cue_in: 0 });
  });
});

describe('alerts', () => {
  const alert = (over: Partial<Alert> = {}): Alert => ({
    id: 5,
    name: 'Flood',
    player_id: 3,
    user_id: 1,
    item_id: 9,
    item_name: 'Flood warning',
    item_duration: 30,
    frequency: 600,
    duration: null,
    start: iso(T0 + 60_000),
    stop: iso(T0 + 1_400_000),
    mode: 'alert' as Alert['mode'],
    ...over,
  });

  it('plays an alert at its start and `frequency` seconds after each play ends, until its stop', () => {
    const plays = alertPlays([alert()], files, T0, T0 + 86_400_000);
    expect(plays.map((p) => p.start - T0)).toEqual([60_000, 690_000, 1_320_000]);
    expect(alertPlays([alert({ item_id: 77 })], files, T0, T0 + 86_400_000)).toEqual([]);
  });

  it('interrupts the item planned then, which resumes after it at its later offset', () => {
    const items = buildPlan({ player_id: 3, blocks: [block(T0, 3600, 'show', [item(0, 1, 0, 200)])], alerts: alertPlays([alert()], files, T0, T0 + 200_000), files, from: T0 }).items;
    expect(items.map((i) => [i.context, i.start - T0, i.duration, i.cue_in, i.hard])).toEqual([
      ['show', 0, 60_000, 0, true],
      ['emerg', 60_000, 30_000, 0, true],
      ['show', 90_000, 110_000, 90, true],
    ]);
  });

  it('never lets items overlap past their crossfades, and keeps every instant covered as before or by an alert', () => {
    const arbItems = fc.array(fc.record({ offset: fc.integer({ min: 0, max: 3000 }), duration: fc.integer({ min: 1, max: 600 }) }), { maxLength: 8 });
    const arbAlerts = fc.array(fc.record({ at: fc.integer({ min: 0, max: 3600 }), length: fc.integer({ min: 1, max: 120 }) }), { maxLength: 4 });
    fc.assert(
      fc.property(arbItems, arbAlerts, (raw, rawAlerts) => {
        // Back-to-back items as a rundown has them.
        let offset = 0;
        const its = raw.map((r, i) => {
          const it = item(i, 1, offset, r.duration);
          offset += r.duration;
          return it;
        });
        const plays = rawAlerts.map((a, i) => ({ alert_id: i, media_id: 9, title: 'x', path: '/a', start: T0 + a.at * 1000, duration: a.length * 1000 }));
        const base = buildPlan({ player_id: 1, blocks: [block(T0, 4000 * 10, 'show', its)], alerts: [], files, from: T0 }).items;
        const spliced = spliceAlerts(base, [...plays].sort((a, b) => a.start - b.start));
        for (let i = 1; i < spliced.length; i += 1) expect(spliced[i]!.start).toBeGreaterThanOrEqual(spliced[i - 1]!.start + spliced[i - 1]!.duration);
        const covered = (list: typeof base, t: number) => list.some((x) => x.start <= t && t < x.start + x.duration);
        for (let t = T0; t < T0 + offset * 1000; t += 7_000) if (covered(base, t)) expect(covered(spliced, t)).toBe(true);
      }),
    );
  });
});
