// From a file's decoded audio (8 kHz mono, analysis/measure.ts): its level every 10 ms, where the
// sound begins and ends, where the next item may start over its tail, and a waveform. Pure, so the
// rules are tested on made-up signals (levels.test.ts) as well as on real files.

/** Levels every `stepS` seconds: mean-square power in dB relative to full scale (a full-scale sine: -3 dB). */
export interface Levels {
  stepS: number;
  db: Float64Array;
}

export interface CuePoints {
  /** Seconds: where the sound begins (rises above the silence threshold). */
  cue_in: number;
  /** Seconds: where it ends (last falls below it). */
  cue_out: number;
  /** Seconds: where the next item may start over this one's tail: where its level last falls 10 dB below its loudness (a fade keeps its tail under the next item; a hard ending is its cue-out). */
  next_start: number;
}

export const STEP_S = 0.01;
/** Where the cue points fall, relative to a track's own loudness. */
export interface CueRules {
  /** Below the track's loudness by this much, audio is silence (the ends a cue-in and cue-out leave out), LU. */
  silenceBelowLu: number;
  /** Below its loudness by this much, a track's tail may be under the next item, LU. */
  tailBelowLu: number;
}

/** Airwave's rules (docs/decisions/station-sound.md); AzuraCast's autocue defaults to 40 and 8 (bench/sound.ts compares). */
export const CUE_RULES: CueRules = { silenceBelowLu: 30, tailBelowLu: 10 };
/** The window the tail's level is read over, seconds (EBU R128's momentary loudness). */
const TAIL_WINDOW_S = 0.4;
/** A mono copy's mean-square level of a stereo sine is 3 dB under its loudness. */
const MONO_OFFSET_DB = 3;
const FLOOR_DB = -120;

const toDb = (meanSquare: number) => (meanSquare > 0 ? Math.max(FLOOR_DB, 10 * Math.log10(meanSquare)) : FLOOR_DB);

/** The level of every `STEP_S` of the samples (16-bit). */
export function levelsOf(samples: Int16Array, rate: number): Levels {
  const step = Math.max(1, Math.round(rate * STEP_S));
  const count = Math.ceil(samples.length / step);
  const db = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    let sum = 0;
    const end = Math.min(samples.length, (i + 1) * step);
    for (let j = i * step; j < end; j += 1) {
      const x = samples[j]! / 32768;
      sum += x * x;
    }
    db[i] = toDb(sum / Math.max(1, end - i * step));
  }
  return { stepS: step / rate, db };
}

/** Cue-in, cue-out and the next item's start, relative to the track's integrated loudness (LUFS). */
export function cuePoints(levels: Levels, integrated: number, rules: CueRules = CUE_RULES): CuePoints {
  const { db, stepS } = levels;
  const length = db.length * stepS;
  if (!Number.isFinite(integrated) || db.length === 0) return { cue_in: 0, cue_out: round(length), next_start: round(length) };
  const silence = integrated - MONO_OFFSET_DB - rules.silenceBelowLu;
  const first = db.findIndex((level) => level >= silence);
  const last = db.findLastIndex((level) => level >= silence);
  if (first < 0) return { cue_in: 0, cue_out: round(length), next_start: round(length) };
  const cueIn = first * stepS;
  const cueOut = (last + 1) * stepS;
  return { cue_in: round(cueIn), cue_out: round(cueOut), next_start: round(Math.max(cueIn, Math.min(cueOut, tailStart(levels, integrated - rules.tailBelowLu, last)))) };
}

/** The end of the last momentary window (400 ms) at least as loud as `threshold` (LUFS), up to step `last`. */
function tailStart(levels: Levels, threshold: number, last: number): number {
  const { db, stepS } = levels;
  const window = Math.max(1, Math.round(TAIL_WINDOW_S / stepS));
  const loud = threshold - MONO_OFFSET_DB;
  const power = (i: number) => 10 ** (db[i]! / 10);
  let sum = 0;
  for (let i = Math.max(0, last - window + 1); i <= last; i += 1) sum += power(i);
  for (let end = last; end >= 0; end -= 1) {
    if (toDb(sum / window) >= loud) return (end + 1) * stepS;
    sum -= power(end);
    if (end - window >= 0) sum += power(end - window);
  }
  return (last + 1) * stepS;
}

/** The waveform: the peak of each of `buckets` equal parts, 0..1 to three decimals. */
export function waveformOf(samples: Int16Array, buckets = 200): number[] {
  if (samples.length === 0) return [];
  const parts = Math.min(buckets, samples.length);
  const out: number[] = [];
  for (let b = 0; b < parts; b += 1) {
    let peak = 0;
    const end = Math.floor(((b + 1) * samples.length) / parts);
    for (let j = Math.floor((b * samples.length) / parts); j < end; j += 1) peak = Math.max(peak, Math.abs(samples[j]!));
    out.push(Math.round((peak / 32768) * 1000) / 1000);
  }
  return out;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
