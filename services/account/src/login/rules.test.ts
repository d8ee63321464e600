import { describe, expect, it } from 'vitest';
import { loginBuckets, loginSucceeds } from './rules';

describe('login buckets', () => {
  it('counts per address and per username regardless of case', () => {
    expect(loginBuckets('Alice', '10.0.0.1')).toEqual({ address: 'login-address:10.0.0.1', user: 'login-user:alice' });
  });
});

describe('a login', () => {
  const user = { id: 1, password_hash: 'scrypt$…', enabled: true };

  it('succeeds for an enabled user with the right password', () => {
    expect(loginSucceeds(user, true)).toBe(true);
  });

  it('fails for an unknown user, a wrong password, a disabled user or one without a password', () => {
    expect(loginSucceeds(undefined, true)).toBe(false);
    expect(loginSucceeds(user, false)).toBe(false);
    expect(loginSucceeds({ ...user, enabled: false }, true)).toBe(false);
    expect(loginSucceeds({ ...user, password_hash: null }, true)).toBe(false);
  });
});
