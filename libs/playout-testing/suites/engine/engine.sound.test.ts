// Station sound on air (issue 44's done-when), listened to (src/listen/sound.ts): tones mastered at
// -30, -20, -12 and -6 LUFS with 2 s of silence at both ends, and a -14 LUFS one ending in a 4 s
// fade, analysed, placed from cue-in to cue-out with the next over the fade, and aired back to back
// at -18 LUFS. Heard: each steady tone within 1 LU of the target over 3 s, the stream's true peak
// at or under -1 dBTP, no gap between items over 50 ms, each item (the one over the fade too)
// starting at its computed point. Needs liquidsoap, icecast2, ffmpeg and sox, like the listening test.
import { describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { haveTools, runSoundScenario } from '../../src/listen';

const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the station sound listening test needs ${missing.join(', ')}`);

const TARGET = -18;

describe.skipIf(missing.length > 0)('the Liquidsoap engine airing analysed items from their cue points at the player’s loudness', () => {
  it('airs each item at the target, peaks under -1 dBTP, without gaps, the next over a fade from its computed point', async () => {
    const heard = await runSoundScenario({ target: TARGET, startTimeoutMs: limit(30_000) });
    const items = heard.items.map((i) => `${i.lufs} LUFS (cue ${i.cue_in}–${i.cue_out} s, next at ${i.next_start}, gain ${i.gain_db} dB) heard at ${i.heard_lufs.toFixed(1)}, ${i.late_ms} ms from its point`);
    process.stdout.write(`station sound at ${TARGET} LUFS: ${items.join('; ')}; longest gap ${heard.longest_gap_ms} ms; true peak ${heard.true_peak.toFixed(1)} dBTP\n`);
    for (const item of heard.items.filter((i) => i.fade === 0)) expect(Math.abs(item.heard_lufs - TARGET), `${item.lufs} LUFS master`).toBeLessThan(1);
    expect(heard.true_peak).toBeLessThanOrEqual(-1);
    expect(heard.longest_gap_ms).toBeLessThanOrEqual(50);
    // the item after the fade started over its tail, at the point its analysis computed
    const faded = heard.items.find((i) => i.fade > 0)!;
    expect(faded).toMatchObject({ segue: true });
    expect(faded.crossfade).toBeGreaterThan(0.5);
    for (const item of heard.items) expect(Math.abs(item.late_ms), `the ${item.lufs} LUFS item started ${item.late_ms} ms from its point`).toBeLessThanOrEqual(40);
  }, limit(120_000));
});
