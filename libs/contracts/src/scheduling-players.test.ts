// The forms players, alerts, the monitor and the player sync take: OB's empty values, its
// default_playlist, times and dates in the monitor, as-run text and fractional starts.
import { describe, expect, it } from 'vitest';
import { AlertInput } from './scheduling-alerts';
import { MonitorSearch } from './scheduling-monitor';
import { AsRunInput } from './scheduling-player-sync';
import { PlayerInput, PlayerSearch } from './scheduling-players';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => result.error?.issues.map((i) => i.path.join('.'));

describe('PlayerInput', () => {
  const base = { name: 'FM', timezone: 'UTC' };
  it("reads OB's empty values as none, and default_playlist as default_playlist_id", () => {
    expect(PlayerInput.parse({ ...base, parent_player_id: '', default_playlist: '0' })).toMatchObject({ parent_player_id: null, default_playlist_id: null });
    expect(PlayerInput.parse({ ...base, default_playlist: '7' })).toMatchObject({ default_playlist_id: 7 });
    expect(PlayerInput.parse({ ...base, default_playlist: 7, default_playlist_id: 8 })).toMatchObject({ default_playlist_id: 8 });
    expect(PlayerInput.parse(base)).not.toHaveProperty('default_playlist');
    expect(PlayerInput.parse({ ...base, password: '', ip_address: null })).toMatchObject({ password: '', ip_address: null });
  });

  it('validates addresses, URLs, passwords and durations', () => {
    expect(PlayerInput.parse({ ...base, ip_address: '2001:db8::1', stream_url: 'https://s.example.org:8000/live' })).toMatchObject({ ip_address: '2001:db8::1' });
    expect(issues(PlayerInput.safeParse({ ...base, ip_address: '300.1.1.1' }))).toEqual(['ip_address']);
    expect(issues(PlayerInput.safeParse({ ...base, stream_url: 'javascript:alert(1)' }))).toEqual(['stream_url']);
    expect(issues(PlayerInput.safeParse({ ...base, password: 'five5' }))).toEqual(['password']);
    expect(issues(PlayerInput.safeParse({ ...base, station_id_image_duration: '1.5' }))).toEqual(['station_id_image_duration']);
  });

  it("orders descending for OB's orderdesc values", () => {
    expect(PlayerSearch.parse({ orderdesc: 'desc' }).orderdesc).toBe(true);
    expect(PlayerSearch.parse({ orderdesc: '1' }).orderdesc).toBe(true);
    expect(PlayerSearch.parse({ orderdesc: '' }).orderdesc).toBe(false);
    expect(PlayerSearch.parse({}).orderby).toBe('name');
  });
});

describe('MonitorSearch', () => {
  const base = { player_id: '3', date_start: '2026-03-29', date_end: '2026-03-29' };
  it('reads a date alone as its first moment (start) or through the whole day (end), in the zone later', () => {
    const parsed = MonitorSearch.parse(base);
    expect(parsed.date_start).toEqual({ kind: 'local', wall: Date.UTC(2026, 2, 29), text: '2026-03-29 00:00:00' });
    expect(parsed.date_end).toEqual({ kind: 'local', wall: Date.UTC(2026, 2, 30), text: '2026-03-30 00:00:00' });
    expect(MonitorSearch.parse({ ...base, date_end: '2026-12-31' }).date_end).toMatchObject({ text: '2027-01-01 00:00:00' });
    expect(MonitorSearch.parse({ ...base, date_start: '1774746000' }).date_start).toBe(1774746000_000);
    expect(issues(MonitorSearch.safeParse({ ...base, date_end: '2026-02-30' }))).toEqual(['date_end']);
    expect(MonitorSearch.parse(base)).toMatchObject({ type: 'json', limit: 1000, offset: 0 });
  });
});

describe('AlertInput', () => {
  const base = { name: 'Storm', player_id: 3, item_id: 4, frequency: '600', start: '1780300800', stop: '2026-06-02' };
  it("reads OB's empty durations as none, and needs a stop", () => {
    for (const duration of ['', 0, '0', null]) expect(AlertInput.parse({ ...base, duration }).duration).toBeNull();
    expect(AlertInput.parse({ ...base, duration: '30' }).duration).toBe(30);
    expect(issues(AlertInput.safeParse({ ...base, stop: '' }))).toEqual(['stop']);
    expect(issues(AlertInput.safeParse({ ...base, stop: undefined }))).toEqual(['stop']);
    expect(issues(AlertInput.safeParse({ ...base, mode: 'voicetrack' }))).toEqual(['mode']);
    expect(AlertInput.parse(base).mode).toBe('interrupt');
  });
});

describe('AsRunInput', () => {
  const base = { media_id: '5', timestamp: '1795593600.8770473', context: 'show' };
  it('keeps a fractional start exactly as sent, and cuts text to 255 characters', () => {
    expect(AsRunInput.parse(base)).toEqual({ media_id: 5, artist: '', title: '', timestamp: '1795593600.8770473', context: 'show', emerg_id: 0, notes: '' });
    expect(AsRunInput.parse({ ...base, timestamp: 1795593600.25 }).timestamp).toBe('1795593600.25');
    const long = AsRunInput.parse({ ...base, title: '😀'.repeat(300) }).title;
    expect([...long]).toHaveLength(255);
    for (const timestamp of ['-1', '0', '1e9', '4102444801', 'now']) expect(issues(AsRunInput.safeParse({ ...base, timestamp })), timestamp).toEqual(['timestamp']);
    expect(issues(AsRunInput.safeParse({ ...base, context: 'alert' }))).toEqual(['context']);
  });
});
