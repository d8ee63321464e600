// Real encoded files for the durations' tests, made at test time by ffmpeg's encoders from a
// generated tone (nothing downloaded), and the ffmpeg they need: a test without it skips, but
// under CI=1 (which installs ffmpeg, .ci/run) its absence fails.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findOnPath } from '../http/thumbnails';

const run = promisify(execFile);

export const ffmpegForTests = findOnPath('ffmpeg');

/** Why the tests that decode are skipped here, or null when they run; throws under CI without ffmpeg. */
export function skipWithoutFfmpeg(): string | null {
  if (ffmpegForTests) return null;
  if (process.env.CI) throw new Error('ffmpeg is not on the PATH: CI installs it (.ci/run), and the duration tests must run there.');
  return 'ffmpeg is not on the PATH (apt-get install ffmpeg): the tests that decode are skipped';
}

/** Encodes `seconds` of a 440 Hz tone at 44.1 kHz with `codec` (libmp3lame, libvorbis, libopus, pcm_s16le) into `path`, with `title` as its tag. */
export async function encodeTone(path: string, seconds: number, codec: string, title = 'Tone'): Promise<void> {
  const source = `sine=frequency=440:sample_rate=44100:duration=${seconds}`;
  await run(ffmpegForTests!, ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-ac', '2', '-c:a', codec, '-metadata', `title=${title}`, path]);
}
