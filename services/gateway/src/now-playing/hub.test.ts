// The hub on a bus of the test's own: both subscriptions or neither, one read per change whatever
// the number of clients, a player's events in the order received, and gaps where no one listened.
import type { Bus, EventHandler } from '@airwave/bus';
import type { Principal } from '@airwave/contracts';
import { createLogger } from '@airwave/logging';
import { describe, expect, it } from 'vitest';
import { NowPlayingHub, type StreamClient } from './hub';
import type { StreamEvent } from './recent';

const principal: Principal = { userId: 1, username: 'a', groupIds: [], permissions: [], via: 'session' };

function fakeBus(options: { failAsRun?: number; readMs?: number } = {}) {
  const handlers = new Map<string, EventHandler>();
  let failures = options.failAsRun ?? 0;
  const reads: number[] = [];
  const bus = {
    subscribe: async (subject: string, handler: EventHandler) => {
      if (subject === 'scheduling.asrun.recorded' && failures-- > 0) throw new Error('the bus is down');
      handlers.set(subject, handler);
      return { unsubscribe: async () => void handlers.delete(subject) };
    },
    request: async (_subject: string, { input }: { input: { id: number } }) => {
      reads.push(input.id);
      await new Promise((resolve) => setTimeout(resolve, options.readMs ?? 0));
      return { show_name: 'Show', media: null, reads: reads.length };
    },
  } as unknown as Bus;
  const publish = (subject: string, sequence: number, payload: Record<string, unknown>) =>
    handlers.get(subject)?.({ subject, data: { sequence, payload }, headers: {}, deliveryCount: 1 });
  return { bus, handlers, reads, publish };
}

const collector = (): StreamClient & { got: StreamEvent[] } => {
  const got: StreamEvent[] = [];
  return { principal, got, send: (event) => got.push(event) };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('NowPlayingHub', () => {
  it('follows both events or neither: a failed subscription leaves nothing behind, and the next try takes both', async () => {
    const { bus, handlers } = fakeBus({ failAsRun: 1 });
    const hub = new NowPlayingHub(bus, createLogger({ level: 'silent' }));
    await expect(hub.follow()).rejects.toThrow('the bus is down');
    expect(handlers.size).toBe(0);
    await hub.follow();
    expect([...handlers.keys()].sort()).toEqual(['scheduling.asrun.recorded', 'scheduling.now_playing.changed']);
    await hub.close();
    expect(handlers.size).toBe(0);
  });

  it('reads a change once for every client, and sends a player its events in the order received', async () => {
    const { bus, reads, publish } = fakeBus({ readMs: 30 });
    const hub = new NowPlayingHub(bus, createLogger({ level: 'silent' }));
    await hub.follow();
    const [a, b, other] = [collector(), collector(), collector()];
    hub.join(3, a);
    hub.join(3, b);
    hub.join(4, other);
    publish('scheduling.now_playing.changed', 10, { player_id: 3 });
    publish('scheduling.asrun.recorded', 11, { player_id: 3, entries: [] });
    await settle();
    expect(reads).toEqual([3]);
    for (const client of [a, b]) expect(client.got.map((e) => [e.id, e.event])).toEqual([[10, 'now_playing'], [11, 'asrun']]);
    expect(other.got).toEqual([]);
    expect(hub.missedSince(3, 10)?.map((e) => e.id)).toEqual([11]);
    await hub.close();
  });

  it('keeps no event of a player no one listens to: a resume from before it gets the state instead', async () => {
    const { bus, reads, publish } = fakeBus();
    const hub = new NowPlayingHub(bus, createLogger({ level: 'silent' }));
    await hub.follow();
    const client = collector();
    hub.join(3, client);
    publish('scheduling.now_playing.changed', 20, { player_id: 3 });
    await settle();
    hub.leave(3, client);
    publish('scheduling.now_playing.changed', 21, { player_id: 3 });
    await settle();
    expect(reads).toEqual([3]);
    expect(hub.missedSince(3, 20)).toBeNull();
    expect(hub.missedSince(3, 21)).toEqual([]);
    await hub.close();
  });
});
