// Listener events held and handed over in batches: one call per player and key, in the order they
// came, kept and sent again when a call fails, the oldest given up past the bound.
import { afterEach, describe, expect, it } from 'vitest';
import { ListenerBatcher, type ListenerEvent } from './batcher';

const event = (client: string, at: number): ListenerEvent => ({ kind: 'add', mount: '/live', client, ip: '10.0.0.1', agent: '', at });

describe('ListenerBatcher', () => {
  const made: ListenerBatcher[] = [];
  const batcher = (send: (p: number, k: string, e: ListenerEvent[]) => Promise<void>, extra: { maxEvents?: number; maxHeld?: number } = {}) => {
    const warnings: string[] = [];
    const b = new ListenerBatcher({ send, warn: (_f, m) => warnings.push(m), intervalMs: 60_000, ...extra });
    made.push(b);
    return { b, warnings };
  };
  afterEach(async () => {
    for (const b of made.splice(0)) await b.close();
  });

  it('hands over each player’s and key’s events in one call, in order', async () => {
    const calls: [number, string, string[]][] = [];
    const { b } = batcher(async (p, k, e) => void calls.push([p, k, e.map((x) => x.client)]));
    b.add(1, 'k', event('1', 1));
    b.add(2, 'k', event('9', 2));
    b.add(1, 'k', event('2', 3));
    b.add(1, 'wrong', event('3', 4));
    await b.flush();
    expect(calls).toEqual([
      [1, 'k', ['1', '2']],
      [2, 'k', ['9']],
      [1, 'wrong', ['3']],
    ]);
    await b.flush();
    expect(calls).toHaveLength(3);
  });

  it('keeps a failed call’s events, before newer ones, and sends them with the next', async () => {
    const calls: string[][] = [];
    let fail = true;
    const { b, warnings } = batcher(async (_p, _k, e) => {
      if (fail) throw new Error('scheduling away');
      calls.push(e.map((x) => x.client));
    });
    b.add(1, 'k', event('1', 1));
    await b.flush();
    fail = false;
    b.add(1, 'k', event('2', 2));
    await b.flush();
    expect(calls).toEqual([['1', '2']]);
    expect(warnings).toEqual(['Listener events not handed over: tried again with the next']);
  });

  it('sends at once when maxEvents wait, and gives up the oldest past maxHeld', async () => {
    const calls: string[][] = [];
    const { b } = batcher(async (_p, _k, e) => void calls.push(e.map((x) => x.client)), { maxEvents: 3 });
    for (const c of ['1', '2', '3']) b.add(1, 'k', event(c, 0));
    await b.flush();
    expect(calls[0]).toEqual(['1', '2', '3']);
    const { b: bounded, warnings } = batcher(async () => Promise.reject(new Error('down')), { maxHeld: 2 });
    for (const c of ['1', '2', '3']) bounded.add(1, 'k', event(c, 0));
    expect(warnings).toContain('Listener events given up: the scheduling service has not taken them');
  });
});
