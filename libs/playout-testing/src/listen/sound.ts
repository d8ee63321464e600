// The station sound scenario (issue 44) of the listening test and the benchmark: tones mastered at
// -30, -20, -12 and -6 LUFS (LAME MP3 and Ogg Vorbis) with 2 s of silence at both ends, and after
// the first a -14 LUFS one ending in a 4 s fade; each analysed by the media service's analysis
// (under the rules given), placed by its playlist resolution from cue-in to cue-out with the next
// item over the fade (resolve.ts), turned into a plan by the playout's builder at the target, aired
// back to back by the Liquidsoap engine to a private Icecast, recorded and measured.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PlayoutRundownBlock } from '@airwave/contracts';
import { analyse, CUE_RULES, type CueRules } from '@airwave/media/analysis';
import { resolveItems, type AirableItem } from '@airwave/media/resolution';
import { LiquidsoapEngine } from '@airwave/playout/engine';
import { buildPlan } from '@airwave/playout/internal/plan/build';
import { goertzel } from './detect';
import { startIcecast } from './icecast';
import { recordMountWhenUp } from './record';
import { processUsage } from './scenario';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const RATE = 48_000;
const WINDOW_MS = 10;

/** Each master: its level, its tone, its encoder, and a fade-out of `fade` seconds after `steady` seconds of tone. */
export const SOUND_MASTERS = [
  { lufs: -30, frequency: 880, codec: 'libmp3lame', ext: 'mp3', steady: 4, fade: 0 },
  // the item the next one starts over: its loudness counts its fade, so its steady part airs louder than the target
  { lufs: -14, frequency: 1320, codec: 'libmp3lame', ext: 'mp3', steady: 3, fade: 4 },
  { lufs: -20, frequency: 990, codec: 'libvorbis', ext: 'ogg', steady: 4, fade: 0 },
  { lufs: -12, frequency: 1100, codec: 'libmp3lame', ext: 'mp3', steady: 4, fade: 0 },
  { lufs: -6, frequency: 1210, codec: 'libvorbis', ext: 'ogg', steady: 4, fade: 0 },
] as const;
type Master = (typeof SOUND_MASTERS)[number];

export interface SoundOptions {
  target: number;
  /** Where the analysis puts the cue points (Airwave's by default). */
  rules?: CueRules;
  startTimeoutMs: number;
}

export interface HeardItem {
  lufs: number;
  fade: number;
  cue_in: number;
  cue_out: number;
  next_start: number;
  gain_db: number;
  /** Short-term level over 3 s of its steady tone, dB (a 1 kHz-ish sine's level is its loudness). */
  heard_lufs: number;
  /** Its tone first heard at its level after its computed point, ms (negative: before). */
  late_ms: number;
  /** Seconds it overlaps the next item, and whether as a segue (its own tail, unfaded). */
  crossfade: number;
  segue: boolean;
}

export interface SoundResult {
  items: HeardItem[];
  /** The longest stretch under -50 dBFS from the first item's sound to the last one's end, ms. */
  longest_gap_ms: number;
  true_peak: number;
  /** The engine's CPU while airing, % of a core. */
  cpu_percent: number;
}

/** 2 s of silence, a sine peaking at `lufs` dBFS in both channels (about `lufs` LUFS), its fade, 2 s of silence. */
async function master(path: string, m: Master) {
  const end = 2 + m.steady + m.fade;
  const envelope = m.fade > 0 ? `if(lt(t,${2 + m.steady}),1,(${end}-t)/${m.fade})` : '1';
  const sine = `if(between(t,2,${end}),${10 ** (m.lufs / 20)}*${envelope}*sin(2*PI*${m.frequency}*t),0)`;
  const encoder = m.codec === 'libmp3lame' ? ['-c:a', 'libmp3lame', '-b:a', '192k'] : ['-c:a', 'libvorbis', '-q:a', '6'];
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='${sine}|${sine}':s=44100:d=${end + 2}`, ...encoder, path]);
  return path;
}

/** The masters made and analysed. */
export async function analysedMasters(dir: string, rules: CueRules) {
  return Promise.all(
    SOUND_MASTERS.map(async (m, i) => {
      const path = await master(join(dir, `${m.lufs}.${m.ext}`), m);
      const analysis = await analyse('ffmpeg', path, { timeoutMs: 30_000, rules });
      if (analysis.kind !== 'analysed') throw new Error(`${path} not analysed: ${analysis.reason}`);
      return { ...m, id: i + 1, path, analysis };
    }),
  );
}
export type AnalysedMasters = Awaited<ReturnType<typeof analysedMasters>>;
type Analysed = AnalysedMasters;

/**
 * The show's block as the rundown would carry it, from the media service's placement: the masters
 * `repeat` times over, from their cue points (`cues`) or as whole files.
 */
export function showBlock(files: Analysed, at: number, { cues: withCues = true, repeat = 1 } = {}): { block: PlayoutRundownBlock; duration: number } {
  const library = new Map<number, AirableItem>(files.map((f) => [f.id, { id: f.id, type: 'audio', title: `${f.lufs} LUFS`, artist: 'masters', duration: 2 + f.steady + f.fade + 2 }]));
  const cues = new Map(files.map((f) => [f.id, { cue_in: f.analysis.cue_in, cue_out: f.analysis.cue_out, next_start: f.analysis.next_start }]));
  const resolved = resolveItems(
    { items: Array.from({ length: repeat }, () => files.map((f) => ({ kind: 'media' as const, media_id: f.id, crossfade: 0, image_duration: 15 }))).flat(), media: library, candidates: new Map(), stationIds: [], ...(withCues ? { cues } : {}) },
    { seed: 'sound', support: { audio: true, video: false, images: false }, station_id_image_duration: 15 },
  );
  const items = resolved.items.map((item) => {
    const { analysis } = files[item.media_id! - 1]!;
    return { ...item, loudness: { integrated_lufs: analysis.integrated, true_peak: analysis.true_peak } };
  });
  const block: PlayoutRundownBlock = { start: new Date(at).toISOString(), end: new Date(at + resolved.duration * 1000).toISOString(), kind: 'show', show_id: 1, occurrence_start: null, playlist_id: 1, name: 'Levels', description: '', last_updated: 0, items };
  return { block, duration: resolved.duration };
}

/** When `frequency` is first heard at least 6 dB under the target after `fromMs`, on the recording's clock (ms). */
function onset(samples: Float32Array, rate: number, frequency: number, fromMs: number, target: number): number {
  const size = (rate * WINDOW_MS) / 1000;
  for (let start = Math.round((fromMs * rate) / 1000); start + size <= samples.length; start += size) {
    if (10 * Math.log10(goertzel(samples, start, start + size, rate, frequency)) > target - 6) return (start * 1000) / rate;
  }
  return Number.NaN;
}

/** The longest run of 10 ms windows under -50 dBFS within [fromMs, toMs). */
function longestGap(samples: Float32Array, rate: number, fromMs: number, toMs: number): number {
  const size = (rate * WINDOW_MS) / 1000;
  let longest = 0;
  let quiet = 0;
  for (let start = Math.round((fromMs * rate) / 1000); start + size <= Math.min(samples.length, (toMs * rate) / 1000); start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i += 1) sum += samples[i]! ** 2;
    quiet = 10 * Math.log10(sum / size + 1e-12) < -50 ? quiet + WINDOW_MS : 0;
    longest = Math.max(longest, quiet);
  }
  return longest;
}

/** The recording's true peak, dBTP, as ffmpeg's ebur128 reads it (the analysis's own measure). */
async function truePeak(dir: string, samples: Float32Array, rate: number): Promise<number> {
  const raw = join(dir, 'aired.f32');
  await writeFile(raw, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  const wav = join(dir, 'aired.wav');
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'f32le', '-ar', String(rate), '-ac', '1', '-i', raw, wav]);
  const analysis = await analyse('ffmpeg', wav, { timeoutMs: 60_000 });
  if (analysis.kind !== 'analysed') throw new Error(`the recording was not analysed: ${analysis.reason}`);
  return analysis.true_peak;
}

/** What the recording says of each item: its level, and when it began against its computed point. */
function heardItems(files: Analysed, block: PlayoutRundownBlock, samples: Float32Array, rate: number, target: number, plan: ReturnType<typeof buildPlan>): HeardItem[] {
  const heard: number[] = [];
  for (const m of files) heard.push(onset(samples, rate, m.frequency, heard.at(-1) ?? 0, target));
  return files.map((f, i) => {
    const item = block.items[i]!;
    const [from, to] = [heard[i]! + 500, heard[i]! + (f.steady - 0.5) * 1000].map((ms) => Math.round((ms * rate) / 1000));
    return {
      lufs: f.lufs, fade: f.fade, cue_in: f.analysis.cue_in, cue_out: f.analysis.cue_out, next_start: f.analysis.next_start,
      gain_db: plan.items[i]!.gain_db,
      heard_lufs: Number.isFinite(heard[i]) ? 10 * Math.log10(goertzel(samples, from!, to!, rate, f.frequency)) : Number.NaN,
      // the first item's tone starts at its cue-in, its start: the recording's clock is set by it
      late_ms: Math.round(heard[i]! - (heard[0]! + item.offset * 1000)),
      crossfade: item.crossfade,
      segue: item.segue === true,
    };
  });
}

/** Airs the scenario once and measures it. */
export async function runSoundScenario(options: SoundOptions): Promise<SoundResult> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-sound-'));
  const ice = await startIcecast();
  const engine = new LiquidsoapEngine({ playerId: 14, startTimeoutMs: options.startTimeoutMs });
  try {
    const files = await analysedMasters(dir, options.rules ?? CUE_RULES);
    await engine.update({ player_id: 14, items: [], fallback: [] });
    await engine.start({ host: ice.host, port: ice.port, mount: '/sound', password: ice.sourcePassword });
    const rec = await recordMountWhenUp(ice.url('/sound'), options.startTimeoutMs, { rate: RATE });
    const at = Date.now() + 2500;
    const { block, duration } = showBlock(files, at);
    const plan = buildPlan({ player_id: 14, blocks: [block], alerts: [], files: new Map(files.map((f) => [f.id, f.path])), from: 0, loudnessTarget: options.target });
    await engine.update(plan);
    await sleep(at - Date.now());
    const before = await processUsage(engine.pid!);
    await sleep(at + duration * 1000 + 1500 - Date.now());
    const after = await processUsage(engine.pid!);
    const { samples, rate } = await rec.stop();
    const items = heardItems(files, block, samples, rate, options.target, plan);
    const first = onset(samples, rate, files[0]!.frequency, 0, options.target);
    return {
      items,
      longest_gap_ms: longestGap(samples, rate, first, first + duration * 1000 - 100),
      true_peak: await truePeak(dir, samples, rate),
      cpu_percent: (100 * (after.cpuSeconds - before.cpuSeconds)) / (duration + 1.5),
    };
  } finally {
    await engine.stop();
    await ice.close();
    await rm(dir, { recursive: true, force: true });
  }
}
