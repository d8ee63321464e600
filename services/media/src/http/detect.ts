// What an uploaded file is: type, format, duration and tags, from its content.
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';

export interface Detected {
  type: 'audio' | 'video' | 'image' | 'document';
  format: string;
  duration: number | null;
  tags: Record<string, unknown>;
}

const typeOfMime = (mime: string): Detected['type'] | null => {
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'document';
  return null;
};

/** Detects type, format, duration and tags from the file's content, never its name. */
export async function detect(path: string): Promise<Detected | null> {
  const kind = await fileTypeFromFile(path);
  if (!kind) return null;
  const type = typeOfMime(kind.mime);
  if (!type) return null;
  const { duration, tags } = type === 'audio' || type === 'video' ? await mediaTags(path) : { duration: null, tags: {} };
  return { type, format: kind.ext === 'jpeg' ? 'jpg' : kind.ext, duration, tags };
}

/** Duration and the common tags of an audio or video file. */
async function mediaTags(path: string): Promise<Pick<Detected, 'duration' | 'tags'>> {
  let duration: number | null = null;
  const tags: Record<string, unknown> = {};
  try {
    const meta = await parseFile(path, { duration: true, skipCovers: true });
    duration = meta.format.duration ?? null;
    for (const key of ['title', 'artist', 'album', 'year', 'genre', 'comment', 'isrc', 'label'] as const) {
      const value = meta.common[key];
      if (value !== undefined && !(Array.isArray(value) && value.length === 0)) tags[key] = Array.isArray(value) ? value.map(String).join(', ') : value;
    }
  } catch {
    // Unreadable metadata: the file is still stored, without duration.
  }
  return { duration, tags };
}
