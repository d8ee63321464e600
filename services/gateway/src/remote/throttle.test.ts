// Players' sync throttle: guesses spread over many addresses meet a ceiling per player, which the
// real player's address, known from an earlier sync, never meets.
import { createMemorySessionStore } from '@airwave/sessions';
import { describe, expect, it } from 'vitest';
import { countSync, syncNotFailed, syncSucceeded, type CountedSync, type PlayerThrottleNumbers } from './throttle';

const numbers: PlayerThrottleNumbers = { freePerPlayerAndAddress: 5, freePerAddress: 50, firstDelayMs: 1000, playerCeiling: 10 };

describe("players' sync throttle", () => {
  it('refuses an unknown address past the ceiling of failures from every address, and lets the known one in', async () => {
    const sessions = createMemorySessionStore();
    const real = await countSync(sessions, numbers, 7, '198.51.100.1');
    await syncSucceeded(sessions, real as CountedSync);
    // ten guesses, each from its own address: none waits (one failure per address)
    for (let i = 0; i < 10; i += 1) expect(await countSync(sessions, numbers, 7, `203.0.113.${i}`)).toHaveProperty('pair');
    expect(await countSync(sessions, numbers, 7, '203.0.113.200')).toEqual({ pastCeiling: true });
    // the real player keeps syncing, and its successes do not lower the count the guesses made
    for (let i = 0; i < 3; i += 1) {
      const counted = await countSync(sessions, numbers, 7, '198.51.100.1');
      expect(counted).toHaveProperty('pair');
      await syncSucceeded(sessions, counted as CountedSync);
    }
    expect(await countSync(sessions, numbers, 7, '203.0.113.201')).toEqual({ pastCeiling: true });
    // another player is not concerned
    expect(await countSync(sessions, numbers, 8, '203.0.113.202')).toHaveProperty('pair');
  });

  it('counts neither successes nor requests a service could not answer toward the ceiling', async () => {
    const sessions = createMemorySessionStore();
    for (let i = 0; i < 30; i += 1) {
      const counted = (await countSync(sessions, numbers, 9, `192.0.2.${i}`)) as CountedSync;
      expect(counted).toHaveProperty('pair');
      await (i % 2 ? syncSucceeded(sessions, counted) : syncNotFailed(sessions, counted));
    }
    expect(await countSync(sessions, numbers, 9, '192.0.2.250')).toHaveProperty('pair');
  });
});
