// Who may read, edit and name others on a playlist, and which media items a playlist may hold.
import { describe, expect, it } from 'vitest';
import { thrown } from '../shared/test-support';
import { assertMaySetPermitted, canEditPlaylist, canReadPlaylist } from './rules';
import { mediaItemProblem } from './save';

const reader = (userId: number, permissions: string[] = [], groupIds: number[] = []) => ({ userId, permissions, groupIds });
const playlist = (status: string, extra: Partial<{ owner_id: number; permitted_users: number[]; permitted_groups: number[] }> = {}) => ({ owner_id: 1, status, permitted_users: [], permitted_groups: [], ...extra });

describe('playlist permissions', () => {
  it('lets everyone read visible and public playlists, and private ones only the owner, the named and managers', () => {
    expect(canReadPlaylist(reader(2), playlist('visible'))).toBe(true);
    expect(canReadPlaylist(reader(2), playlist('public'))).toBe(true);
    expect(canReadPlaylist(reader(2), playlist('private'))).toBe(false);
    expect(canReadPlaylist(reader(1), playlist('private'))).toBe(true);
    expect(canReadPlaylist(reader(2, ['manage_playlists']), playlist('private'))).toBe(true);
    expect(canReadPlaylist(reader(2), playlist('private', { permitted_users: [2] }))).toBe(true);
    expect(canReadPlaylist(reader(2, [], [7]), playlist('private', { permitted_groups: [7] }))).toBe(true);
  });

  it("edits as OB's user_can_edit: managers, the owner with create_own_playlists, the named", () => {
    expect(canEditPlaylist(reader(1), playlist('public'))).toBe(false);
    expect(canEditPlaylist(reader(1, ['create_own_playlists']), playlist('public'))).toBe(true);
    expect(canEditPlaylist(reader(2, ['create_own_playlists']), playlist('public'))).toBe(false);
    expect(canEditPlaylist(reader(2, ['manage_playlists']), playlist('private'))).toBe(true);
    expect(canEditPlaylist(reader(2, [], [7]), playlist('public', { permitted_groups: [7] }))).toBe(true);
  });

  it('needs playlists_advanced_permissions to change who else may use a playlist, not to send it back unchanged', () => {
    const current = playlist('private', { permitted_users: [3, 2] });
    expect(thrown(() => assertMaySetPermitted(reader(1), { permitted_users: [2, 3] }, current))).toBeUndefined();
    expect(thrown(() => assertMaySetPermitted(reader(1), {}, current))).toBeUndefined();
    expect(thrown(() => assertMaySetPermitted(reader(1), { permitted_users: [2] }, current))).toMatchObject({ code: 'forbidden' });
    expect(thrown(() => assertMaySetPermitted(reader(1), { permitted_groups: [4] }, null))).toMatchObject({ code: 'forbidden' });
    expect(thrown(() => assertMaySetPermitted(reader(1, ['playlists_advanced_permissions']), { permitted_groups: [4] }, null))).toBeUndefined();
  });
});

describe('media items of a playlist', () => {
  const item = (extra: Record<string, unknown> = {}) => ({ id: 9, type: 'audio', status: 'public', owner_id: 1, is_approved: true, is_archived: false, permitted_users: [], permitted_groups: [], ...extra });
  it("refuses what may not air, and another's private item unseen", () => {
    expect(mediaItemProblem(item(), 9, reader(2), 2)).toBeNull();
    expect(mediaItemProblem(undefined, 9, reader(2), 2)).toBe('media item 9 does not exist');
    expect(mediaItemProblem(item({ status: 'private' }), 9, reader(2), 2)).toBe('media item 9 does not exist');
    expect(mediaItemProblem(item({ is_approved: false }), 9, reader(2), 2)).toBe('media item 9 is not approved');
    expect(mediaItemProblem(item({ is_archived: true }), 9, reader(2), 2)).toBe('media item 9 is archived');
    expect(mediaItemProblem(item({ type: 'document' }), 9, reader(2), 2)).toContain('is a document');
    // A manager sees it, but a private item stays in its owner's playlists only (OB's rule).
    expect(mediaItemProblem(item({ status: 'private' }), 9, reader(2, ['manage_media']), 2)).toContain('only playlists of its owner');
    expect(mediaItemProblem(item({ status: 'private' }), 9, reader(2, ['manage_media']), 1)).toBeNull();
  });
});
