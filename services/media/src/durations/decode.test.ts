// Measuring the decoded length: ffmpeg's packet lines added up, real encoders' files (MP3's and
// Ogg's gapless information honoured), files ffmpeg cannot decode, the time limit, and no ffmpeg.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FramecrcTotal, measureDecoded } from './decode';
import { createMeasurer, ffmpegOf, timeLimitMs } from './measurer';
import { encodeTone, ffmpegForTests, skipWithoutFfmpeg } from './test-files';
import { limit } from '../../../../vitest.shared';

let dir: string;
/** A stand-in for ffmpeg that never ends. */
let slow: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'airwave-decode-'));
  slow = join(dir, 'slow-ffmpeg');
  await writeFile(slow, '#!/bin/sh\nexec /bin/sleep 30\n');
  await chmod(slow, 0o755);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('FramecrcTotal', () => {
  it('adds up the packets of the first stream in its time base', () => {
    const total = new FramecrcTotal();
    for (const line of ['#software: Lavf59.27.100', '#tb 0: 1/44100', '#media_type 0: audio', '0,          0,          0,       47,      188, 0x369e32f0', '0,  47,  47,  1152,  4608, 0x87781425', '1, 0, 0, 9999, 4, 0x0', '0, 1199, 1199, 1105, 4420, 0x561e6dfe']) {
      total.add(line);
    }
    expect(total.seconds()).toBe((47 + 1152 + 1105) / 44100);
  });

  it('answers null when nothing was decoded or no time base came', () => {
    const empty = new FramecrcTotal();
    empty.add('#tb 0: 1/48000');
    expect(empty.seconds()).toBeNull();
    const noBase = new FramecrcTotal();
    noBase.add('0, 0, 0, 1152, 4608, 0x0');
    expect(noBase.seconds()).toBeNull();
  });
});

const skipped = skipWithoutFfmpeg();
describe.skipIf(skipped !== null)(`measureDecoded with ffmpeg${skipped ? `: skipped, ${skipped}` : ''}`, () => {
  const decode = (path: string, timeoutMs = limit(20_000)) => measureDecoded(ffmpegForTests!, path, { timeoutMs });

  it.each([
    ['an MP3 (LAME)', 'tone.mp3', 'libmp3lame', 6.3],
    ['an Ogg Vorbis', 'tone.ogg', 'libvorbis', 11.7],
    ['an Opus', 'tone.opus', 'libopus', 4.25],
    ['a WAV', 'tone.wav', 'pcm_s16le', 2.5],
  ])('measures %s at its decoded length, not its header’s', async (_, name, codec, seconds) => {
    const path = join(dir, name);
    await encodeTone(path, seconds, codec, 'Тестовый тон');
    const measured = await decode(path);
    expect(measured.kind).toBe('decoded');
    expect((measured as { seconds: number }).seconds).toBeCloseTo(seconds, 4);
    if (codec === 'libmp3lame') {
      // What the header says runs long: the encoder's delay and padding.
      const header = (await parseFile(path, { duration: true })).format.duration!;
      expect(header - seconds).toBeGreaterThan(0.02);
    }
  });

  it('answers undecodable, with ffmpeg’s reason, for a file that is not media or has no audio', async () => {
    const junk = join(dir, 'junk.mp3');
    await writeFile(junk, Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251)));
    expect(await decode(junk)).toMatchObject({ kind: 'undecodable', reason: expect.any(String) });
    const missing = await decode(join(dir, 'missing.mp3'));
    expect(missing).toMatchObject({ kind: 'undecodable', reason: expect.stringMatching(/No such file/) });
  });
});

describe('limits and absence', () => {
  it('kills a decode past its time limit and answers undecodable', async () => {
    const started = Date.now();
    expect(await measureDecoded(slow, '/dev/null', { timeoutMs: 200 })).toEqual({ kind: 'undecodable', reason: 'not decoded within 200 ms' });
    expect(Date.now() - started).toBeLessThan(limit(5000));
  });

  it('gives a long file a longer limit, and one of unknown length an hour’s', () => {
    expect(timeLimitMs(6)).toBe(30_600);
    expect(timeLimitMs(3 * 3600)).toBe(1_110_000);
    expect(timeLimitMs(null)).toBe(timeLimitMs(3600));
  });

  it('without ffmpeg, measures nothing and keeps working', async () => {
    expect(ffmpegOf('none')).toBeNull();
    expect(ffmpegOf(join(dir, 'no-such-ffmpeg'))).toBeNull();
    expect(ffmpegOf('no-such-ffmpeg-anywhere')).toBeNull();
    const measurer = createMeasurer(null, 2);
    expect(await measurer.measure(join(dir, 'tone.mp3'), 6, 'upload')).toBeNull();
    await expect(measureDecoded(join(dir, 'no-such-ffmpeg'), '/dev/null', { timeoutMs: 1000 })).rejects.toThrow(/ENOENT/);
  });

  it('stopping kills running decodes and answers null for them and for waiting ones', async () => {
    const measurer = createMeasurer(slow, 1);
    const running = measurer.measure('/dev/null', 1, 'backfill');
    const waiting = measurer.measure('/dev/null', 1, 'upload');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(measurer.size()).toBe(2);
    measurer.stop();
    expect(await running).toBeNull();
    expect(await waiting).toBeNull();
  });
});
