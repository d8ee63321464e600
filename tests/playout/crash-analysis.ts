// What a listener should have heard, from the rundown, against what the recording heard, on a grid
// of 10 ms (crash.test.ts). Pure: the rundown's blocks and the detected tone windows in, figures out.
import { compareTransitions, detectTones, transitions, type Recording, type ToneStep, type ToneWindow } from '@airwave/playout-testing/listen';

/** A stretch of the rundown with one tone, Unix ms [from, to). */
export interface ToneSpan {
  from: number;
  to: number;
  tone: number;
  label: string;
}

export type RundownBlock = { start: string; end: string; kind: string; name: string; items: { media_id: number | null; type: string; offset: number; duration: number }[] };

/**
 * The tone of every instant of the blocks: each item's steps at their offsets, cut to the item's
 * length; the default playlist's tone in default blocks and wherever a show has nothing planned.
 */
export function expectedSpans(blocks: RundownBlock[], steps: Map<number, ToneStep[]>, defaultTone: number): ToneSpan[] {
  const spans: ToneSpan[] = [];
  for (const block of blocks) {
    const [start, end] = [Date.parse(block.start), Date.parse(block.end)];
    let cursor = start;
    for (const item of block.kind === 'default_playlist' ? [] : block.items) {
      const from = start + Math.round(item.offset * 1000);
      const to = Math.min(end, from + Math.round(item.duration * 1000));
      if (from > cursor) spans.push({ from: cursor, to: from, tone: defaultTone, label: `${block.name}: nothing planned` });
      let at = from;
      for (const step of steps.get(item.media_id ?? -1) ?? []) {
        const stepEnd = Math.min(to, at + Math.round(step.seconds * 1000));
        if (stepEnd > at) spans.push({ from: at, to: stepEnd, tone: step.frequency, label: `${block.name}: ${step.frequency} Hz` });
        at = stepEnd;
      }
      cursor = Math.max(cursor, to);
    }
    if (end > cursor) spans.push({ from: cursor, to: end, tone: defaultTone, label: block.kind === 'default_playlist' ? 'the default playlist' : `${block.name}: nothing planned` });
  }
  return mergeSame(spans.sort((a, b) => a.from - b.from));
}

/** Adjacent spans of the same tone as one (a default block after another is no change). */
function mergeSame(spans: ToneSpan[]): ToneSpan[] {
  const out: ToneSpan[] = [];
  for (const span of spans) {
    const last = out.at(-1);
    if (last && last.tone === span.tone && last.to === span.from) last.to = span.to;
    else out.push({ ...span });
  }
  return out;
}

/** A recording segment's tone every `hopMs`, placed in Unix ms as the listener heard it. */
export interface Heard {
  /** Unix ms at the listener. */
  at: number;
  tone: number;
}

export function heardTones(segment: Recording, candidates: readonly number[], options: { windowMs: number; hopMs: number }): Heard[] {
  return detectTones(segment.samples, { rate: segment.rate, candidates, windowMs: options.windowMs, hopMs: options.hopMs }).map((w: ToneWindow) => ({ at: segment.t0 + w.at, tone: w.tone }));
}

/**
 * The stream's constant latency over a segment: the median offset of its heard changes of tone
 * from the rundown's, or null when it heard none.
 */
export function segmentLatency(segment: Recording, spans: ToneSpan[], candidates: readonly number[]): number | null {
  const windows = detectTones(segment.samples, { rate: segment.rate, candidates, hopMs: 10 });
  const heard = transitions(windows, 15).map((t) => ({ at: segment.t0 + t.at, to: t.to }));
  if (!heard.length) return null;
  const first = segment.t0;
  const last = segment.t0 + (segment.samples.length / segment.rate) * 1000;
  const expected = spans.slice(1).map((s) => ({ at: s.from, to: s.tone })).filter((e) => e.at > first - 5000 && e.at < last);
  const { matched, latency } = compareTransitions(expected, heard, { latencyHintMs: 300, searchMs: 1500 });
  return matched.some((m) => m.heard !== undefined) ? latency : null;
}

/**
 * What was heard at each `stepMs` of [from, to), from windows already placed in rundown time (each
 * segment's listener time minus its latency): a tone, 0 for silence, null for nothing (no stream).
 */
export function heardGrid(heard: Heard[], from: number, to: number, stepMs = 10): Array<number | null> {
  const grid: Array<number | null> = [];
  let i = 0;
  for (let t = from; t < to; t += stepMs) {
    while (i < heard.length - 1 && heard[i + 1]!.at <= t) i += 1;
    const h = heard[i];
    grid.push(h && Math.abs(h.at - t) <= stepMs ? h.tone : null);
  }
  return grid;
}

export const toneAt = (spans: ToneSpan[], t: number) => spans.find((s) => s.from <= t && t < s.to)?.tone;

export interface Run {
  from: number;
  to: number;
  heard: number | null;
  expected: number | undefined;
}

/**
 * The runs of [from, to) where the grid heard something other than the rundown's tone: silence
 * and no stream included (`wrong`), or only another tone (`unplanned`: audio the rundown does not
 * have). Instants within `guardMs` of a change of tone in the rundown do not count.
 */
export function wrongRuns(grid: Array<number | null>, spans: ToneSpan[], from: number, stepMs: number, options: { guardMs: number; audioOnly: boolean }): Run[] {
  const changes = spans.map((s) => s.from);
  const runs: Run[] = [];
  let open: Run | undefined;
  grid.forEach((heard, i) => {
    const t = from + i * stepMs;
    const expected = toneAt(spans, t);
    const guarded = changes.some((c) => Math.abs(c - t) < options.guardMs);
    const wrong = !guarded && expected !== undefined && heard !== expected && (!options.audioOnly || (heard !== null && heard !== 0));
    if (wrong && open && open.heard === heard) open.to = t + stepMs;
    else {
      if (open) runs.push(open);
      open = wrong ? { from: t, to: t + stepMs, heard, expected } : undefined;
    }
  });
  if (open) runs.push(open);
  return runs;
}

/** The sum of the runs' lengths, ms. */
export const total = (runs: Run[]) => runs.reduce((sum, r) => sum + (r.to - r.from), 0);
