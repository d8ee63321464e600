// Which tone is on air, every 50 ms: Goertzel's algorithm over the candidate frequencies (one
// frequency bin each, so no FFT), a silence threshold, and the transitions between tones. Pure
// functions over PCM samples, so a recording and a synthetic signal are judged alike.

export interface ToneWindow {
  /** Start of the window, ms after the first sample. */
  at: number;
  /** The dominant candidate frequency, or 0 for silence. */
  tone: number;
  /** Level of the window, dBFS (RMS). */
  level: number;
}

export interface Transition {
  /** ms after the first sample: where the new tone's first window starts. */
  at: number;
  from: number;
  to: number;
}

export interface DetectOptions {
  rate: number;
  candidates: readonly number[];
  windowMs?: number;
  /** Step between windows, ms (default: the window; smaller steps place a transition finer). */
  hopMs?: number;
  /** Below this RMS level (dBFS) a window is silence. */
  silenceDb?: number;
}

/** Goertzel power of `frequency` in samples[start, end) (normalized to 0..1 for a full-scale sine). */
export function goertzel(samples: ArrayLike<number>, start: number, end: number, rate: number, frequency: number): number {
  const n = end - start;
  const coeff = 2 * Math.cos((2 * Math.PI * frequency) / rate);
  let s1 = 0;
  let s2 = 0;
  for (let i = start; i < end; i += 1) {
    const s0 = samples[i]! + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - coeff * s1 * s2;
  return (4 * power) / (n * n);
}

/**
 * How loud `tone` is against `than` in samples[from, to) (ms after the first sample): a ratio of
 * powers, about 1 for the two mixed equally, 1e-4 for `tone` 40 dB down.
 */
export function toneRatio(samples: Float32Array, rate: number, tone: number, than: number, fromMs: number, toMs: number): number {
  const [from, to] = [fromMs, toMs].map((ms) => Math.max(0, Math.round((ms * rate) / 1000)));
  return goertzel(samples, from!, to!, rate, tone) / goertzel(samples, from!, to!, rate, than);
}

/** The dominant candidate of every window (samples as floats in [-1, 1]). */
export function detectTones(samples: Float32Array, options: DetectOptions): ToneWindow[] {
  const windowMs = options.windowMs ?? 50;
  const size = Math.round((options.rate * windowMs) / 1000);
  const hop = Math.round((options.rate * (options.hopMs ?? windowMs)) / 1000);
  const silence = options.silenceDb ?? -40;
  const out: ToneWindow[] = [];
  for (let start = 0; start + size <= samples.length; start += hop) {
    let energy = 0;
    for (let i = start; i < start + size; i += 1) energy += samples[i]! * samples[i]!;
    const level = 10 * Math.log10(energy / size + 1e-12);
    let tone = 0;
    if (level >= silence) {
      let best = -1;
      for (const f of options.candidates) {
        const p = goertzel(samples, start, start + size, options.rate, f);
        if (p > best) {
          best = p;
          tone = f;
        }
      }
    }
    // a window stands for its middle when windows overlap, so a change is placed where it is
    out.push({ at: ((start + (size - hop) / 2) / options.rate) * 1000, tone, level });
  }
  return out;
}

/**
 * The changes of tone: a new tone counts once it holds for `minWindows` windows (a crossfade's
 * middle or one noisy window does not make a transition; with a smaller hop, hold more windows).
 */
export function transitions(windows: ToneWindow[], minWindows = 3): Transition[] {
  const out: Transition[] = [];
  let current: number | undefined;
  let i = 0;
  while (i < windows.length) {
    let j = i;
    while (j < windows.length && windows[j]!.tone === windows[i]!.tone) j += 1;
    const tone = windows[i]!.tone;
    if (j - i >= minWindows && tone !== current) {
      if (current !== undefined) out.push({ at: windows[i]!.at, from: current, to: tone });
      current = tone;
    }
    i = j;
  }
  return out;
}

/** Runs of silence (tone 0) at least `minMs` long: [start, end) in ms. */
export function silences(windows: ToneWindow[], minMs: number, windowMs = 50): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = [];
  let start: number | undefined;
  for (const w of [...windows, { at: Number.POSITIVE_INFINITY, tone: -1, level: 0 }]) {
    if (w.tone === 0) start ??= w.at;
    else if (start !== undefined) {
      const end = Number.isFinite(w.at) ? w.at : windows.at(-1)!.at + windowMs;
      if (end - start >= minMs) out.push({ from: start, to: end });
      start = undefined;
    }
  }
  return out;
}

export interface ExpectedTransition {
  /** Unix ms when the new tone should take over. */
  at: number;
  to: number;
  label?: string;
}

export interface Matched {
  expected: ExpectedTransition;
  /** Unix ms where it was heard (recording time), or undefined when never heard. */
  heard?: number;
  /** heard - expected - latency, ms. */
  error?: number;
}

/**
 * Pairs every expected transition with the heard transition to the same tone nearest to it (within
 * `windowMs`, after the latency), estimating the stream's constant latency as the median offset.
 */
export function compareTransitions(
  expected: ExpectedTransition[],
  heard: Array<{ at: number; to: number }>,
  options: { searchMs?: number; latencyHintMs?: number } = {},
): { latency: number; matched: Matched[]; maxError: number } {
  const search = options.searchMs ?? 3000;
  const hint = options.latencyHintMs ?? 0;
  const nearest = (e: ExpectedTransition, latency: number) => {
    let best: { at: number } | undefined;
    for (const h of heard) {
      if (h.to !== e.to) continue;
      const d = Math.abs(h.at - e.at - latency);
      if (d <= search && (!best || d < Math.abs(best.at - e.at - latency))) best = h;
    }
    return best?.at;
  };
  const offsets = expected
    .map((e) => nearest(e, hint))
    .map((h, i) => (h === undefined ? undefined : h - expected[i]!.at))
    .filter((o): o is number => o !== undefined)
    .sort((a, b) => a - b);
  const latency = offsets.length ? offsets[Math.floor(offsets.length / 2)]! : hint;
  const matched = expected.map((e) => {
    const h = nearest(e, latency);
    return h === undefined ? { expected: e } : { expected: e, heard: h, error: h - e.at - latency };
  });
  const maxError = Math.max(0, ...matched.map((m) => (m.error === undefined ? Number.POSITIVE_INFINITY : Math.abs(m.error))));
  return { latency, matched, maxError };
}
