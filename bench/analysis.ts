/* eslint-disable no-console -- a benchmark reports on stdout */
// How fast a file is analysed at ingest (issue 44: loudness, true peak, cue points, waveform; one
// ffmpeg pass, services/media/src/analysis/measure.ts): a 5-minute song encoded by LAME (192 kb/s)
// and by libvorbis (q 6), each analysed five times one after the other (one core), and ffmpeg's
// plain decode of the same file for comparison. Goal: at least 50× real time per core.
// Run: pnpm --filter @airwave/bench analysis
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { analyse } from '@airwave/media/analysis';

const run = promisify(execFile);
const SECONDS = 300;
const RUNS = 5;
const dir = mkdtempSync(join(tmpdir(), 'airwave-bench-analysis-'));

/** A song-like file: a chord that changes every 10 s, faded in and out, with 1.5 s of silence at both ends. */
async function song(path: string, encoder: string[]) {
  const chord = 'sin(2*PI*(220+55*floor(t/10))*t)+0.5*sin(2*PI*(330+55*floor(t/10))*t)';
  const envelope = `if(between(t,1.5,${SECONDS - 1.5}),min(1,(t-1.5)/2)*min(1,(${SECONDS - 1.5}-t)/6),0)`;
  const expr = `0.2*(${chord})*${envelope}`;
  await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='${expr}|${expr}':s=44100:d=${SECONDS}`, ...encoder, path]);
  return path;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

try {
  for (const [name, encoder] of [
    ['MP3 (LAME 192 kb/s)', ['-c:a', 'libmp3lame', '-b:a', '192k']],
    ['Ogg Vorbis (q 6)', ['-c:a', 'libvorbis', '-q:a', '6']],
  ] as const) {
    const path = await song(join(dir, name.startsWith('MP3') ? 'song.mp3' : 'song.ogg'), [...encoder]);
    const analyses: number[] = [];
    let last: unknown;
    for (let i = 0; i < RUNS; i += 1) {
      const { ms, result } = await timed(() => analyse('ffmpeg', path, { timeoutMs: 120_000 }));
      analyses.push(ms);
      last = result;
    }
    const decode = await timed(() => run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-threads', '1', '-i', path, '-f', 'null', '-']));
    const median = analyses.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
    const { waveform, ...figures } = last as { waveform: number[] };
    console.log(`${name}, ${SECONDS} s: analysis ${Math.round(median)} ms (median of ${RUNS}), ${(SECONDS * 1000 / median).toFixed(0)}× real time; ffmpeg's decode alone ${Math.round(decode.ms)} ms`);
    console.log(`  ${JSON.stringify(figures)}; waveform of ${waveform.length} peaks`);
    console.log(`  a 100,000-item library of such songs: ${((100_000 * median) / 3_600_000).toFixed(1)} hours on one core`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
