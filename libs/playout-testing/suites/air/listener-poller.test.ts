// Listeners read from Icecast where no hook reports them (issue 46), against a real Icecast
// (Debian's icecast2): an ffmpeg source on a mount, the playout's poller asking the mount's list
// with the source credentials every 300 ms and handing it over the bus, listeners (HTTP streams)
// coming and going. Each list has exactly the listeners then connected, with their seconds; a wrong
// password, a mount without its source and an Icecast that does not answer hand nothing over; a
// player whose hook counts is left alone.
import { createInProcessBus, type Bus } from '@airwave/bus';
import { listenerSnapshots, type AiredPlayer } from '@airwave/contracts';
import { createLogger } from '@airwave/logging';
import { bindOperation } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { limit } from '../../../../vitest.shared';
import { freePort, haveTools, liveSource, startIcecast, type PrivateIcecast } from '../../src/listen';
import { ListenerPoller } from '@airwave/playout/internal/listeners/poller';

const missing = await haveTools(['icecast2', 'ffmpeg']);
if (missing.length && process.env.CI) throw new Error(`the listener poller test needs ${missing.join(', ')}`);

type Snapshot = z.infer<typeof listenerSnapshots.snapshot.input>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(missing.length > 0)("listeners read from Icecast's list, without a hook", () => {
  let ice: PrivateIcecast;
  let bus: Bus;
  const lists: Snapshot[] = [];
  const hooked = new Set<number>();
  const stops: Array<() => void> = [];
  const player = (id: number, streamUrl: string, password: string): AiredPlayer => ({ id, name: `P${id}`, timezone: 'UTC', stream_url: streamUrl, source_password: password, support_linein: false, loudness_target: -16 });

  /** A listener of the mount for as long as it is not stopped. */
  async function listen(mount: string) {
    const listening = new AbortController();
    const stream = await fetch(ice.url(mount), { signal: listening.signal });
    const reading = stream.body!.pipeTo(new WritableStream()).catch(() => undefined);
    return async () => {
      listening.abort();
      await reading;
    };
  }

  /** Polls until the newest list of player 1 has `clients` listeners (or the time is up); answers that list. */
  async function until(count: number) {
    const deadline = Date.now() + limit(10_000);
    const last = () => lists.filter((l) => l.player_id === 1).at(-1);
    while (Date.now() < deadline && last()?.listeners.length !== count) await sleep(100);
    return last();
  }

  beforeAll(async () => {
    ice = await startIcecast();
    bus = createInProcessBus({ prefix: 'listener-poller-test' });
    await bindOperation(bus, listenerSnapshots.snapshot, async (input) => {
      lists.push(input);
      return { counted: !hooked.has(input.player_id) };
    });
    stops.push(liveSource(ice.port, ice.sourcePassword, 440, 120, '/fm.mp3'));
    const closed = await freePort();
    const players = [
      player(1, ice.url('/fm.mp3'), ice.sourcePassword),
      player(2, ice.url('/fm.mp3'), 'not-the-password'),
      player(3, ice.url('/silent.mp3'), ice.sourcePassword),
      player(4, `http://127.0.0.1:${closed}/fm.mp3`, ice.sourcePassword),
      player(5, ice.url('/fm.mp3'), ice.sourcePassword),
    ];
    hooked.add(5);
    const poller = new ListenerPoller({ bus, logger: createLogger({ level: 'silent' }), players: () => players, intervalMs: 300 });
    poller.start();
    stops.push(() => void poller.stop());
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await ice?.close();
    await bus?.drain();
  });

  it('hands over exactly the listeners connected, with their seconds, each list saying when the one before was read', async () => {
    expect((await until(0))?.listeners).toEqual([]);
    const first = await listen('/fm.mp3');
    await sleep(1200);
    const second = await listen('/fm.mp3');
    const both = await until(2);
    expect(both?.listeners.map((l) => l.ip)).toEqual(['127.0.0.1', '127.0.0.1']);
    const [older, newer] = [...both!.listeners].sort((a, b) => b.connected - a.connected);
    expect(older!.connected).toBeGreaterThanOrEqual(1);
    expect(newer!.connected).toBeLessThanOrEqual(older!.connected);
    expect(both!.mount).toBe('/fm.mp3');
    expect(both!.since).not.toBeNull();
    expect(both!.at - both!.since!).toBeGreaterThanOrEqual(250);
    await first();
    expect((await until(1))?.listeners.map((l) => l.client)).toEqual([newer!.client]);
    await second();
    expect((await until(0))?.listeners).toEqual([]);
  });

  it('hands over nothing for a wrong password, a mount without its source or an Icecast that does not answer, and leaves a hooked player alone', () => {
    expect(new Set(lists.map((l) => l.player_id))).toEqual(new Set([1, 5]));
    expect(lists.filter((l) => l.player_id === 5)).toHaveLength(1);
  });
});
