// Player passwords: scrypt once per password and stored hash, a wrong one always checked in full.
import { hashPassword } from '@airwave/service-kit';
import { describe, expect, it } from 'vitest';
import { PlayerPasswordChecker } from './passwords';

describe('PlayerPasswordChecker', () => {
  it('remembers a match for the same password and hash only', async () => {
    const checker = new PlayerPasswordChecker();
    const hash = await hashPassword('first-secret');
    expect(await checker.matches(1, 'first-secret', hash)).toBe(true);
    expect(await checker.matches(1, 'first-secret', hash)).toBe(true);
    expect(checker.slowChecks).toBe(1);
    // A wrong password is checked in full every time, and forgets nothing.
    expect(await checker.matches(1, 'wrong-secret', hash)).toBe(false);
    expect(await checker.matches(1, 'wrong-secret', hash)).toBe(false);
    expect(checker.slowChecks).toBe(3);
    expect(await checker.matches(1, 'first-secret', hash)).toBe(true);
    expect(checker.slowChecks).toBe(3);
    // A new hash (the password changed) matches nothing remembered: the old password is refused.
    const changed = await hashPassword('second-secret');
    expect(await checker.matches(1, 'first-secret', changed)).toBe(false);
    expect(await checker.matches(1, 'second-secret', changed)).toBe(true);
    // Another player with the same hash text is checked on its own.
    expect(await checker.matches(2, 'second-secret', changed)).toBe(true);
    expect(checker.slowChecks).toBe(6);
  });

  it('refuses every password of a player without one, after the same scrypt work', async () => {
    const checker = new PlayerPasswordChecker();
    expect(await checker.matches(1, '', null)).toBe(false);
    expect(await checker.matches(1, 'anything', null)).toBe(false);
    expect(checker.slowChecks).toBe(2);
  });
});
