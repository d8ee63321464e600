// Items mastered at every level aired at the player's loudness (issue 44), listened to: four items of
// 1 kHz-ish tones (a tone each, so the recording says which aired) at -30, -20, -12 and -6 LUFS,
// LAME MP3 and Ogg Vorbis in turn, each with 1 s of silence at both ends, analysed by the media
// service's analysis (services/media/src/analysis) and given their gain by the playout's rule
// (plan/loudness.ts), aired back to back at a target of -18 LUFS: each heard within 1 LU of it.
// Needs liquidsoap, icecast2, ffmpeg and sox, like the listening test.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { detectTones, goertzel, haveTools, makeTone, recordMountWhenUp, startIcecast, transitions, type PrivateIcecast } from '../../src/listen';
import { analyse } from '@airwave/media/analysis';
import { LiquidsoapEngine } from '@airwave/playout/engine';
import type { PlannedItem } from '@airwave/playout/engine';
import { gainFor } from '@airwave/playout/internal/plan/loudness';

const run = promisify(execFile);
const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the loudness listening test needs ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const TARGET = -18;
const ITEM_MS = 6000;
const MASTERS = [
  { lufs: -30, frequency: 880, codec: 'libmp3lame', ext: 'mp3' },
  { lufs: -20, frequency: 990, codec: 'libvorbis', ext: 'ogg' },
  { lufs: -12, frequency: 1100, codec: 'libmp3lame', ext: 'mp3' },
  { lufs: -6, frequency: 1210, codec: 'libvorbis', ext: 'ogg' },
] as const;
const FALLBACK = 1650;

/** 1 s of silence, 4 s of a sine at `frequency` peaking at `lufs` dBFS in both channels (about `lufs` LUFS), 1 s of silence. */
async function master(path: string, m: (typeof MASTERS)[number]) {
  const sine = `if(between(t,1,5),${10 ** (m.lufs / 20)}*sin(2*PI*${m.frequency}*t),0)`;
  const encoder = m.codec === 'libmp3lame' ? ['-c:a', 'libmp3lame', '-b:a', '192k'] : ['-c:a', 'libvorbis', '-q:a', '6'];
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='${sine}|${sine}':s=44100:d=6`, ...encoder, path]);
  return path;
}

describe.skipIf(missing.length > 0)("the Liquidsoap engine airing items at the player's loudness", () => {
  let dir: string;
  let ice: PrivateIcecast;
  let engine: LiquidsoapEngine;
  let fallbackPath = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-engine-loudness-'));
    ice = await startIcecast();
    fallbackPath = await makeTone(join(dir, 'fallback.wav'), FALLBACK, 120);
    engine = new LiquidsoapEngine({ playerId: 13, startTimeoutMs: limit(30_000) });
    await engine.update({ player_id: 13, items: [], fallback: [] });
    await engine.start({ host: ice.host, port: ice.port, mount: '/loudness', password: ice.sourcePassword });
  }, limit(120_000));

  afterAll(async () => {
    await engine?.stop();
    await ice?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('airs each item within 1 LU of the target, whatever its master level', async () => {
    const items = await Promise.all(
      MASTERS.map(async (m) => {
        const path = await master(join(dir, `${m.lufs}.${m.ext}`), m);
        const analysis = await analyse('ffmpeg', path, { timeoutMs: 30_000 });
        if (analysis.kind !== 'analysed') throw new Error(`${path} not analysed: ${analysis.reason}`);
        return { ...m, path, measured: analysis.integrated, gain: gainFor({ integrated_lufs: analysis.integrated, true_peak: analysis.true_peak }, TARGET) };
      }),
    );
    const rec = await recordMountWhenUp(ice.url('/loudness'), limit(30_000));
    const t = Date.now() + 2000;
    const planned: PlannedItem[] = items.map((m, i) => ({
      key: `loud:${t}:${i}`, kind: 'file', path: m.path, media_id: i + 1, title: `${m.lufs} LUFS`, artist: 'masters', start: t + i * ITEM_MS, duration: ITEM_MS,
      cue_in: 0, gain_db: m.gain, crossfade: 0, hard: i === 0, context: 'show', show_id: 1, show_name: 'Levels',
    }));
    const fallback: PlannedItem[] = [{ ...planned[0]!, key: 'default:1', path: fallbackPath, start: 0, duration: 120_000, context: 'fallback', gain_db: 0, hard: false }];
    await engine.update({ player_id: 13, items: planned, fallback });
    await sleep(t + MASTERS.length * ITEM_MS + 1500 - Date.now());
    const { samples, rate } = await rec.stop();
    const heard = transitions(detectTones(samples, { rate, candidates: [...MASTERS.map((m) => m.frequency), FALLBACK], hopMs: 10 }));
    const first = heard.find((h) => h.to === MASTERS[0].frequency);
    expect(first, JSON.stringify(heard)).toBeDefined();
    // the first tone begins 1 s into its item: the items' instants, as heard
    const itemStart = (i: number) => first!.at - 1000 + i * ITEM_MS;
    const levels = items.map((m, i) => {
      const [from, to] = [itemStart(i) + 1500, itemStart(i) + 4500].map((ms) => Math.round((ms * rate) / 1000));
      // a full-scale sine's Goertzel power is 1: its level in dB is the sine's peak, which is the loudness of a 1 kHz-ish sine in both channels
      return 10 * Math.log10(goertzel(samples, from!, to!, rate, m.frequency));
    });
    process.stdout.write(
      `loudness on air at ${TARGET} LUFS: ${items.map((m, i) => `${m.lufs} LUFS master (analysed ${m.measured}, gain ${m.gain > 0 ? '+' : ''}${m.gain} dB) heard at ${levels[i]!.toFixed(1)}`).join('; ')}\n`,
    );
    for (const [i, level] of levels.entries()) expect(Math.abs(level - TARGET), `${items[i]!.lufs} LUFS master`).toBeLessThan(1);
    // the masters themselves lay 24 LU apart: it is the gain that brought them together
    const gains = items.map((m) => m.gain);
    expect(Math.max(...gains) - Math.min(...gains)).toBeGreaterThan(22);
  }, limit(90_000));
});
