// Listener events folded into the sessions a batch writes.
import { describe, expect, it } from 'vitest';
import { foldEvents } from './session-batch';

type ListenerEvent = Parameters<typeof foldEvents>[0][number];

const add = (client: string, at: number, mount = '/live'): ListenerEvent => ({ kind: 'add', mount, client, ip: `10.0.0.${client}`, agent: 'VLC', at });
const remove = (client: string, at: number, mount = '/live'): ListenerEvent => ({ kind: 'remove', mount, client, ip: `10.0.0.${client}`, agent: 'VLC', at, seconds: null });
const hash = (ip: string) => `h(${ip})`;
const country = (ip: string) => (ip === '10.0.0.2' ? 'NL' : null);

describe('foldEvents', () => {
  it('opens, closes within the batch (each session with its address’s country), and closes what an earlier batch opened', () => {
    const batch = foldEvents([add('1', 100), add('2', 200), remove('1', 300), remove('9', 350), add('3', 400, '/other')], hash, country);
    expect(batch.opened).toEqual([
      { mount: '/live', client: '1', started: 100, address: 'h(10.0.0.1)', country: null, agent: 'VLC', ended: 300 },
      { mount: '/live', client: '2', started: 200, address: 'h(10.0.0.2)', country: 'NL', agent: 'VLC', ended: null },
      { mount: '/other', client: '3', started: 400, address: 'h(10.0.0.3)', country: null, agent: 'VLC', ended: null },
    ]);
    // a connect ends whatever session an earlier batch left open under its client id (none, mostly)
    expect(batch.closed).toEqual([
      { mount: '/live', client: '1', ended: 100 },
      { mount: '/live', client: '2', ended: 200 },
      { mount: '/live', client: '9', ended: 350 },
      { mount: '/other', client: '3', ended: 400 },
    ]);
  });

  it('closes a session whose client id connects again (Icecast restarted), the same id on another mount apart', () => {
    const batch = foldEvents([add('1', 100), add('1', 500), add('1', 600, '/other')], hash, country);
    expect(batch.opened.map((s) => [s.mount, s.started, s.ended])).toEqual([
      ['/live', 100, 500],
      ['/live', 500, null],
      ['/other', 600, null],
    ]);
    // the reconnect also closes one an earlier batch may have opened
    expect(foldEvents([add('4', 700)], hash, country).closed).toEqual([{ mount: '/live', client: '4', ended: 700 }]);
  });

  it('never ends a session before it starts (events out of order by a clock step)', () => {
    expect(foldEvents([add('1', 1000), remove('1', 990)], hash, country).opened[0]).toMatchObject({ started: 1000, ended: 1000 });
  });
});
