// A search filter's value, read as its column's kind (OB passes it to SQL as text).
import { describe, expect, it } from 'vitest';
import { filterValue } from './search';

describe('filterValue', () => {
  it('reads whole numbers, numbers, flags, times and text', () => {
    expect(filterValue('id', '12')).toBe(12);
    expect(filterValue('parent_player_id', 3)).toBe(3);
    expect(filterValue('id', 'one')).toEqual({ problem: 'must be a whole number' });
    expect(filterValue('id', '99999999999')).toEqual({ problem: 'must be a whole number' });
    expect(filterValue('longitude', '-0.5')).toBe(-0.5);
    expect(filterValue('latitude', '')).toEqual({ problem: 'must be a number' });
    expect(filterValue('support_audio', '0')).toBe(false);
    expect(filterValue('support_audio', true)).toBe(true);
    expect(filterValue('support_audio', 'maybe')).toEqual({ problem: 'must be true or false' });
    expect(filterValue('last_connect', '2026-11-25T08:00:00Z')).toEqual(new Date('2026-11-25T08:00:00Z'));
    expect(filterValue('last_connect', 1795593600)).toEqual(new Date('2026-11-25T08:00:00Z'));
    expect(filterValue('last_connect', '2026-11-25 08:00:00')).toEqual({ problem: 'must be Unix seconds or ISO 8601 with an offset' });
    expect(filterValue('name', 42)).toBe('42');
    expect(filterValue('name', null)).toBeNull();
  });
});
