import { AirwaveError } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { busSuite } from './bus.suite';
import { createInProcessBus, createInProcessHub } from './in-process';

busSuite('in-process bus', async (options) => {
  const hub = createInProcessHub();
  const a = createInProcessBus({ hub, prefix: 'test', ...options });
  const b = createInProcessBus({ hub, prefix: 'test', ...options });
  return {
    a,
    b,
    cleanup: async () => {
      await a.drain();
      await b.drain();
    },
  };
});

describe('in-process bus delivery', () => {
  it('delivers a request at the end of the turn; a handler whose bus closed by then means no responders', async () => {
    const hub = createInProcessHub();
    const a = createInProcessBus({ hub, prefix: 'deliver' });
    const b = createInProcessBus({ hub, prefix: 'deliver' });
    let calls = 0;
    await a.handle('echo.turn', ({ data }) => {
      calls += 1;
      return data;
    });
    const answered = b.request('echo.turn', 'first');
    expect(calls).toBe(0); // not inside the caller's turn
    await expect(answered).resolves.toBe('first');
    expect(calls).toBe(1);
    const started = Date.now();
    const orphaned = b.request('echo.turn', 'second', { timeoutMs: 5000 });
    void a.drain(); // closes before the end of this turn
    const error = await orphaned.catch((e: unknown) => e);
    expect(AirwaveError.is(error, 'unavailable')).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toBe(1);
    await b.drain();
  });
});
