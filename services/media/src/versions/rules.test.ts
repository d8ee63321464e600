import { createHash } from 'node:crypto';
import type { Principal } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { thrown } from '../shared/test-support';
import type { ItemRow, UploadRow } from '../schema';
import { mayManageVersions, nextCreated, claimableUpload } from './rules';

const principal = (userId: number, permissions: string[], groupIds: number[] = []): Principal => ({ userId, username: `u${userId}`, groupIds, permissions, via: 'session' }) as Principal;
const item = (fields: Partial<ItemRow>) => ({ owner_id: 1, permitted_users: [], permitted_groups: [], ...fields }) as ItemRow;
const upload = (fields: Partial<UploadRow>) =>
  ({ file_id: 'uploads/a', key_hash: createHash('sha256').update('the key').digest('hex'), claimed: false, type: 'audio', format: 'mp3', size: 10, duration: null, ...fields }) as UploadRow;

describe('versions', () => {
  it('are managed by who may edit the item and holds manage_media or create_own_media', () => {
    expect(mayManageVersions(principal(1, ['create_own_media']), item({ owner_id: 1 }))).toBe(true);
    expect(mayManageVersions(principal(2, ['manage_media']), item({ owner_id: 1 }))).toBe(true);
    expect(mayManageVersions(principal(2, ['create_own_media']), item({ owner_id: 1 }))).toBe(false);
    // Permitted on the item, but without either permission.
    expect(mayManageVersions(principal(2, []), item({ owner_id: 1, permitted_users: [2] }))).toBe(false);
    expect(mayManageVersions(principal(2, ['create_own_media'], [7]), item({ owner_id: 1, permitted_groups: [7] }))).toBe(true);
  });

  it('are named by the second they are made, always after the newest', () => {
    expect(nextCreated(1_700_000_000_900, 0)).toBe(1_700_000_000);
    expect(nextCreated(1_700_000_000_900, 1_700_000_000)).toBe(1_700_000_001);
    expect(nextCreated(1_700_000_000_900, 1_800_000_000)).toBe(1_800_000_001);
  });

  it('take an unclaimed upload with its key only', () => {
    const free = upload({});
    expect(claimableUpload(free, 'the key')).toBe(free);
    expect(thrown(() => claimableUpload(undefined, 'the key'))).toMatchObject({ code: 'bad_request', message: 'Unknown upload or wrong file_key.' });
    expect(thrown(() => claimableUpload(free, 'another key'))).toMatchObject({ code: 'bad_request', message: 'Unknown upload or wrong file_key.' });
    expect(thrown(() => claimableUpload(upload({ claimed: true }), 'the key'))).toMatchObject({ code: 'bad_request', message: 'This upload is already used.' });
  });
});
