import { describe, expect, it } from 'vitest';
import { hashToken, newToken, resetLink, resetMail, tokenExpiry, tokenUsable, WELCOME_TTL_MS, welcomeMail } from './rules';

describe('one-time tokens', () => {
  it('are stored as their SHA-256', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it('expire after the reset TTL, or 72 hours for a welcome link', () => {
    expect(tokenExpiry('reset', 1000, 3_600_000).getTime()).toBe(3_601_000);
    expect(tokenExpiry('welcome', 1000, 3_600_000).getTime()).toBe(1000 + WELCOME_TTL_MS);
  });

  it('work once, before they expire, for an enabled user', () => {
    const row = { used_at: null, expires_at: new Date(2000), enabled: true };
    expect(tokenUsable(row, 2000)).toBe(true);
    expect(tokenUsable(row, 2001)).toBe(false);
    expect(tokenUsable({ ...row, used_at: new Date(1000) }, 1500)).toBe(false);
    expect(tokenUsable({ ...row, enabled: false }, 1500)).toBe(false);
  });
});

describe('the mailed link', () => {
  it('points at the public address, with or without a trailing slash', () => {
    expect(resetLink('https://radio.example/', 'abc')).toBe('https://radio.example/account/reset?token=abc');
    expect(resetLink('https://radio.example', 'abc')).toBe('https://radio.example/account/reset?token=abc');
  });

  it('is in the welcome and the reset message', () => {
    expect(welcomeMail({ email: 'a@example.org', name: 'Ann', username: 'ann' }, 'LINK').text).toContain('\n\nLINK\n\n');
    expect(resetMail({ email: 'a@example.org', username: 'ann' }, 'LINK')).toMatchObject({ to: 'a@example.org', subject: 'Airwave password reset' });
  });
});
