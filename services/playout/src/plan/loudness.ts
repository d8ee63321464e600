// An item's gain on air (issue 44; docs/decisions/station-sound.md, "On air"): what brings its
// file's loudness to the player's target, never so much that its true peak goes above -1 dBTP (an
// item too quiet to reach the target without clipping airs as loud as that allows). An item not
// analysed yet airs at its own level.
import type { ItemLoudness } from '@airwave/contracts';

/** The highest true peak on air, dBTP (EBU R128's limit for distribution). */
export const MAX_TRUE_PEAK = -1;

/** The gain in dB for an item of `loudness` at a player's `target` (LUFS); 0 when its loudness is unknown. */
export function gainFor(loudness: ItemLoudness | undefined, target: number): number {
  if (!loudness) return 0;
  const toTarget = target - loudness.integrated_lufs;
  const headroom = MAX_TRUE_PEAK - loudness.true_peak;
  return Math.round(Math.min(toTarget, headroom) * 100) / 100;
}
