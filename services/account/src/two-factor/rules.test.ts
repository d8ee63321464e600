import { describe, expect, it } from 'vitest';
import { accountLabel, effectivePermissions, needingTwoFactor, setupReply, uniqueSorted } from './rules';

describe('permissions that need two-factor sign-in', () => {
  const granted = ['create_own_media', 'manage_timeslots:3', 'manage_users'];

  it('are withheld, scoped ones included, until the second factor is on', () => {
    expect(effectivePermissions(granted, ['manage_users', 'manage_timeslots'], false)).toEqual(['create_own_media']);
    expect(effectivePermissions(granted, ['manage_users', 'manage_timeslots'], true)).toEqual(granted);
    expect(effectivePermissions(granted, [], false)).toEqual(granted);
  });

  it('are named to the user among those they hold', () => {
    expect(needingTwoFactor(granted, ['manage_users', 'manage_modules'])).toEqual(['manage_users']);
  });

  it('are kept once each, sorted', () => {
    expect(uniqueSorted(['manage_users', 'manage_media', 'manage_users'])).toEqual(['manage_media', 'manage_users']);
  });
});

describe('an enrolment', () => {
  it('names the account by username and host, and tells apps the settings', () => {
    expect(accountLabel('alice', 'https://radio.example.org/')).toBe('alice@radio.example.org');
    expect(setupReply('ABC', 'otpauth://totp/x')).toMatchObject({ algorithm: 'SHA1', digits: 6, period: 30, expires_in: 900 });
  });
});
