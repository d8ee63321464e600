import { AirwaveError } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { busSuite } from './bus.suite';
import { createInProcessBus, createInProcessHub } from './in-process';
import { limit } from '../../../vitest.shared';

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
    const orphaned = b.request('echo.turn', 'second', { timeoutMs: limit(5000) });
    void a.drain(); // closes before the end of this turn
    const error = await orphaned.catch((e: unknown) => e);
    expect(AirwaveError.is(error, 'unavailable')).toBe(true);
    expect(Date.now() - started).toBeLessThan(limit(1000));
    expect(calls).toBe(1);
    await b.drain();
  });

  it('gives every plain subscriber a request and one queue-group member in turn, skipping closed replicas', async () => {
    const hub = createInProcessHub();
    const caller = createInProcessBus({ hub, prefix: 'audience' });
    const replicas = [0, 1, 2].map(() => createInProcessBus({ hub, prefix: 'audience' }));
    const watcher = createInProcessBus({ hub, prefix: 'audience' });
    const served: number[] = [];
    let watched = 0;
    for (const [index, replica] of replicas.entries()) {
      await replica.handle('work.do', () => {
        served.push(index);
        return index;
      }, { queue: 'work' });
    }
    await watcher.handle('work.do', () => {
      watched += 1;
      return null;
    });
    for (let i = 0; i < 6; i += 1) await caller.request('work.do', i);
    expect(watched).toBe(6);
    expect([...served].sort()).toEqual([0, 0, 1, 1, 2, 2]);
    // One replica gone: the other two share the group's requests, none is lost.
    await replicas[1]!.drain();
    served.length = 0;
    for (let i = 0; i < 4; i += 1) await caller.request('work.do', i);
    expect([...served].sort()).toEqual([0, 0, 2, 2]);
    expect(watched).toBe(10);
    // Nobody left in the group and no plain subscriber: no responders at once.
    await Promise.all([replicas[0]!.drain(), replicas[2]!.drain(), watcher.drain()]);
    const error = await caller.request('work.do', 1).catch((e: unknown) => e);
    expect(AirwaveError.is(error, 'unavailable')).toBe(true);
    await caller.drain();
  });
});
