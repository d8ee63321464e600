import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Plan, PlannedItem } from './plan';
import { cutOf, defaultTimelineOptions, fallbackPlaylist, requestUri, timeline, type PushAction } from './timeline';

const T = 1_800_000_000_000;
let n = 0;
function item(start: number, duration: number, extra: Partial<PlannedItem> = {}): PlannedItem {
  n += 1;
  return {
    key: `b:${n}`, kind: 'file', path: `/m/${n}.wav`, media_id: n, title: `t${n}`, artist: 'a',
    start: T + start, duration, cue_in: 0, gain_db: 0, crossfade: 0, hard: false, context: 'show', show_id: 1, show_name: 's',
    ...extra,
  };
}
const plan = (items: PlannedItem[], fallback: PlannedItem[] = []): Plan => ({ player_id: 1, items, fallback });
const pushes = (p: Plan, now: number, state = {}) => timeline(p, now, {}, state).filter((a): a is PushAction => a.kind === 'push');

/** A voice of `duration` ms over an item starting at `start`: down at +`offset` over `down` s, back over `up` s. */
const voiced = (start: number, offset: number, down: number, duration: number, up: number, level = 0.1): PlannedItem['voiceover'] => ({
  media_id: 900, path: '/m/voice.wav', title: 'Link', artist: 'Dawn',
  start: T + start + offset + down * 1000, duration, duck: { down_at: T + start + offset, down_s: down, level, up_s: up },
});

describe('timeline: a voicetrack over its item', () => {
  it("pushes the voice to the voice deck over its music, ahead by the music's fade down, with its ducking", () => {
    const a = item(0, 30_000, { voiceover: voiced(0, 2000, 1, 6000, 2) });
    const b = item(30_000, 30_000);
    const out = pushes(plan([a, b]), T - 20_000);
    const voice = out.find((p) => p.deck === 'voice')!;
    expect(voice).toMatchObject({ key: `${a.key}:voice`, channel: 'voice', at: T + 3000 - 8000 - 1000, from: T + 3000, endAt: T + 9000, cueIn: 0 });
    expect(voice.item).toMatchObject({ media_id: 900, path: '/m/voice.wav', duck: { down_at: T + 2000, down_s: 1, level: 0.1, up_s: 2 } });
    // the music's own pushes are as without a voice
    expect(out.filter((p) => p.deck !== 'voice').map((p) => [p.key, p.deck, p.from - T])).toEqual([[a.key, 'deck_a', 0], [b.key, 'deck_b', 30_000]]);
  });

  it('never lets a voice outlive its music: a hard start cuts both', () => {
    const a = item(0, 30_000, { voiceover: voiced(0, 2000, 1, 6000, 2) });
    const hard = item(5000, 30_000, { hard: true });
    const voice = pushes(plan([a, hard]), T - 20_000).find((p) => p.deck === 'voice')!;
    expect([voice.from - T, voice.endAt - T]).toEqual([3000, 5000]);
    // cut before the voice begins: no voice
    expect(pushes(plan([a, item(2500, 30_000, { hard: true })]), T - 20_000).some((p) => p.deck === 'voice')).toBe(false);
  });

  it('resumes a voice at its offset in the piece of its item after an alert, and pushes the next voice ahead as any item', () => {
    const a = item(0, 30_000, { voiceover: voiced(0, 2000, 1, 6000, 2) });
    const rest = { ...a, key: `${a.key}@5000`, start: T + 5000, duration: 25_000, cue_in: 5, hard: true };
    const b = item(30_000, 30_000, { voiceover: voiced(30_000, 0, 0, 4000, 0) });
    const voices = pushes(plan([{ ...a, duration: 4000 }, item(4000, 1000, { context: 'emerg', hard: true }), rest, b]), T - 20_000).filter((p) => p.deck === 'voice');
    expect(voices.map((p) => [p.key, p.from - T, p.endAt - T, p.cueIn])).toEqual([
      [`${a.key}:voice`, 3000, 4000, 0],
      [`${rest.key}:voice`, 5000, 9000, 2],
      [`${b.key}:voice`, 30_000, 34_000, 0],
    ]);
    // pushed ahead as any item: the deck's window closed, its ducking still fading back up in the other envelope
    expect(voices[2]!.at - T).toBe(30_000 - 8000);
  });
});

describe('timeline: what the engine tells Liquidsoap when', () => {
  it('pushes back-to-back items ahead on alternating decks, each opening at its start', () => {
    const [a, b, c] = [item(0, 4000), item(4000, 4000), item(8000, 4000)];
    const out = pushes(plan([a!, b!, c!]), T - 10_000);
    expect(out.map((p) => [p.key, p.deck, p.at - T, p.from - T, p.until - T])).toEqual([
      [a!.key, 'deck_a', -8000, 0, 4060],
      [b!.key, 'deck_b', -4000, 4000, 8060],
      [c!.key, 'deck_a', 4160, 8000, 12060], // its deck is free once a's window closed
    ]);
    expect(out.map((p) => [p.cueIn, p.cueOut])).toEqual([[0, 4.025], [0, 4.025], [0, 4.025]]);
  });

  it('starts an item under way at a known instant just after its push, at its cue-in plus the lateness then', () => {
    const a = item(0, 10_000, { cue_in: 1.5 });
    const [p] = pushes(plan([a]), T + 2500);
    expect(p).toMatchObject({ at: T + 2500, from: T + 3500, cueIn: 5, cueOut: 11.525, airsAt: T + 3500 });
  });

  it('takes items that overlap by the rundown\'s rounding (a millisecond or two) as back to back, not as a cut', () => {
    const [a, b] = [item(0, 4000), item(3999, 4000)];
    expect(cutOf(a, b, defaultTimelineOptions)).toEqual({ endAt: T + 4000, fadeOut: 0, cross: 0 });
    expect(cutOf(a, { ...b, hard: true }, defaultTimelineOptions)).toMatchObject({ endAt: T + 3999, fadeOut: defaultTimelineOptions.hardFadeS });
    expect(cutOf(a, { ...b, start: T + 3990 }, defaultTimelineOptions)).toMatchObject({ endAt: T + 3990, fadeOut: defaultTimelineOptions.hardFadeS });
  });

  it('cuts what airs before a hard start, with a short fade ending at the start', () => {
    const a = item(0, 10_000);
    const b = item(6000, 4000, { hard: true });
    const [pa, pb] = pushes(plan([a, b]), T - 9000);
    expect(pa).toMatchObject({ cueOut: 6, fadeOut: defaultTimelineOptions.hardFadeS, until: T + 6060 });
    expect(pb).toMatchObject({ from: T + 6000, deck: 'deck_b' });
  });

  it('ends at a hard start an item whose crossfade runs past a short item into it', () => {
    // a crosses into b over 1 s, but b is cut at 2.8 s by c, which comes to a's deck: a ends (fading
    // from b's start) by 2.6 s, so that its deck is closed and settled for c at 2.8 s
    const a = item(0, 3000, { crossfade: 1 });
    const b = item(2000, 800);
    const c = item(2800, 4000, { hard: true });
    const [pa, pb, pc] = pushes(plan([a, b, c]), T - 9000);
    expect(pa).toMatchObject({ deck: 'deck_a', endAt: T + 2600, until: T + 2660, cueOut: 2.6, fadeOut: 0.6 });
    expect(pb).toMatchObject({ deck: 'deck_b', from: T + 2000, endAt: T + 2800, fadeIn: 1 });
    expect(pc).toMatchObject({ key: c.key, deck: 'deck_a', from: T + 2800 });
    expect(pc!.at).toBeLessThanOrEqual(T + 2800);
  });

  it('crosses an item into the next over its crossfade', () => {
    const a = item(0, 5000, { crossfade: 1.5 });
    const b = item(3500, 5000);
    const [pa, pb] = pushes(plan([a, b]), T - 9000);
    expect(pa).toMatchObject({ cueOut: 5, fadeOut: 1.5 });
    expect(pb).toMatchObject({ from: T + 3500, fadeIn: 1.5 });
    expect(pa!.deck).not.toBe(pb!.deck);
  });

  it('lets an item segue into the next over its own tail, from its cue-in, neither faded', () => {
    const a = item(0, 5000, { crossfade: 1.5, segue: true, cue_in: 2.25 });
    const b = item(3500, 5000, { cue_in: 0.5 });
    const [pa, pb] = pushes(plan([a, b]), T - 9000);
    expect(pa).toMatchObject({ cueIn: 2.25, cueOut: 7.275, fadeOut: 0, endAt: T + 5000 });
    expect(pb).toMatchObject({ from: T + 3500, cueIn: 0.5, fadeIn: 0 });
    expect(pa!.deck).not.toBe(pb!.deck);
    expect(requestUri(pb!)).toContain('liq_cue_in="0.500"');
    // a hard start still cuts the tail
    const [cut] = pushes(plan([a, { ...b, hard: true }]), T - 9000);
    expect(cut).toMatchObject({ endAt: T + 3500, fadeOut: defaultTimelineOptions.hardFadeS });
  });

  it('sends alerts to their own deck and live items to the harbor window', () => {
    const show = item(0, 20_000);
    const alert = item(5000, 2000, { context: 'emerg' });
    const live = item(20_000, 10_000, { kind: 'live', path: undefined, password: 'pw' });
    const out = timeline(plan([show, alert, live]), T - 1000);
    expect(out.find((a) => a.key === alert.key)).toMatchObject({ deck: 'alert', from: T + 5000, until: T + 7060 });
    expect(out.find((a) => a.key === live.key)).toMatchObject({ kind: 'live', at: T + 12_000, from: T + 20_000, until: T + 30_000, password: 'pw' });
  });

  it('leaves out what is done and the items whose file failed; the next item then opens at its own start', () => {
    const [a, b, c] = [item(0, 4000), item(4000, 4000), item(8000, 4000)];
    const now = T - 10_000;
    const first = pushes(plan([a!, b!, c!]), now);
    const rest = pushes(plan([a!, b!, c!]), now, { done: new Set([first[0]!.id]), failed: new Set([b!.key]) });
    expect(rest.map((p) => [p.key, p.from - T])).toEqual([[c!.key, 8000]]);
  });

  it('alternates decks from the item on air after a new plan', () => {
    const [a, b] = [item(0, 4000), item(4000, 4000)];
    const out = pushes(plan([a!, b!]), T + 1000, { playing: { key: a!.key, deck: 'deck_b' }, done: new Set([`push:main:${a!.key}`]) });
    expect(out.map((p) => [p.key, p.deck])).toEqual([[b!.key, 'deck_a']]);
  });

  it('names the request with its key, its instant and cue-in (a late start is cued where it actually starts), cue points, gain, and writes the default playlist', () => {
    const a = item(0, 4000, { title: 'Say "hi"', gain_db: -3 });
    const [p] = pushes(plan([a]), T - 1000);
    // No cue-in from the file's start (Liquidsoap's seek to 0 loses the decoder's first packet), a
    // cue-out a frame and a bit past an end the item reaches (a cue-out ends a track only on a
    // frame), and no fades unless a crossfade or a cut asks (a fade costs a frame of silence).
    expect(requestUri(p!)).toBe(`annotate:aw_key="${a.key}",aw_start="${(a.start / 1000).toFixed(3)}",aw_cue="0.000",liq_cue_out="4.025",liq_amplify="-3.00dB",liq_fade_in="0.000",liq_fade_out="0.000",title="Say  hi ",artist="a":${a.path}`);
    expect(fallbackPlaylist(plan([], [item(0, 1000, { key: 'fb:1', context: 'fallback' })]))).toMatch(/^annotate:aw_key="fb:1".*:\/m\/\d+\.wav\n$/);
  });

  const planArb = fc
    .array(fc.record({ gap: fc.integer({ min: -2000, max: 3000 }), duration: fc.integer({ min: 4500, max: 10_000 }), crossfade: fc.constantFrom(0, 0, 0.5, 2), segue: fc.boolean(), hard: fc.boolean() }), { minLength: 1, maxLength: 12 })
    .map((specs) => {
      let t = 0;
      return specs.map((s, i) => {
        const it = item(t, s.duration, { crossfade: s.crossfade, hard: s.hard && i > 0, ...(s.segue && s.crossfade > 0 ? { segue: true } : {}) });
        t += s.duration + s.gap;
        return it;
      });
    });

  it('property: every item still to air is pushed once, before its start, on a deck no other item holds then', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: -10_000, max: 30_000 }), (items, offset) => {
        const now = T + offset;
        const out = pushes(plan(items), now);
        const sorted = [...items].sort((a, b) => a.start - b.start);
        const toAir = sorted.filter((it, i) => cutOf(it, sorted[i + 1], defaultTimelineOptions).endAt > Math.max(now, it.start));
        expect(new Set(out.map((p) => p.key))).toEqual(new Set(toAir.map((i) => i.key)));
        expect(out.length).toBe(toAir.length);
        const decks = new Map<string, PushAction>();
        for (const p of [...out].sort((a, b) => a.item.start - b.item.start)) {
          // pushed in time for its start (an item airs at least 0.5 s besides its overlaps, so its deck is free by then)
          expect(p.at).toBeLessThanOrEqual(Math.max(now, p.item.start));
          // (an item that ends where the plan has it end: its cue-out a frame and a bit past that)
          const slack = p.endAt === p.item.start + p.item.duration && p.fadeOut === 0 ? 0.025 : 0;
          expect(p.cueOut - p.cueIn).toBeCloseTo((p.until - defaultTimelineOptions.closeMarginMs - p.from) / 1000 + slack, 6);
          expect(p.from).toBe(p.item.start >= p.at ? p.item.start : Math.min(p.at + defaultTimelineOptions.lateStartMs, p.until - defaultTimelineOptions.closeMarginMs));
          const before = decks.get(p.deck);
          if (before) expect(p.at).toBeGreaterThanOrEqual(before.until);
          decks.set(p.deck, p);
        }
      }),
    );
  });

  it('property: consecutive items alternate decks and a hand-over never leaves a gap the plan has not', () => {
    fc.assert(
      fc.property(planArb, (items) => {
        const out = pushes(plan(items), T - 20_000).sort((a, b) => a.item.start - b.item.start);
        out.slice(1).forEach((p, i) => {
          const prev = out[i]!;
          expect(p.deck).not.toBe(prev.deck);
          const prevEnd = prev.until - defaultTimelineOptions.closeMarginMs;
          if (p.item.start <= prev.item.start + prev.item.duration) expect(prevEnd).toBeGreaterThanOrEqual(p.item.start);
          if (p.item.hard) expect(prevEnd).toBeLessThanOrEqual(Math.max(p.item.start, prev.item.start));
        });
      }),
    );
  });
});
