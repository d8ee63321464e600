// Records an Icecast mount with ffmpeg as 8 kHz mono PCM, keeping the wall-clock time of its first
// sample: the earliest that is consistent with every chunk's arrival (a sample cannot arrive before
// it was live), so a burst of buffered audio at the start does not shift the timeline.
import { spawn } from 'node:child_process';

export interface Recording {
  /** Samples in [-1, 1]. */
  samples: Float32Array;
  rate: number;
  /** Unix ms of the first sample as the listener heard it. */
  t0: number;
}

export interface Recorder {
  /** Resolves once the first audio arrived. */
  started: Promise<void>;
  /** Resolves when ffmpeg has exited (the mount is absent, or the stream ended, or `stop`). */
  exited: Promise<void>;
  stop(): Promise<Recording>;
}

/**
 * Records `url` until the stream ends or `stop`. With `reconnect` (the default), ffmpeg reconnects
 * by itself and the recording runs on across an outage without marking it (recordSegments keeps
 * each connection apart instead).
 */
export function recordMount(url: string, options: { rate?: number; reconnect?: boolean } = {}): Recorder {
  const rate = options.rate ?? 8000;
  const reconnect = options.reconnect === false ? [] : ['-reconnect', '1', '-reconnect_streamed', '1', '-reconnect_delay_max', '2'];
  const ffmpeg = spawn(
    'ffmpeg',
    ['-nostdin', '-loglevel', 'error', ...reconnect,
      // every mount here is MP3: naming the format spares ffmpeg's probe, which held the first
      // audio back about 8 s (0.8 s with it)
      '-fflags', 'nobuffer', '-probesize', '8192', '-analyzeduration', '0', '-f', 'mp3', '-i', url,
      '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const chunks: Buffer[] = [];
  let bytes = 0;
  let t0 = Number.POSITIVE_INFINITY;
  let stderr = '';
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  ffmpeg.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  ffmpeg.stdout.on('data', (chunk: Buffer) => {
    const now = Date.now();
    chunks.push(chunk);
    bytes += chunk.length;
    t0 = Math.min(t0, now - (bytes / 2 / rate) * 1000);
    markStarted();
  });
  const exited = new Promise<void>((resolve) => ffmpeg.once('exit', () => resolve()));
  return {
    started,
    exited,
    async stop() {
      if (ffmpeg.exitCode === null) ffmpeg.kill('SIGTERM');
      await exited;
      const all = Buffer.concat(chunks);
      const samples = new Float32Array(Math.floor(all.length / 2));
      for (let i = 0; i < samples.length; i += 1) samples[i] = all.readInt16LE(i * 2) / 32768;
      if (!samples.length) throw new Error(`nothing recorded from ${url}: ${stderr}`);
      return { samples, rate, t0 };
    },
  };
}

/**
 * Records `url` once its mount is up: ffmpeg exits at once while the mount is not there yet (the
 * engine connects to Icecast a moment after it answers), so it is started again until the first
 * audio arrives, for at most `timeoutMs`.
 */
export async function recordMountWhenUp(url: string, timeoutMs: number, options: { rate?: number } = {}): Promise<Recorder> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rec = recordMount(url, options);
    const wait = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now())));
    const outcome = await Promise.race([rec.started.then(() => 'up' as const), rec.exited.then(() => 'gone' as const), wait]);
    if (outcome === 'up') return rec;
    if (outcome === 'late' || Date.now() >= deadline) {
      await rec.stop().catch(() => undefined);
      throw new Error(`no audio from ${url} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
