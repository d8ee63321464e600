// MP3 files made at test time by a real encoder (ffmpeg's libmp3lame, from ffmpeg's own sine
// source): their lengths are not whole seconds, in the container (encoder delay and padding) or
// decoded, as a station's library has them. Nothing is downloaded.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Why MP3s cannot be made here (ffmpeg missing, or built without libmp3lame), or null when they can. */
export async function mp3Missing(): Promise<string | null> {
  try {
    const { stdout } = await run('ffmpeg', ['-hide_banner', '-encoders']);
    return stdout.includes('libmp3lame') ? null : 'ffmpeg has no libmp3lame encoder';
  } catch {
    return 'ffmpeg is not on the PATH';
  }
}

/** `seconds` of a sine at `frequency` Hz, mono 44.1 kHz, encoded by libmp3lame at 64 kb/s. */
export async function mp3Tone(frequency: number, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-mp3-'));
  try {
    const path = join(dir, `${frequency}.mp3`);
    const source = `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`;
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k', path]);
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A tone encoded with tags (ffmpeg's metadata keys: `ISRC`, `publisher` for ID3's TSRC and TPUB, `LABEL` in Vorbis comments), as MP3 or Ogg Vorbis. */
export async function taggedTone(format: 'mp3' | 'ogg', seconds: number, tags: Record<string, string>): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-tagged-'));
  try {
    const path = join(dir, `tone.${format}`);
    const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
    const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '64k'] : ['-c:a', 'libvorbis'];
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`, '-ac', '1', ...metadata, ...codec, path]);
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
