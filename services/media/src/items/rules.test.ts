import { createHash } from 'node:crypto';
import type { Principal } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import type { ItemRow, UploadRow } from '../schema';
import { batchRefusal, editIdsOf, editProblem, newItemRow, uploadProblem, writtenFields } from './rules';

const principal = (permissions: string[], userId = 1): Principal => ({ userId, username: `u${userId}`, groupIds: [], permissions, via: 'session' }) as Principal;
const row = (fields: Partial<ItemRow>) => ({ id: 5, owner_id: 1, permitted_users: [], permitted_groups: [], version: 3, title: 'Old', ...fields }) as ItemRow;
const upload = (fields: Partial<UploadRow> = {}) =>
  ({ file_id: 'uploads/a', key_hash: createHash('sha256').update('k').digest('hex'), claimed: false, type: 'audio', format: 'mp3', size: 42, duration: 3.5, ...fields }) as UploadRow;

describe('saving a batch of items', () => {
  it('locks the existing items once each, in id order', () => {
    expect(editIdsOf([{ id: 9 }, { title: 'new' }, { id: 2 }, { id: 9 }])).toEqual([2, 9]);
  });

  it('refuses 403 before 400 before 409, listing every problem', () => {
    const stale = { index: 0, message: 'stale', stale: true };
    const invalid = { index: 1, message: 'title is required' };
    const denied = { index: 2, message: 'not yours', permission: true };
    expect(batchRefusal([])).toBeNull();
    expect(batchRefusal([stale, invalid, denied])).toMatchObject({ code: 'forbidden', message: 'Nothing saved: item 2: not yours', details: { items: [stale, invalid, denied] } });
    expect(batchRefusal([stale, invalid])).toMatchObject({ code: 'bad_request', message: 'Nothing saved: item 1: title is required' });
    expect(batchRefusal([stale])).toMatchObject({ code: 'conflict', message: 'Nothing saved: item 0: stale' });
  });

  it('finds a missing item, one you may not edit, and a stale version', () => {
    const owner = principal(['create_own_media']);
    expect(editProblem({ id: 5 }, undefined, owner)).toEqual({ message: 'no media item 5' });
    expect(editProblem({ id: 5 }, row({ owner_id: 2 }), owner)).toEqual({ message: 'you may not edit media item 5', permission: true });
    expect(editProblem({ id: 5, version: 2 }, row({}), owner)).toMatchObject({ stale: true });
    expect(editProblem({ id: 5, version: 3 }, row({}), owner)).toBeNull();
    expect(editProblem({ id: 5 }, row({}), owner)).toBeNull();
  });

  it('claims an upload with its key, once per batch', () => {
    expect(uploadProblem(upload(), 'k', new Set())).toBeNull();
    expect(uploadProblem(upload(), 'wrong', new Set())).toEqual({ message: 'unknown upload or wrong file_key' });
    expect(uploadProblem(undefined, 'k', new Set())).toEqual({ message: 'unknown upload or wrong file_key' });
    expect(uploadProblem(upload({ claimed: true }), 'k', new Set())).toEqual({ message: 'this upload is already used by a media item' });
    expect(uploadProblem(upload(), 'k', new Set(['uploads/a']))).toEqual({ message: 'this upload is already used by a media item' });
  });

  it('writes the fields given, and is_approved only from manage_media', () => {
    const item = { id: 5, file_id: 'f', file_key: 'k', version: 3, title: 'T', artist: undefined, is_approved: true };
    expect(writtenFields(item, principal(['create_own_media']))).toEqual({ title: 'T' });
    expect(writtenFields(item, principal(['manage_media']))).toEqual({ title: 'T', is_approved: true });
  });

  it('makes a new item from its upload, waiting for approval without manage_media', () => {
    const made = newItemRow({ title: 'Song', artist: 'Ártist', is_approved: true }, upload(), principal(['create_own_media'], 7));
    expect(made).toMatchObject({ owner_id: 7, title: 'Song', artist: 'Ártist', type: 'audio', format: 'mp3', size: 42, duration: 3.5, file_id: 'uploads/a', is_approved: false, permitted_users: [], permitted_groups: [] });
    expect(made.search_text).toBe('song artist      ');
    expect(newItemRow({ title: 'Song' }, upload(), principal(['manage_media']))).toMatchObject({ is_approved: true });
    expect(newItemRow({ title: 'Song', is_approved: false }, upload(), principal(['manage_media']))).toMatchObject({ is_approved: false });
  });
});
