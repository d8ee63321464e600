import { describe, expect, it } from 'vitest';
import { delaysStarted, loginBuckets, loginRules, loginSucceeds, pastCeiling } from './rules';

const numbers = { freePerAccountAndAddress: 5, freePerAddress: 50, accountCeiling: 1000, firstDelayMs: 1000 };

describe('login buckets', () => {
  it('count per account and address, per address, and per account, usernames regardless of case', () => {
    expect(loginBuckets('Alice', '10.0.0.1')).toEqual({ pair: 'login-pair:alice:10.0.0.1', address: 'login-address:10.0.0.1', account: 'login-account:alice' });
  });

  it('delay the pair and the address after their free failures, never the account', () => {
    const [pair, address, account] = loginRules(loginBuckets('alice', '10.0.0.1'), numbers);
    expect([pair!.freeAttempts, address!.freeAttempts]).toEqual([5, 50]);
    expect(account!.freeAttempts).toBeGreaterThan(1e15);
    expect([pair!.baseDelayMs, pair!.maxDelayMs, pair!.forgetAfterSeconds]).toEqual([1000, 900_000, 86_400]);
  });
});

describe('a failure', () => {
  it('starts no delay within the free failures', () => {
    expect(delaysStarted({ pair: 5, address: 50, account: 1000 }, numbers)).toEqual([]);
  });

  it('names the delays it started, with their length, and the ceiling once, when just passed', () => {
    expect(delaysStarted({ pair: 6, address: 12, account: 40 }, numbers)).toEqual([{ scope: 'account_address', attempts: 6, wait_seconds: 1 }]);
    expect(delaysStarted({ pair: 9, address: 53, account: 1001 }, numbers)).toEqual([
      { scope: 'account_address', attempts: 9, wait_seconds: 8 },
      { scope: 'address', attempts: 53, wait_seconds: 4 },
      { scope: 'account', attempts: 1001, wait_seconds: 0 },
    ]);
    expect(delaysStarted({ pair: 1, address: 1, account: 1002 }, numbers)).toEqual([]);
    expect(delaysStarted({ pair: 40, address: 1, account: 1 }, numbers)).toEqual([{ scope: 'account_address', attempts: 40, wait_seconds: 900 }]);
  });

  it('starts at the first delay the operator set, doubling from there up to 15 minutes', () => {
    const slower = { ...numbers, firstDelayMs: 3000 };
    expect(delaysStarted({ pair: 6, address: 1, account: 1 }, slower)).toEqual([{ scope: 'account_address', attempts: 6, wait_seconds: 3 }]);
    expect(delaysStarted({ pair: 8, address: 1, account: 1 }, slower)).toEqual([{ scope: 'account_address', attempts: 8, wait_seconds: 12 }]);
    expect(delaysStarted({ pair: 30, address: 1, account: 1 }, slower)).toEqual([{ scope: 'account_address', attempts: 30, wait_seconds: 900 }]);
    expect(loginRules(loginBuckets('alice', '10.0.0.1'), slower).map((rule) => rule.baseDelayMs)).toEqual([3000, 3000, 3000]);
  });

  it('is past the ceiling only beyond it', () => {
    expect(pastCeiling({ pair: 1, address: 1, account: 1000 }, numbers)).toBe(false);
    expect(pastCeiling({ pair: 1, address: 1, account: 1001 }, numbers)).toBe(true);
  });
});

describe('a login', () => {
  const user = { id: 1, username: 'alice', password_hash: 'scrypt$…', enabled: true, two_factor: false };

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
