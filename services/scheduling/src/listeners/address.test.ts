// A listener's address kept as a salted hash only.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addressHash, canonicalAddress } from './address';

describe('addressHash', () => {
  const secret = randomBytes(32);
  it('gives one address one hash however it is written, another address another', () => {
    expect(addressHash('::ffff:203.0.113.9', secret)).toBe(addressHash('203.0.113.9', secret));
    expect(addressHash('2001:DB8::1', secret)).toBe(addressHash('2001:db8::1%eth0', secret));
    expect(addressHash('203.0.113.9', secret)).not.toBe(addressHash('203.0.113.10', secret));
    expect(addressHash('203.0.113.9', secret)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('depends on the station’s secret: another station cannot match its hashes', () => {
    expect(addressHash('203.0.113.9', secret)).not.toBe(addressHash('203.0.113.9', randomBytes(32)));
    expect(addressHash('203.0.113.9', secret)).not.toContain('203');
  });

  it('reads addresses canonically', () => {
    expect(canonicalAddress(' ::FFFF:10.0.0.1 ')).toBe('10.0.0.1');
    expect(canonicalAddress('fe80::1%en0')).toBe('fe80::1');
  });
});
