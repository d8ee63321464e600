import { describe, expect, it } from 'vitest';
import { containsPattern, endsSessions, mayLeaveAdminEmpty, uniqueIds } from './rules';

describe('the user search pattern', () => {
  it('finds the text anywhere, in lower case', () => {
    expect(containsPattern('Ali')).toBe('%ali%');
  });

  it('takes LIKE\'s special characters literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('user changes', () => {
  it('lists each group once', () => {
    expect(uniqueIds([2, 1, 2, 3, 1])).toEqual([2, 1, 3]);
  });

  it('check the Admin group after a change of groups or a disabling', () => {
    expect(mayLeaveAdminEmpty({ group_ids: [] })).toBe(true);
    expect(mayLeaveAdminEmpty({ enabled: false })).toBe(true);
    expect(mayLeaveAdminEmpty({ enabled: true })).toBe(false);
    expect(mayLeaveAdminEmpty({})).toBe(false);
  });

  it('end sessions when the user is disabled or gets a new password', () => {
    expect(endsSessions({ enabled: false })).toBe(true);
    expect(endsSessions({ passwordHash: 'scrypt$…' })).toBe(true);
    expect(endsSessions({ enabled: true })).toBe(false);
    expect(endsSessions({})).toBe(false);
  });
});
