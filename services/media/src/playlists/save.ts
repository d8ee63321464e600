// Saving a playlist (create or edit): every item checked first (media items that may air and that
// the saver may use, voicetracks of audio that fit over the item after them, dynamic searches that
// are valid, saved searches of the saver's own), then the
// playlist and its items written in one transaction with the event; nothing is half saved.
import { badRequest, type Playlist, type PlaylistEdit, type PlaylistInput, type PlaylistItemInput, type Principal } from '@airwave/contracts';
import { expressionBuilder } from 'kysely';
import type { MediaContext } from '../context';
import type { MediaDB, MediaSchema, PlaylistRow } from '../schema';
import { parseFilters, filterExpression } from '../search/filters';
import { playlistOut, playlistState } from './answer';
import { assertOwnSavedSearch } from './dynamic';
import { insertPlaylist, lockPlaylist, replaceItems, updatePlaylist } from './queries';
import { assertEditable, assertMayCreate, assertMaySetPermitted, assertReadable, type Reader } from './rules';

const itemError = (index: number, field: string, message: string) => {
  const path = `items.${index}.${field}`;
  return badRequest(`Invalid input: ${path}: ${message}`, { issues: [{ path, message }], item_index: index });
};

type MediaFacts = { id: number; type: string; status: string; owner_id: number; is_approved: boolean; is_archived: boolean; permitted_users: number[]; permitted_groups: number[] };

/** Why a media item may not be in this playlist (OB's rules), or null. */
export function mediaItemProblem(media: MediaFacts | undefined, id: number, reader: Reader, ownerId: number): string | null {
  const sees = (m: MediaFacts) =>
    m.status !== 'private' || reader.permissions.includes('manage_media') || m.owner_id === reader.userId || m.permitted_users.includes(reader.userId) || m.permitted_groups.some((g) => reader.groupIds.includes(g));
  if (!media || !sees(media)) return `media item ${id} does not exist`;
  if (!media.is_approved) return `media item ${id} is not approved`;
  if (media.is_archived) return `media item ${id} is archived`;
  if (media.type === 'document') return `media item ${id} is a document: playlists air audio, video and images`;
  if (media.status === 'private' && media.owner_id !== ownerId) return `media item ${id} is private: only playlists of its owner may use it`;
  return null;
}

/**
 * Why a voicetrack may not be where it is: its voice must be audio, and (as OB's console checks)
 * the voice with its offset and fades must fit in the media item after it, which it airs over.
 */
function voicetrackProblem(items: PlaylistItemInput[], index: number, media: ReadonlyMap<number, SavedFacts>): string | null {
  const item = items[index] as Extract<PlaylistItemInput, { type: 'voicetrack' }>;
  const voice = media.get(item.media_id)!;
  if (voice.type !== 'audio') return `media item ${item.media_id} is ${voice.type === 'image' ? 'an' : 'a'} ${voice.type}: a voicetrack is audio`;
  const next = items[index + 1];
  if (next?.type !== 'media' || voice.duration === null) return null;
  const music = media.get(next.media_id);
  if (!music) return null; // that item's own check refuses it
  const room = music.type === 'image' ? next.image_duration : music.duration;
  const needs = voice.duration + item.voicetrack_offset + item.voicetrack_fadeout_before + item.voicetrack_fadein_after;
  if (room === null || needs <= room + 0.001) return null;
  const s = (n: number) => `${Math.round(n * 10) / 10} s`;
  return `the voicetrack (${s(voice.duration)}) with its offset and fades (${s(needs)}) is longer than media item ${next.media_id} after it (${s(room)})`;
}

type SavedFacts = MediaFacts & { duration: number | null };

async function checkItems(db: MediaDB, items: PlaylistItemInput[], reader: Reader, ownerId: number): Promise<void> {
  const ids = [...new Set(items.flatMap((item) => (item.type === 'media' || item.type === 'voicetrack' ? [item.media_id] : [])))];
  const rows = ids.length ? await db.selectFrom('items').select(['id', 'type', 'status', 'owner_id', 'is_approved', 'is_archived', 'permitted_users', 'permitted_groups', 'duration']).where('id', 'in', ids).execute() : [];
  const media = new Map<number, SavedFacts>(rows.map((r) => [r.id, { ...r, duration: r.duration === null ? null : Number(r.duration) }]));
  for (const [index, item] of items.entries()) {
    if (item.type === 'media' || item.type === 'voicetrack') {
      const problem = mediaItemProblem(media.get(item.media_id), item.media_id, reader, ownerId);
      if (problem) throw itemError(index, 'media_id', problem);
    }
    if (item.type === 'voicetrack') {
      const problem = voicetrackProblem(items, index, media);
      if (problem) throw itemError(index, 'media_id', problem);
    } else if (item.type === 'dynamic') {
      if (item.saved_search_id !== undefined) await assertOwnSavedSearch(db, item.saved_search_id, reader.userId, `items.${index}.saved_search_id`);
      if (item.query?.mode === 'advanced') checkFilters(item.query.filters, index);
    }
  }
}

/** Each filter must apply to its field (an operator a field has not is a 400 here, not when it airs). */
function checkFilters(filters: unknown[], index: number): void {
  try {
    parseFilters(filters).forEach((f) => filterExpression(expressionBuilder<MediaSchema, 'items'>(), f));
  } catch (error) {
    throw itemError(index, 'query', error instanceof Error ? error.message.replace(/^Invalid input: /, '') : 'invalid');
  }
}

/** The values an edit writes: what it sends, and for the rest what the playlist has. */
function merged(input: PlaylistEdit, before: PlaylistRow) {
  return {
    name: input.name ?? before.name,
    description: input.description ?? before.description,
    status: input.status ?? before.status,
    type: input.type ?? before.type,
    permitted_users: input.permitted_users,
    permitted_groups: input.permitted_groups,
  };
}

/** Creates (no `id`) or edits a playlist; answers it as GET /playlists/{id} does. */
export async function savePlaylist(ctx: MediaContext, input: PlaylistInput | PlaylistEdit, reader: Principal): Promise<Playlist> {
  const { db, events } = ctx;
  const id = 'id' in input ? input.id : undefined;
  if (id === undefined) assertMayCreate(reader);
  const saved = await db.transaction().execute(async (trx) => {
    const before = id === undefined ? null : assertReadable(reader, id, await lockPlaylist(trx, id));
    if (before) assertEditable(reader, before);
    assertMaySetPermitted(reader, input, before);
    if (input.items) await checkItems(trx, input.items, reader, before?.owner_id ?? reader.userId);
    const row = before ? await updatePlaylist(trx, before.id, merged(input as PlaylistEdit, before)) : await insertPlaylist(trx, reader.userId, input as PlaylistInput);
    if (input.items) await replaceItems(trx, row.id, input.items);
    await events.record(trx, 'media.playlist.saved', await playlistState(trx, row), reader);
    return row;
  });
  events.kick();
  return playlistOut(db, saved, reader);
}
