import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAME_LISTENER_MS, snapshotBatch, type OpenSession } from './snapshot';

const hash = (ip: string) => `h:${ip}`;
const country = (ip: string) => (ip.startsWith('8.') ? 'US' : null);
const listed = (client: string, connected: number, ip = '8.8.8.8') => ({ client, ip, agent: 'VLC', connected });
const AT = 1_800_000_000_000;

describe('a mount’s list of listeners, against its open sessions', () => {
  it('opens a session for a listener not yet open, from when Icecast says it connected', () => {
    const batch = snapshotBatch([], { mount: '/fm', at: AT, since: AT - 5000, listeners: [listed('7', 12)] }, hash, country);
    expect(batch).toEqual({ opened: [{ mount: '/fm', client: '7', started: AT - 12_000, address: 'h:8.8.8.8', country: 'US', agent: 'VLC', ended: null }], closed: [] });
  });

  it('closes an open session Icecast no longer lists, between the two lists (or at this one, for the first list)', () => {
    const open = [{ client: '3', started: AT - 60_000 }];
    expect(snapshotBatch(open, { mount: '/fm', at: AT, since: AT - 5000, listeners: [] }, hash, country).closed).toEqual([{ mount: '/fm', client: '3', ended: AT - 2500 }]);
    expect(snapshotBatch(open, { mount: '/fm', at: AT, since: null, listeners: [] }, hash, country).closed).toEqual([{ mount: '/fm', client: '3', ended: AT }]);
  });

  it('leaves a listener already open as it is, and tells a reused client id from the same listener', () => {
    const open = [{ client: '3', started: AT - 61_000 }, { client: '4', started: AT - 600_000 }];
    const batch = snapshotBatch(open, { mount: '/fm', at: AT, since: AT - 5000, listeners: [listed('3', 60), listed('4', 20, '10.0.0.1')] }, hash, country);
    expect(batch.closed).toEqual([{ mount: '/fm', client: '4', ended: AT - 20_000 }]);
    expect(batch.opened).toEqual([expect.objectContaining({ client: '4', started: AT - 20_000, country: null })]);
  });

  it('leaves open exactly the listeners listed, whatever was open before', () => {
    const clients = fc.uniqueArray(fc.integer({ min: 1, max: 40 }).map(String), { maxLength: 20 });
    fc.assert(
      fc.property(clients, clients, (before, now) => {
        const open: OpenSession[] = before.map((client) => ({ client, started: AT - 100_000 }));
        const batch = snapshotBatch(open, { mount: '/fm', at: AT, since: AT - 5000, listeners: now.map((c) => listed(c, 100 - SAME_LISTENER_MS / 2000)) }, hash, country);
        const closed = new Set(batch.closed.map((c) => c.client));
        const stillOpen = [...before.filter((c) => !closed.has(c)), ...batch.opened.map((s) => s.client)];
        expect(new Set(stillOpen)).toEqual(new Set(now));
        expect(batch.opened.map((s) => s.client).filter((c) => before.includes(c))).toEqual([]);
      }),
    );
  });
});
