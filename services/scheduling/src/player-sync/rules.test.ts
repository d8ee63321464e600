// The player sync's rules: the address pin, last connect by kind, and what counts as a change of
// now playing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressAllowed, connectColumns, nowPlayingChanged, onePerPlay } from './rules';

describe('addressAllowed', () => {
  it('lets any address sync without a pin, and only the pinned one with it, compared as addresses', () => {
    expect(addressAllowed(null, '203.0.113.9')).toBe(true);
    expect(addressAllowed('192.0.2.7', '192.0.2.7')).toBe(true);
    expect(addressAllowed('192.0.2.7', '192.0.2.70')).toBe(false);
    expect(addressAllowed('192.0.2.7', '::ffff:192.0.2.7')).toBe(true);
    expect(addressAllowed('2001:db8::1', '2001:DB8:0:0:0:0:0:1')).toBe(true);
    expect(addressAllowed('2001:db8::1', '2001:db8::2')).toBe(false);
    expect(addressAllowed('192.0.2.7', 'not an address')).toBe(false);
    expect(addressAllowed('192.0.2.7', '')).toBe(false);
  });

  it('never lets another IPv4 address through a pin', () => {
    const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'));
    fc.assert(fc.property(ipv4, ipv4, (pin, address) => addressAllowed(pin, address) === (pin === address)));
  });
});

describe('connectColumns', () => {
  const at = new Date('2026-11-25T08:00:00Z');
  it('sets last_connect always, and the kind’s column besides', () => {
    expect(connectColumns(undefined, at)).toEqual({ last_connect: at });
    expect(connectColumns('schedule', at)).toEqual({ last_connect: at, last_connect_schedule: at });
    expect(connectColumns('emergency', at)).toEqual({ last_connect: at, last_connect_emergency: at });
    expect(connectColumns('playlog', at)).toEqual({ last_connect: at, last_connect_playlog: at });
    expect(connectColumns('media', at)).toEqual({ last_connect: at, last_connect_media: at });
  });
});

describe('nowPlayingChanged', () => {
  const report = { show_name: 'Breakfast', playlist_id: 3, playlist_end: new Date(1000), media_id: 7, media_end: new Date(2000) };
  it('is a change the first time, and whenever a field differs (times by instant)', () => {
    expect(nowPlayingChanged(undefined, report)).toBe(true);
    expect(nowPlayingChanged({ ...report, playlist_end: new Date(1000) }, report)).toBe(false);
    expect(nowPlayingChanged({ ...report, media_id: 8 }, report)).toBe(true);
    expect(nowPlayingChanged({ ...report, media_end: null }, report)).toBe(true);
    expect(nowPlayingChanged({ ...report, show_name: null }, report)).toBe(true);
    expect(nowPlayingChanged({ ...report, playlist_id: 0 }, report)).toBe(true);
  });
});

describe('onePerPlay', () => {
  const play = { media_id: 4, artist: 'A', title: 'T', timestamp: '1795593600.250', context: 'show' as const, emerg_id: 0, notes: '' };
  it('keeps the first entry of a play (the same start compared as a number), with the first end sent', () => {
    expect(onePerPlay([play, { ...play, timestamp: '1795593600.25', notes: 'again' }, { ...play, end: '1795593700' }, { ...play, end: '1795593800' }])).toEqual([{ ...play, end: '1795593700' }]);
    expect(onePerPlay([play, { ...play, timestamp: '1795593600.2501' }, { ...play, context: 'fallback' }, { ...play, emerg_id: 2 }, { ...play, media_id: 5 }])).toHaveLength(5);
    expect(onePerPlay([{ ...play, timestamp: '1795593600' }, { ...play, timestamp: '1795593600.000' }])).toHaveLength(1);
    expect(onePerPlay([{ ...play, timestamp: '1795593600' }, { ...play, timestamp: '179559360' }])).toHaveLength(2);
  });
});
