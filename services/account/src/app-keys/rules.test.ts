import { describe, expect, it } from 'vitest';
import { hashKey, keyMatches, newSecret, toInfo } from './rules';

describe('app key secrets', () => {
  it('are 43 base64url characters, different every time', () => {
    const a = newSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecret()).not.toBe(a);
  });

  it('match their stored hash only', () => {
    const secret = newSecret();
    const stored = hashKey(secret).toString('hex');
    expect(keyMatches(secret, stored)).toBe(true);
    expect(keyMatches(`${secret}x`, stored)).toBe(false);
  });

  it('never match an unknown key, even the hash of zeros', () => {
    expect(keyMatches('anything', undefined)).toBe(false);
  });
});

describe('an app key shown to its owner', () => {
  it('carries its times as ISO strings and no secret', () => {
    const info = toInfo({ id: 1, name: 'k', permissions: [['GET', '/account/uid']], created: new Date(0), last_access: null });
    expect(info).toEqual({ id: 1, name: 'k', permissions: [['GET', '/account/uid']], created: '1970-01-01T00:00:00.000Z', last_access: null });
  });
});
