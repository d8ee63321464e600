import { describe, expect, it } from 'vitest';
import { liqString, liquidsoapScript } from './script';

describe("the engine's Liquidsoap script", () => {
  const script = liquidsoapScript({ socket: '/tmp/x/ctl.sock', fallbackPlaylist: '/tmp/x/default.m3u', spareGraceS: 60, harborBind: '127.0.0.1', frameMs: 10 });

  it('is commanded over a Unix socket only its user may open, never a TCP port', () => {
    expect(script).toContain('settings.server.telnet.set(false)');
    expect(script).toContain('settings.server.socket.set(true)');
    expect(script).toContain('settings.server.socket.path.set("/tmp/x/ctl.sock")');
    expect(script).toContain('settings.server.socket.permissions.set(384)'); // 0600
    expect(script).not.toMatch(/telnet\.port/);
  });

  it('runs on the frame it is given', () => {
    expect(script).toContain('settings.frame.duration.set(0.01)');
    expect(script).toContain('settings.frame.video.framerate.set(100)');
    expect(liquidsoapScript({ socket: '/s', fallbackPlaylist: '/d', spareGraceS: 60, harborBind: '127.0.0.1', frameMs: 20 })).toContain('settings.frame.duration.set(0.02)');
  });

  it('listens for live sources on the address it is given', () => {
    expect(script).toContain('settings.harbor.bind_addrs.set(["127.0.0.1"])');
    expect(liquidsoapScript({ socket: '/s', fallbackPlaylist: '/d', spareGraceS: 60, harborBind: '0.0.0.0', frameMs: 20 })).toContain('settings.harbor.bind_addrs.set(["0.0.0.0"])');
  });

  it('ends itself without a heartbeat, and has no output until it is activated', () => {
    expect(script).toContain('grace = ref(60.)');
    expect(script).toContain('shutdown()');
    // the only Icecast output is made by `activate`
    expect(script.split('output.icecast(').length).toBe(2);
    expect(script.indexOf('output.icecast(')).toBeGreaterThan(script.indexOf('server.register("activate"'));
  });

  it('quotes strings for Liquidsoap', () => {
    expect(liqString('a "b" \\ c\nd')).toBe('"a \\"b\\" \\\\ c d"');
  });
});
