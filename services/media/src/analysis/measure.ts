// How a file sounds, measured once (issue 44): its integrated loudness, loudness range and true peak
// (EBU R128 / ITU-R BS.1770, ffmpeg's ebur128 filter), and from its decoded audio where the sound
// begins and ends (cue-in, cue-out), where the next item may start over its tail, its decoded length
// and a waveform for the console. One ffmpeg pass: the file decoded once, the loudness measured on
// the full signal and a copy resampled to 8 kHz mono handed over on stdout for the levels.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { cuePoints, levelsOf, waveformOf, type CuePoints, type CueRules } from './levels';

export { CUE_RULES, type CueRules } from './levels';

export interface Loudness {
  /** Integrated loudness, LUFS. */
  integrated: number;
  /** Loudness range, LU. */
  range: number;
  /** True peak, dBTP. */
  true_peak: number;
}

export type Analysis = ({ kind: 'analysed'; seconds: number; waveform: number[] } & Loudness & CuePoints) | { kind: 'undecodable'; reason: string };

export interface AnalysisOptions {
  /** Killed past this many milliseconds (the file then counts as undecodable). */
  timeoutMs: number;
  /** Niceness of the ffmpeg process (0 unchanged; 10 for background work). */
  nice?: number;
  signal?: AbortSignal;
  /** Where the cue points fall (CUE_RULES unless told: a comparison's other rules). */
  rules?: CueRules;
}

/** The rate of the copy the levels are read from. */
export const LEVELS_RATE = 8000;

/** ffmpeg's arguments: the first audio stream, measured by ebur128 (its summary on stderr) and copied to stdout as 8 kHz mono s16le. */
export function analysisArguments(path: string): string[] {
  const graph = `[0:a:0]asplit=2[loud][copy];[loud]ebur128=peak=true[measured];[copy]aresample=${LEVELS_RATE},aformat=sample_fmts=s16:channel_layouts=mono[levels]`;
  return ['-nostdin', '-hide_banner', '-nostats', '-loglevel', 'info', '-threads', '1', '-i', path, '-filter_complex', graph, '-map', '[measured]', '-f', 'null', '-', '-map', '[levels]', '-f', 's16le', 'pipe:1'];
}

const summaryValue = (text: string, label: string, unit: string): number | null => {
  const match = new RegExp(`${label}:\\s+(-?(?:\\d+(?:\\.\\d+)?|inf))\\s+${unit}`).exec(text);
  if (!match) return null;
  return match[1] === '-inf' || match[1] === 'inf' ? Number.NEGATIVE_INFINITY : Number(match[1]);
};

const ABSOLUTE_GATE_LUFS = -70;

/** The figures of ebur128's summary in ffmpeg's stderr, or null when it printed none. */
export function parseLoudnessSummary(stderr: string): Loudness | null {
  const at = stderr.lastIndexOf('Summary:');
  if (at < 0) return null;
  const summary = stderr.slice(at);
  const integrated = summaryValue(summary, 'I', 'LUFS');
  const range = summaryValue(summary, 'LRA', 'LU');
  const truePeak = summaryValue(summary, 'Peak', 'dBFS');
  if (integrated === null || range === null || truePeak === null) return null;
  // -70 LUFS is ebur128's absolute gate: a file all under it (silence) has no loudness
  return { integrated: integrated <= ABSOLUTE_GATE_LUFS ? Number.NEGATIVE_INFINITY : integrated, range, true_peak: truePeak };
}

/** The last line of ffmpeg's stderr that says an error, at most 300 characters. */
const errorLine = (text: string) =>
  (text.trim().split('\n').findLast((line) => /error|invalid|no such|does not contain|could not/i.test(line)) ?? text.trim().split('\n').at(-1) ?? '').trim().slice(0, 300);

/**
 * Analyses the file's first audio stream. A file ffmpeg cannot decode (no audio, not media, past the
 * time limit) answers `undecodable` with the reason; rejects when ffmpeg cannot be started or
 * `signal` aborts it.
 */
export function analyse(ffmpeg: string, path: string, options: AnalysisOptions): Promise<Analysis> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, analysisArguments(path), { stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeoutMs, killSignal: 'SIGKILL', ...(options.signal ? { signal: options.signal } : {}) });
    if (options.nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, options.nice);
      } catch {
        // not allowed here: it runs at the service's own priority
      }
    }
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-16_384);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (options.signal?.aborted) return;
      if (signal) return resolve({ kind: 'undecodable', reason: child.killed ? `not analysed within ${options.timeoutMs} ms` : `ffmpeg ended by ${signal}` });
      if (code !== 0) return resolve({ kind: 'undecodable', reason: errorLine(stderr) || `ffmpeg exited with ${code}` });
      const all = Buffer.concat(chunks);
      const samples = new Int16Array(all.buffer, all.byteOffset, Math.floor(all.length / 2));
      const loudness = parseLoudnessSummary(stderr);
      if (!loudness || samples.length === 0) return resolve({ kind: 'undecodable', reason: 'no audio was decoded' });
      const levels = levelsOf(samples, LEVELS_RATE);
      resolve({ kind: 'analysed', ...loudness, ...cuePoints(levels, loudness.integrated, options.rules), seconds: samples.length / LEVELS_RATE, waveform: waveformOf(samples) });
    });
  });
}
