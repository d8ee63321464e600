import { AirwaveError } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { assertPasswordChangeAllowed, passwordChangedNotice } from './rules';

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AirwaveError ? { code: error.code, message: error.message } : error;
  }
  return null;
};

describe('changing one\'s own password', () => {
  it('is allowed to a login session with a password without the username', () => {
    expect(refusal(() => assertPasswordChangeAllowed('long enough', { via: 'session', username: 'alice' }))).toBeNull();
  });

  it('is refused to an app key', () => {
    expect(refusal(() => assertPasswordChangeAllowed('long enough', { via: 'appkey', username: 'alice' }))).toEqual({
      code: 'forbidden',
      message: 'App keys may not change the password.',
    });
  });

  it('is refused when the password contains the username', () => {
    expect(refusal(() => assertPasswordChangeAllowed('alice-2026', { via: 'session', username: 'Alice' }))).toEqual({
      code: 'bad_request',
      message: 'Invalid input: password: must not contain the username',
    });
  });
});

describe('the password change notice', () => {
  it('goes to the account\'s address and names the account', () => {
    const notice = passwordChangedNotice({ email: 'a@example.org', username: 'alice' });
    expect(notice.to).toBe('a@example.org');
    expect(notice.text).toContain('"alice"');
  });
});
