import { describe, expect, it } from 'vitest';
import { harborOf } from './harbor';

describe('harborOf', () => {
  it('answers the bind address, this host only, for a loopback bind (the default)', () => {
    expect(harborOf({ portBase: 18_000, bind: '127.0.0.1' }, 7, 'studio-box:123:abc')).toEqual({ host: '127.0.0.1', port: 18_007, mount: '/live', this_host_only: true });
    expect(harborOf({ portBase: 18_000, bind: '::1' }, 1, 'h:1:a').this_host_only).toBe(true);
  });

  it("answers the airing replica's host name when it listens on every address", () => {
    expect(harborOf({ portBase: 20_000, bind: '0.0.0.0' }, 3, 'playout-7f9c:1:9a0b1c')).toEqual({ host: 'playout-7f9c', port: 20_003, mount: '/live', this_host_only: false });
    expect(harborOf({ portBase: 20_000, bind: '::' }, 3, 'test-replica').host).toBe('test-replica');
  });

  it('answers a specific address as it is', () => {
    expect(harborOf({ portBase: 18_000, bind: '192.0.2.5' }, 2, 'box:1:a')).toMatchObject({ host: '192.0.2.5', this_host_only: false });
  });
});
