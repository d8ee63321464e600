import { describe, expect, it } from 'vitest';
import { thrown } from '../shared/test-support';
import { assertAllFound, assertDeletable } from './rules';

describe('archive and delete', () => {
  it('need every item to exist, naming the missing ones', () => {
    expect(thrown(() => assertAllFound([1, 2], [{ id: 2 }, { id: 1 }]))).toBeUndefined();
    expect(thrown(() => assertAllFound([1, 2, 3], [{ id: 2 }]))).toMatchObject({ code: 'not_found', message: 'No media item 1, 3.', details: { ids: [1, 3] } });
  });

  it('delete only archived or unapproved items', () => {
    const row = (id: number, is_archived: boolean, is_approved: boolean) => ({ id, is_archived, is_approved });
    expect(thrown(() => assertDeletable([row(1, true, true), row(2, false, false), row(3, true, false)]))).toBeUndefined();
    expect(thrown(() => assertDeletable([row(1, true, true), row(2, false, true), row(4, false, true)]))).toMatchObject({
      code: 'bad_request',
      message: 'Only archived or unapproved items can be deleted; not: 2, 4. Nothing was deleted.',
      details: { ids: [2, 4] },
    });
  });
});
