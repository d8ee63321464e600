// The media files OB Player downloads (remote.php `action=media`), opened from the gateway's
// media storage: the whole file and its exact size, or null when it is missing.
import type { Storage } from '@airwave/storage';
import type { OpenFile } from './actions';

export function storedMediaFiles(storage: Storage): OpenFile {
  return async (fileId) => {
    const size = await storage.size(fileId);
    if (size === null) return null;
    const stream = await storage.open(fileId);
    return stream ? { stream, size } : null;
  };
}
