import { describe, expect, it } from 'vitest';
import { keyringProblem, newKey, parseKeyring, secretBox } from './secret-box';

describe('the secret box', () => {
  const key = newKey();

  it('seals so that only the same key and context open, never showing the plain text', () => {
    const box = secretBox([key]);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:7');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:7')).not.toBe(sealed);
    expect(box.open(sealed, 'totp:7')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'totp:8')).toThrow();
    expect(() => secretBox([newKey()]).open(sealed, 'totp:7')).toThrow();
    const [v, id, iv, body, tag] = sealed.split('.');
    const flipped = `${body!.slice(0, -2)}${body!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => box.open([v, id, iv, flipped, tag].join('.'), 'totp:7')).toThrow();
  });

  it('rotates: the first key seals, the others still open', () => {
    const old = secretBox([key]).seal('secret', 'totp:1');
    const ring = secretBox([newKey(), key]);
    expect(ring.open(old, 'totp:1')).toBe('secret');
    expect(ring.isStale(old)).toBe(true);
    expect(ring.isStale(ring.seal('secret', 'totp:1'))).toBe(false);
  });

  it('takes keys of 32 bytes in base64, separated by commas', () => {
    const a = newKey().toString('base64');
    const b = newKey().toString('base64');
    expect(keyringProblem(`${a}, ${b}`)).toBeNull();
    expect(parseKeyring(`${a},${b}`).map((k) => k.length)).toEqual([32, 32]);
    expect(keyringProblem('short')).toMatch(/32 random bytes/);
    expect(keyringProblem(`${a},`)).toMatch(/separated by commas/);
    expect(keyringProblem(newKey().toString('hex'))).toMatch(/32 random bytes/);
  });
});
