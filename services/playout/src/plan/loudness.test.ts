import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gainFor, MAX_TRUE_PEAK } from './loudness';

describe("an item's gain on air", () => {
  it("brings the item's loudness to the player's target", () => {
    expect(gainFor({ integrated_lufs: -30, true_peak: -29.5 }, -18)).toBe(12);
    expect(gainFor({ integrated_lufs: -6, true_peak: -5.2 }, -18)).toBe(-12);
    expect(gainFor({ integrated_lufs: -9.5, true_peak: -0.3 }, -16)).toBe(-6.5);
  });

  it('never lifts a true peak above -1 dBTP: a quiet item with loud peaks airs as loud as that allows', () => {
    // -24 LUFS with peaks at -3 dBTP: +6 would peak at +3; it gets +2
    expect(gainFor({ integrated_lufs: -24, true_peak: -3 }, -18)).toBe(2);
  });

  it('leaves an item not analysed yet at its own level', () => {
    expect(gainFor(undefined, -18)).toBe(0);
  });

  it('property: the gain reaches the target or stops at the peak limit, whichever is lower', () => {
    fc.assert(
      fc.property(fc.double({ min: -60, max: 0, noNaN: true }), fc.double({ min: 0, max: 20, noNaN: true }), fc.double({ min: -31, max: -5, noNaN: true }), (integrated, crest, target) => {
        const truePeak = Math.min(3, integrated + crest);
        const gain = gainFor({ integrated_lufs: integrated, true_peak: truePeak }, target);
        expect(truePeak + gain).toBeLessThanOrEqual(MAX_TRUE_PEAK + 0.01);
        expect(integrated + gain).toBeLessThanOrEqual(target + 0.01);
        // one of the two limits is met
        expect(Math.min(Math.abs(integrated + gain - target), Math.abs(truePeak + gain - MAX_TRUE_PEAK))).toBeLessThan(0.01);
      }),
    );
  });
});
