// Thumbnails of media files: an image scaled down, the cover art embedded in audio (scaled), or a
// frame of a video where ffmpeg is installed. A file never changes under its id, so thumbnails are
// cached by file id (bounded, least recently used first out).
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parseFile } from 'music-metadata';

// sharp (libvips) is loaded on the first thumbnail: it adds some 20 MB to the resident memory of
// every process that imports this service (the gateway included) and most never scale an image.
let sharpModule: Promise<typeof import('sharp')> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

export interface Thumbnail {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

export interface ThumbnailSource {
  fileId: string;
  type: string;
  /** The file on local disk (null for stores without local files). */
  path: string | null;
  /** Reads the whole file (images in stores without local files). */
  read(): Promise<Buffer>;
}

export interface ThumbnailerOptions {
  /** Longest side in pixels (default 320). */
  size?: number;
  /** Thumbnails kept in memory (default 256). */
  cacheEntries?: number;
  /** ffmpeg for video frames: a path, or null to never use it (default: found on PATH). */
  ffmpeg?: string | null;
}

/** The first executable named `name` on PATH, or null. */
export function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Scales any image sharp reads to fit `size`×`size`, keeping transparency as PNG, else JPEG. */
export async function scaleImage(input: Buffer | string, size: number): Promise<Thumbnail> {
  // limitInputPixels guards against decompression bombs; failOn 'error' refuses broken files.
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: 100_000_000, failOn: 'error' }).rotate();
  const meta = await image.metadata();
  const resized = image.resize(size, size, { fit: 'inside', withoutEnlargement: true });
  if (meta.hasAlpha) return { body: await resized.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' };
  return { body: await resized.jpeg({ quality: 80, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
}

/** One frame of a video (one second in, or the first) as PNG bytes, with a time limit. */
export function videoFrame(ffmpeg: string, path: string, timeoutMs = 10_000): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, ['-nostdin', '-loglevel', 'error', '-ss', '1', '-i', path, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024 * 1024) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && size > 0 ? Buffer.concat(chunks) : null);
    });
  });
}

export class Thumbnailer {
  private readonly size: number;
  private readonly cacheEntries: number;
  private readonly ffmpeg: string | null;
  /** Thumbnails by file, made or being made (concurrent requests for one file share the work). */
  private readonly cache = new Map<string, Promise<Thumbnail | null>>();

  constructor(options: ThumbnailerOptions = {}) {
    this.size = options.size ?? 320;
    this.cacheEntries = options.cacheEntries ?? 256;
    this.ffmpeg = options.ffmpeg === undefined ? findOnPath('ffmpeg') : options.ffmpeg;
  }

  /** The thumbnail of a file, or null when it has none (audio without cover art, documents). */
  of(source: ThumbnailSource): Promise<Thumbnail | null> {
    const key = `${source.fileId}@${this.size}`;
    let made = this.cache.get(key);
    // A hit moves to the end (the Map's order is the eviction order); a miss starts the work.
    if (made) this.cache.delete(key);
    else {
      made = this.make(source);
      // A failure that is not the file's (see make) is not remembered: the next request tries again.
      made.catch(() => this.cache.delete(key));
    }
    this.cache.set(key, made);
    if (this.cache.size > this.cacheEntries) this.cache.delete(this.cache.keys().next().value!);
    return made;
  }

  private async make(source: ThumbnailSource): Promise<Thumbnail | null> {
    try {
      if (source.type === 'image') return await scaleImage(source.path ?? (await source.read()), this.size);
      if ((source.type === 'audio' || source.type === 'video') && source.path) {
        const meta = await parseFile(source.path, { skipCovers: false, duration: false }).catch(() => null);
        const picture = meta?.common.picture?.[0];
        if (picture) return await scaleImage(Buffer.from(picture.data), this.size);
        if (source.type === 'video' && this.ffmpeg) {
          const frame = await videoFrame(this.ffmpeg, source.path);
          if (frame) return await scaleImage(frame, this.size);
        }
      }
    } catch (error) {
      // An image library that is not installed is the installation's fault: it must show (a 500 in
      // the log), not pass for a file without a thumbnail.
      if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') throw error;
      // An image the decoder refuses has no thumbnail; the item itself stays usable.
      return null;
    }
    return null;
  }
}
