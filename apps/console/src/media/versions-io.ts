// A media item's versions through the API: list, add an uploaded file with notes, edit notes,
// make one active (its file becomes the item's), delete one (never the active one).
import { api } from '../lib/api';
import { uploadFile } from '../lib/upload';
import type { MediaVersion } from '@airwave/contracts';
import type { z } from 'zod';
import { displayLocale } from '../lib/locale';

export type Version = z.output<typeof MediaVersion>;

export async function listVersions(mediaId: number): Promise<Version[]> {
  const reply = await api.mediaVersions.list({ id: mediaId });
  return [...reply.versions].sort((a, b) => b.created - a.created);
}

export async function addVersion(mediaId: number, file: File, notes: string, onProgress: (fraction: number) => void): Promise<void> {
  const upload = await uploadFile(file, onProgress);
  await api.mediaVersions.add({ media_id: mediaId, file_id: upload.file_id, file_key: upload.file_key, notes });
}

export const saveNotes = (version: Version, notes: string) => api.mediaVersions.edit({ media_id: version.media_id, created: version.created, notes });
export const activateVersion = (version: Version) => api.mediaVersions.activate({ media_id: version.media_id, created: version.created });
export const deleteVersion = (version: Version) => api.mediaVersions.remove({ media_id: version.media_id, created: version.created });

/** "25 Nov 2026, 14:52" in the page's language. */
export function versionDate(version: Version): string {
  return new Date(version.created * 1000).toLocaleString(displayLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}
