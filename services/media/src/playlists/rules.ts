// Who may do what with a playlist (docs/decisions/playlists.md, "Permissions"), as OpenBroadcaster
// decides it: manage_playlists for any; create_own_playlists for your own; the users and groups a
// playlist names (playlists_advanced_permissions sets them). Private playlists are seen only by
// those; visible and public ones by every user.
import { forbidden, notFound, type PlaylistUser, type Principal } from '@airwave/contracts';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { MediaSchema, PlaylistRow } from '../schema';

/** Whoever asks: a caller of the API, or a user another service names. */
export type Reader = Pick<Principal, 'userId' | 'groupIds' | 'permissions'>;
type Shared = Pick<PlaylistRow, 'owner_id' | 'status' | 'permitted_users' | 'permitted_groups'>;

export const readerOf = (user: Exclude<PlaylistUser, null>): Reader => ({ userId: user.id, groupIds: user.group_ids, permissions: user.permissions });

const manages = (reader: Reader) => reader.permissions.includes('manage_playlists');
const named = (reader: Reader, playlist: Shared) => playlist.permitted_users.includes(reader.userId) || playlist.permitted_groups.some((g) => reader.groupIds.includes(g));

/** OB's user_can_edit: manage_playlists; or the owner holding create_own_playlists; or named by it. */
export function canEditPlaylist(reader: Reader, playlist: Shared): boolean {
  return manages(reader) || (playlist.owner_id === reader.userId && reader.permissions.includes('create_own_playlists')) || named(reader, playlist);
}

/** Whether the reader may see (and so schedule) it: not private, or theirs, or naming them, or manage_playlists. */
export function canReadPlaylist(reader: Reader, playlist: Shared): boolean {
  return playlist.status !== 'private' || manages(reader) || playlist.owner_id === reader.userId || named(reader, playlist);
}

/** The same rule in SQL, for searches. */
export function readableBy(eb: ExpressionBuilder<MediaSchema, 'playlists'>, reader: Reader): Expression<SqlBool> {
  if (manages(reader)) return sql<SqlBool>`true`;
  return eb.or([
    eb('status', '<>', 'private'),
    eb('owner_id', '=', reader.userId),
    sql<SqlBool>`${reader.userId} = any(permitted_users)`,
    sql<SqlBool>`permitted_groups && ${sql.val(reader.groupIds)}::int[]`,
  ]);
}

export function assertMayCreate(reader: Reader): void {
  if (!manages(reader) && !reader.permissions.includes('create_own_playlists')) {
    throw forbidden('Creating playlists needs create_own_playlists or manage_playlists.', { permission: 'create_own_playlists' });
  }
}

/** The playlist if the reader may see it; a private playlist of someone else does not exist for them (404, as media). */
export function assertReadable<T extends Shared>(reader: Reader, id: number, playlist: T | undefined): T {
  if (!playlist || !canReadPlaylist(reader, playlist)) throw notFound(`No playlist ${id}.`);
  return playlist;
}

export function assertEditable(reader: Reader, playlist: Shared): void {
  if (!canEditPlaylist(reader, playlist)) throw forbidden('Only its owner (with create_own_playlists), the users and groups it names, or manage_playlists may change this playlist.', { permission: 'manage_playlists' });
}

/** Setting who else may use a playlist needs playlists_advanced_permissions (sending what it already has is fine). */
export function assertMaySetPermitted(reader: Reader, sent: { permitted_users?: number[] | undefined; permitted_groups?: number[] | undefined }, current: Shared | null): void {
  if (reader.permissions.includes('playlists_advanced_permissions')) return;
  const same = (a: number[] | undefined, b: number[]) => a === undefined || (a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]));
  if (!same(sent.permitted_users, current?.permitted_users ?? []) || !same(sent.permitted_groups, current?.permitted_groups ?? [])) {
    throw forbidden('Setting permitted_users or permitted_groups needs playlists_advanced_permissions.', { permission: 'playlists_advanced_permissions' });
  }
}
