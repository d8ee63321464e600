import { describe, expect, it } from 'vitest';
import { checkPasswordAgainstUsername } from './password-rules';

describe('a password checked against the username', () => {
  it('refuses a password that contains the username, in any letter case', () => {
    expect(checkPasswordAgainstUsername('xxAliceyy', 'alice')).toBe('must not contain the username');
    expect(checkPasswordAgainstUsername('alice', 'ALICE')).toBe('must not contain the username');
  });

  it('accepts a password without the username', () => {
    expect(checkPasswordAgainstUsername('correct horse', 'alice')).toBeNull();
  });

  it('ignores usernames shorter than three characters', () => {
    expect(checkPasswordAgainstUsername('xxboyy', 'bo')).toBeNull();
  });
});
