import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, recoveryCode } from './recovery-codes';
import { codeAt, matchingStep, newTotpSecret, otpauthUri, totpCode } from './totp';

describe('recovery codes', () => {
  it('are ten different codes of 16 characters in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('are read back in any case, with or without dashes and spaces, look-alikes included', () => {
    const [code] = newRecoveryCodes(1);
    expect(recoveryCode(code!.toUpperCase().replace(/-/g, ' '))).toBe(code);
    expect(recoveryCode('0000-1111-2222-3333')).toBe('0000-1111-2222-3333');
    expect(recoveryCode('OOOO-IIII-2222-LLLL')).toBe('0000-1111-2222-1111');
    expect(recoveryCode('0000-1111-2222-333')).toBeNull();
    expect(recoveryCode('uuuu-1111-2222-3333')).toBeNull();
    expect(recoveryCode('123456')).toBeNull();
  });

  it('hash to a value that does not contain the code', () => {
    const [code] = newRecoveryCodes(1);
    expect(hashRecoveryCode(code!)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(code!)).toBe(hashRecoveryCode(recoveryCode(code!)!));
  });
});

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = Date.UTC(2026, 10, 23, 8, 0, 15);
  const step = Math.floor(now / 30_000);

  it('makes 160-bit secrets and an otpauth URI apps read', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri(secret, 'alice@radio.example.org', 'Airwave'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Airwave');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('accepts the codes of one step either side of now, and names the step', () => {
    expect(matchingStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, codeAt(secret, now - 60_000), now)).toBeNull();
    expect(matchingStep(newTotpSecret(), codeAt(secret, now), now)).toBeNull();
  });

  it('reads six digits as people type them', () => {
    expect(totpCode(' 123 456 ')).toBe('123456');
    expect(totpCode('12345')).toBeNull();
    expect(totpCode('abcdef')).toBeNull();
  });
});
