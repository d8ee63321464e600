// The analysis of real encoded files (LAME MP3, Ogg Vorbis) made at test time at known levels: a
// 1 kHz sine in both channels at a peak of P dBFS measures P LUFS (EBU Tech 3341's reference), with
// 2 s of silence at both ends, as issue 44's listening test has them; a song whose end fades out
// over 4 s; a file that is not audio.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegForTests, skipWithoutFfmpeg } from '../durations/test-files';
import { analyse, parseLoudnessSummary, type Analysis } from './measure';

const run = promisify(execFile);
const skip = skipWithoutFfmpeg();

/** 2 s of silence, `seconds` of a 1 kHz sine at `peakDb` dBFS in both channels (faded out over its last `fadeS`), 2 s of silence. */
async function tone(path: string, peakDb: number, seconds: number, codec: 'libmp3lame' | 'libvorbis', fadeS = 0) {
  const amplitude = 10 ** (peakDb / 20);
  const end = 2 + seconds;
  const fade = fadeS > 0 ? `*if(gt(t,${end - fadeS}),(${end}-t)/${fadeS},1)` : '';
  const sine = `if(between(t,2,${end}),${amplitude}*sin(2*PI*1000*t)${fade},0)`;
  const encoder = codec === 'libmp3lame' ? ['-c:a', 'libmp3lame', '-b:a', '192k'] : ['-c:a', 'libvorbis', '-q:a', '6'];
  await run(ffmpegForTests!, ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='${sine}|${sine}':s=44100:d=${end + 2}`, ...encoder, path]);
  return path;
}

describe.skipIf(skip !== null)('analysing a file once (issue 44)', () => {
  let dir: string;
  const analysed = async (path: string): Promise<Extract<Analysis, { kind: 'analysed' }>> => {
    const result = await analyse(ffmpegForTests!, path, { timeoutMs: 30_000 });
    if (result.kind !== 'analysed') throw new Error(`not analysed: ${result.reason}`);
    return result;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-analysis-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const codec of ['libmp3lame', 'libvorbis'] as const) {
    it(`measures loudness, true peak and where the sound begins and ends (${codec}, -30 to -6 LUFS)`, async () => {
      for (const level of [-30, -20, -12, -6]) {
        const file = await tone(join(dir, `tone${level}.${codec === 'libmp3lame' ? 'mp3' : 'ogg'}`), level, 6, codec);
        const a = await analysed(file);
        const at = `${codec} at ${level}`;
        // within 0.7 LU: the 400 ms windows that hold the tone's edges pass the gate and count a
        // little quieter (the issue asks ±1 LU on air)
        expect(Math.abs(a.integrated - level), at).toBeLessThan(0.7);
        expect(Math.abs(a.true_peak - level), at).toBeLessThan(0.6);
        // a steady tone has no range of its own; the 3 s windows over its edges give a little
        expect(a.range, at).toBeGreaterThanOrEqual(0);
        expect(a.range, at).toBeLessThan(5);
        // the encoder's delay and padding are the decoder's to remove: the sound at 2 s and to 8 s
        expect(Math.abs(a.cue_in - 2), at).toBeLessThanOrEqual(0.03);
        expect(Math.abs(a.cue_out - 8), at).toBeLessThanOrEqual(0.03);
        // a hard ending: the next item starts at the cue-out
        expect(Math.abs(a.next_start - a.cue_out), at).toBeLessThanOrEqual(0.02);
        expect(Math.abs(a.seconds - 10), at).toBeLessThan(0.06);
        expect(a.waveform).toHaveLength(200);
        // silence, then the sine's peak, then silence
        expect(a.waveform[10], at).toBe(0);
        expect(Math.abs(a.waveform[100]! - 10 ** (level / 20)), at).toBeLessThan(0.05);
      }
    }, 120_000);
  }

  it('lets the next item start over a long fade, where it has fallen 10 dB', async () => {
    const a = await analysed(await tone(join(dir, 'fade.ogg'), -14, 10, 'libvorbis', 4));
    // the fade (amplitude falling linearly from 8 s to 12 s) is 10 dB down 68 % of the way in: at 10.7 s;
    // the 400 ms window that ends there still reads the louder part before it
    expect(a.next_start).toBeGreaterThan(10.4);
    expect(a.next_start).toBeLessThan(11.2);
    expect(a.cue_out).toBeGreaterThan(11.8);
  }, 60_000);

  it('marks a file it cannot decode with ffmpeg\'s reason', async () => {
    const path = join(dir, 'not-audio.mp3');
    await writeFile(path, 'this is a text file, not an MP3');
    const result = await analyse(ffmpegForTests!, path, { timeoutMs: 30_000 });
    expect(result.kind).toBe('undecodable');
  });
});

describe("ebur128's summary", () => {
  it('reads the integrated loudness, the loudness range and the true peak', () => {
    const stderr = `[Parsed_ebur128_1 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -20.1 LUFS\n    Threshold: -30.1 LUFS\n\n  Loudness range:\n    LRA:         3.2 LU\n    Threshold: -40.1 LUFS\n\n  True peak:\n    Peak:       -1.4 dBFS\n`;
    expect(parseLoudnessSummary(stderr)).toEqual({ integrated: -20.1, range: 3.2, true_peak: -1.4 });
    expect(parseLoudnessSummary('no summary here')).toBeNull();
    expect(parseLoudnessSummary(stderr.replace('-1.4 dBFS', '-inf dBFS'))?.true_peak).toBe(Number.NEGATIVE_INFINITY);
    // silence: ebur128 says -70.0 LUFS, its absolute gate, where nothing passed it; no loudness
    expect(parseLoudnessSummary(stderr.replace('-20.1 LUFS', '-70.0 LUFS'))?.integrated).toBe(Number.NEGATIVE_INFINITY);
  });
});
