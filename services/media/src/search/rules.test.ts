import type { Principal } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { filtersUseTrigramIndex, listOf, whoseItems } from './rules';

const principal = (permissions: string[]): Principal => ({ userId: 3, username: 'u3', groupIds: [], permissions, via: 'session' }) as Principal;

describe('what a search looks for', () => {
  it('picks the list by archive and approval', () => {
    expect(listOf('approved')).toEqual({ archived: false, approved: true });
    expect(listOf('unapproved')).toEqual({ archived: false, approved: false });
    expect(listOf('archived')).toEqual({ archived: true });
  });

  it("limits the unapproved and archived lists to one's own items without manage_media, and `my` always", () => {
    const user = principal(['create_own_media']);
    const manager = principal(['manage_media']);
    expect(whoseItems({ s: 'approved' }, user)).toHaveLength(1);
    expect(whoseItems({ s: 'archived' }, user)).toHaveLength(2);
    expect(whoseItems({ s: 'unapproved' }, manager)).toHaveLength(1);
    expect(whoseItems({ s: 'approved', my: true }, manager)).toHaveLength(2);
  });

  it('uses the trigram index for a contains or has filter of three or more characters', () => {
    expect(filtersUseTrigramIndex([{ filter: 'title', op: 'contains', val: 'abc' }])).toBe(true);
    expect(filtersUseTrigramIndex([{ filter: 'artist', op: 'has', val: 'ab cde' }])).toBe(true);
    expect(filtersUseTrigramIndex([{ filter: 'title', op: 'contains', val: 'ab' }])).toBe(false);
    expect(filtersUseTrigramIndex([{ filter: 'title', op: 'eq', val: 'abcdef' }])).toBe(false);
    expect(filtersUseTrigramIndex([])).toBe(false);
  });
});
