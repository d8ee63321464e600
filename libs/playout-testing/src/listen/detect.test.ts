import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareTransitions, detectTones, goertzel, silences, transitions } from './detect';

const RATE = 8000;
const CANDIDATES = [440, 550, 660, 770, 880];

/** Segments of [frequency or 0, ms], as samples (-6 dBFS sines, a little noise). */
function signal(segments: Array<[number, number]>): Float32Array {
  const total = segments.reduce((s, [, ms]) => s + (ms * RATE) / 1000, 0);
  const out = new Float32Array(total);
  let i = 0;
  for (const [f, ms] of segments) {
    for (let k = 0; k < (ms * RATE) / 1000; k += 1, i += 1) out[i] = (f ? 0.5 * Math.sin((2 * Math.PI * f * i) / RATE) : 0) + (Math.random() - 0.5) * 0.001;
  }
  return out;
}

describe('tone detection', () => {
  it('measures a sine at its frequency and not at the others', () => {
    const s = signal([[550, 100]]);
    expect(goertzel(s, 0, 400, RATE, 550)).toBeGreaterThan(0.2);
    expect(goertzel(s, 0, 400, RATE, 660)).toBeLessThan(0.01);
  });

  it('finds the transitions and the silences of a known signal to within a window', () => {
    const s = signal([[440, 1000], [550, 2000], [0, 700], [660, 1500], [440, 500]]);
    const windows = detectTones(s, { rate: RATE, candidates: CANDIDATES });
    expect(transitions(windows).map((t) => [t.from, t.to, t.at])).toEqual([
      [440, 550, 1000],
      [550, 0, 3000],
      [0, 660, 3700],
      [660, 440, 5200],
    ]);
    expect(silences(windows, 500)).toEqual([{ from: 3000, to: 3700 }]);
  });

  it('property: every tone change lands within one 50 ms window of where it is', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...CANDIDATES), fc.integer({ min: 200, max: 1500 })), { minLength: 2, maxLength: 6 }), (segs) => {
        const merged = segs.filter((s, i) => i === 0 || s[0] !== segs[i - 1]![0]);
        const s = signal(merged);
        const found = transitions(detectTones(s, { rate: RATE, candidates: CANDIDATES }));
        let at = 0;
        const expected = merged.slice(1).map((seg, i) => ((at += merged[i]![1]), { at, to: seg[0] }));
        expect(found.map((f) => f.to)).toEqual(expected.map((e) => e.to));
        found.forEach((f, i) => expect(Math.abs(f.at - expected[i]!.at)).toBeLessThanOrEqual(50));
      }),
      { numRuns: 30 },
    );
  });

  it('places a change finer with overlapping windows', () => {
    const s = signal([[440, 1013], [660, 1000]]);
    const found = transitions(detectTones(s, { rate: RATE, candidates: CANDIDATES, hopMs: 10 }), 15);
    expect(found).toHaveLength(1);
    expect(Math.abs(found[0]!.at - 1013)).toBeLessThanOrEqual(15);
  });

  it('compares heard transitions with the plan after the constant latency', () => {
    const expected = [{ at: 1000, to: 550 }, { at: 5000, to: 660 }, { at: 9000, to: 440 }, { at: 12_000, to: 880 }];
    const heard = [{ at: 1400, to: 550 }, { at: 5380, to: 660 }, { at: 9450, to: 440 }];
    const r = compareTransitions(expected, heard);
    expect(r.latency).toBe(400);
    expect(r.matched.map((m) => m.error)).toEqual([0, -20, 50, undefined]);
    expect(r.maxError).toBe(Number.POSITIVE_INFINITY);
  });
});
