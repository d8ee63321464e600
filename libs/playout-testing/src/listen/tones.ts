// Tone files for listening tests: each item a sine of its own frequency, so a recording says which
// item aired when. Made with sox (WAV, 44.1 kHz stereo).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Distinct frequencies far enough apart for 50 ms Goertzel windows (bins 20 Hz wide). */
export const TONES = [440, 550, 660, 770, 880, 990, 1100, 1210, 1320, 1430, 1540, 1650] as const;

/**
 * Writes `seconds` of a sine at `frequency` Hz (amplitude -6 dBFS) to `path` (.wav), 44.1 kHz
 * stereo unless told (a long tone to upload is smaller in mono at a lower rate).
 */
export async function makeTone(path: string, frequency: number, seconds: number, format: { rate?: number; channels?: number } = {}): Promise<string> {
  await run('sox', ['-n', '-r', String(format.rate ?? 44100), '-c', String(format.channels ?? 2), '-b', '16', path, 'synth', String(seconds), 'sine', String(frequency), 'gain', '-6']);
  return path;
}

/** Whether the listening tools' programs are on the PATH. */
export async function haveTools(names: string[] = ['liquidsoap', 'icecast2', 'ffmpeg', 'sox']): Promise<string[]> {
  const missing: string[] = [];
  for (const name of names) {
    try {
      await run('sh', ['-c', `command -v ${name}`]);
    } catch {
      missing.push(name);
    }
  }
  return missing;
}

/** One part of a tone file: a sine at `frequency` Hz for `seconds`. */
export interface ToneStep {
  frequency: number;
  seconds: number;
}

/**
 * Writes a tone file made by a real encoder, as a station's library has them: MP3 by LAME
 * (ffmpeg's libmp3lame, with its encoder delay and padding) or Ogg Vorbis (libvorbis), 44.1 kHz
 * stereo, from ffmpeg's own sine source. Several steps make one file whose tone changes part way
 * (where a listener hears the change says which offset of the file aired).
 */
export async function makeEncodedTone(path: string, steps: ToneStep[], codec: 'mp3' | 'ogg'): Promise<string> {
  const inputs = steps.flatMap((s) => ['-f', 'lavfi', '-i', `sine=frequency=${s.frequency}:sample_rate=44100:duration=${s.seconds}`]);
  const joined = steps.length > 1 ? ['-filter_complex', `${steps.map((_, i) => `[${i}:a]`).join('')}concat=n=${steps.length}:v=0:a=1`] : [];
  const encoder = codec === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : ['-c:a', 'libvorbis', '-q:a', '4'];
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, ...joined, '-ac', '2', ...encoder, path]);
  return path;
}
