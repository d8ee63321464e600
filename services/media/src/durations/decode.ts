// The exact length of a file's audio, by decoding it with ffmpeg: what a player airs (the playout's
// Liquidsoap decodes with ffmpeg too), not what the container's header says. ffmpeg trims LAME's
// encoder delay and padding from an MP3 and honours Ogg's granule positions, so a 6.000 s tone
// encoded as MP3 measures 6.000 s here where its header says 6.034 s.
//
// ffmpeg decodes the first audio stream to PCM, regrouped into packets of 65,536 samples (the last
// one shorter, not padded), and writes one line per packet (the framecrc muxer): a header naming
// the stream's time base (1/sample rate for PCM), then `stream, dts, pts, duration, size,
// checksum`. The length is the sum of the packets' durations. (A line per decoded frame would be
// 60 times as many lines for the service to read: some 12,000 for a 5-minute MP3.)
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';

export type Measurement = { kind: 'decoded'; seconds: number } | { kind: 'undecodable'; reason: string };

export interface DecodeOptions {
  /** Killed past this many milliseconds (the file then counts as undecodable). */
  timeoutMs: number;
  /** Niceness of the ffmpeg process (0 unchanged; 10 for background work). */
  nice?: number;
  /** Aborting kills ffmpeg and rejects: the file is not measured (shutdown). */
  signal?: AbortSignal;
}

/** Adds up the lines of ffmpeg's framecrc output: the time base and the packets' durations. */
export class FramecrcTotal {
  private timeBase: [number, number] | null = null;
  private units = 0;
  private packets = 0;

  /** Reads one line of the output. */
  add(line: string): void {
    if (line.startsWith('#')) {
      const base = /^#tb 0: (\d+)\/(\d+)\s*$/.exec(line);
      if (base) this.timeBase = [Number(base[1]), Number(base[2])];
      return;
    }
    const fields = line.split(',');
    if (fields.length < 6 || fields[0]!.trim() !== '0') return;
    const duration = Number(fields[3]);
    if (Number.isInteger(duration) && duration > 0) {
      this.units += duration;
      this.packets += 1;
    }
  }

  /** The decoded length in seconds, or null when nothing was decoded. */
  seconds(): number | null {
    if (!this.timeBase || this.packets === 0 || this.timeBase[1] === 0) return null;
    return (this.units * this.timeBase[0]) / this.timeBase[1];
  }
}

/** ffmpeg's arguments: the first audio stream decoded to PCM, one line per 65,536 samples on stdout. */
export function decodeArguments(path: string): string[] {
  const packets = ['-af', 'asetnsamples=n=65536:p=0', '-c:a', 'pcm_s16le', '-f', 'framecrc'];
  return ['-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', '1', '-i', path, '-map', '0:a:0', ...packets, '-'];
}

/** The last line ffmpeg wrote to stderr (its error), at most 300 characters. */
function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return (lines.at(-1) ?? '').trim().slice(0, 300);
}

/**
 * Decodes the file's first audio stream with `ffmpeg` and answers its length. A file ffmpeg cannot
 * decode (no audio stream, not media, cut off before any audio, past the time limit) answers
 * `undecodable` with ffmpeg's reason. Rejects when ffmpeg cannot be started or `signal` aborts it:
 * then nothing is known about the file.
 */
export function measureDecoded(ffmpeg: string, path: string, options: DecodeOptions): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, decodeArguments(path), {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs,
      killSignal: 'SIGKILL',
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (options.nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, options.nice);
      } catch {
        // Not allowed here, or the process ended already: it runs at the service's own priority.
      }
    }
    const total = new FramecrcTotal();
    createInterface({ input: child.stdout }).on('line', (line) => total.add(line));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (options.signal?.aborted) return; // rejected by the 'error' the abort raised
      const seconds = total.seconds();
      // `killed`: ended by the time limit (spawn's `timeout`), not by something else.
      if (signal) resolve({ kind: 'undecodable', reason: child.killed ? `not decoded within ${options.timeoutMs} ms` : `ffmpeg ended by ${signal}` });
      else if (code !== 0) resolve({ kind: 'undecodable', reason: lastLine(stderr) || `ffmpeg exited with ${code}` });
      else if (seconds === null) resolve({ kind: 'undecodable', reason: 'no audio was decoded' });
      else resolve({ kind: 'decoded', seconds });
    });
  });
}
