// The rundown with real playlists (issue 30, docs/decisions/rundown.md): a playlist show with a
// media item, a station ID, a dynamic item and a breakpoint; the gaps filled by the default
// playlist (breakpoints dropped, the last block cut at local midnight); a dayparting restriction in
// force at one occurrence; a child with its own station IDs; 23- and 25-hour days; a playlist edit
// that re-resolves only the blocks that have not begun.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';

type Item = { order: number; media_id: number | null; type: string; title: string; offset: number; duration: number };
type Block = { start: string; end: string; kind: string; show_id: number; playlist_id: number | null; name: string; description: string; last_updated: number; items: Item[] };

describe.each(ruleModes)('the rundown with playlists (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  const m = { a: 0, b: 0, jingle: 0, jingle2: 0, talk: 0, logo: 0 };
  const lists = { morning: 0, fill: 0 };
  let fm: number;
  let morning: number;

  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await system.api.post<{ id: number }>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const blocks = async (player: number, start: string, end: string) => {
    const reply = await system.api.get<Block[]>(`/players/${player}/rundown`, { key: admin, query: { start, end } });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };
  const brief = (items: Item[]) => items.map((i) => [i.type, i.media_id, i.offset, i.duration]);

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const make = (bytes: Buffer, title: string, artist = 'Band') => makeMediaItem(system.api, system.url, admin, bytes, title, { artist });
    [m.a, m.b, m.jingle, m.jingle2, m.talk, m.logo] = await Promise.all([make(wav(4), 'Song A'), make(wav(5), 'Song B'), make(wav(1), 'Jingle'), make(wav(2), 'Jingle two'), make(wav(3), 'Talk', 'Talker'), make(pngImage(8, 8), 'Logo')]);
    lists.morning = await post('/playlists', {
      name: 'Morning',
      description: 'Wake up',
      items: [{ type: 'media', media_id: m.a }, { type: 'station_id' }, { type: 'dynamic', query: { mode: 'advanced', filters: [{ filter: 'artist', op: 'eq', val: 'Talker' }] }, num_items: 1 }, { type: 'breakpoint' }, { type: 'media', media_id: m.b }],
    });
    // Two hours a block: Song B, then the logo for the rest.
    lists.fill = await post('/playlists', { name: 'Fill', items: [{ type: 'media', media_id: m.b }, { type: 'breakpoint' }, { type: 'media', media_id: m.logo, image_duration: 7195 }] });
    fm = await post('/players', { name: 'Playlist FM', timezone: 'Europe/London', station_ids: [m.jingle], default_playlist_id: lists.fill });
    morning = await post('/shows', { player_id: fm, mode: 'daily', start: '2027-06-07T06:00:00+01:00', stop: '2027-06-08', duration: 3600, item_type: 'playlist', item_id: lists.morning });
    // Talk may not air on the morning of 8 June.
    expect((await system.api.put('/dayparting/0', { key: admin, body: { description: 'No talk', start_month: 6, start_day: 8, start_time: '05:00', end_month: 6, end_day: 8, end_time: '07:00', filters: [{ filter: 'artist', op: 'eq', val: 'Talker' }] } })).status).toBe(200);
  });
  afterAll(async () => {
    await system?.stop();
  });

  const fillItems = (length: number) => [
    ['audio', m.b, 0, 5],
    ['image', m.logo, 5, length - 5],
  ];

  it('answers a day of a playlist show and default-playlist blocks filling every gap, exactly', async () => {
    const day = await blocks(fm, '2027-06-07T00:00:00+01:00', '2027-06-08T00:00:00+01:00');
    const hours = ['00', '02', '04', '06', '07', '09', '11', '13', '15', '17', '19', '21', '23'];
    expect(day.map((b) => b.start)).toEqual(hours.map((h) => `2027-06-07T${h}:00:00+01:00`));
    expect(day.map((b) => b.end).at(-1)).toBe('2027-06-08T00:00:00+01:00');
    const show = day[3]!;
    expect(show).toMatchObject({ kind: 'show', show_id: morning, playlist_id: lists.morning, name: 'Morning', description: 'Wake up', end: '2027-06-07T07:00:00+01:00' });
    expect(brief(show.items)).toEqual([
      ['audio', m.a, 0, 4],
      ['audio', m.jingle, 4, 1],
      ['audio', m.talk, 5, 3],
      ['breakpoint', null, 8, 0],
      ['audio', m.b, 8, 5],
    ]);
    for (const fill of day.filter((b) => b.kind !== 'show')) {
      expect(fill).toMatchObject({ kind: 'default_playlist', show_id: 0, playlist_id: lists.fill, name: 'Fill', description: 'Default Playlist' });
    }
    expect(brief(day[0]!.items)).toEqual(fillItems(7200));
    // The last block is cut at midnight.
    expect(brief(day.at(-1)!.items)).toEqual(fillItems(3600));
    expect(await blocks(fm, '2027-06-07T00:00:00+01:00', '2027-06-08T00:00:00+01:00')).toEqual(day);
  });

  it('applies the dayparting in force at the show: no talk on the 8th', async () => {
    const [show] = (await blocks(fm, '2027-06-08T06:00:00+01:00', '2027-06-08T06:30:00+01:00')).filter((b) => b.kind === 'show');
    expect(brief(show!.items)).toEqual([
      ['audio', m.a, 0, 4],
      ['audio', m.jingle, 4, 1],
      ['breakpoint', null, 5, 0],
      ['audio', m.b, 5, 5],
    ]);
  });

  it("gives a child its parent's shows and default playlist with its own station IDs", async () => {
    const relay = await post('/players', { name: 'Relay', timezone: 'Europe/London', parent_player_id: fm, use_parent_schedule: true, use_parent_dynamic: true, use_parent_playlist: true, station_ids: [m.jingle2] });
    const day = await blocks(relay, '2027-06-07T06:00:00+01:00', '2027-06-07T08:00:00+01:00');
    expect(day.map((b) => [b.start, b.kind])).toEqual([
      ['2027-06-07T06:00:00+01:00', 'show'],
      ['2027-06-07T07:00:00+01:00', 'default_playlist'],
    ]);
    expect(day[0]!.items.map((i) => i.media_id)).toEqual([m.a, m.jingle2, m.talk, null, m.b]);
  });

  it('fills 23 hours on the day the clocks go forward and 25 on the day they go back', async () => {
    for (const [date, next, hours] of [
      ['2027-03-28', '2027-03-29', 23],
      ['2027-10-31', '2027-11-01', 25],
    ] as const) {
      const day = await blocks(fm, `${date} 00:00`, `${next} 00:00`);
      const total = day.reduce((sum, b) => sum + (Date.parse(b.end) - Date.parse(b.start)), 0);
      expect(total / 3_600_000, date).toBe(hours);
      expect(day.every((b, i) => i === 0 || b.start === day[i - 1]!.end)).toBe(true);
    }
  });

  it('re-resolves only the blocks that have not begun when the playlist is edited', async () => {
    const changes: { player_id: number }[] = [];
    await system.infrastructure[0]!.bus.subscribe('scheduling.rundown.changed', ({ data }) => void changes.push((data as { payload: { player_id: number } }).payload));
    const six = { type: 'media', media_id: m.logo, image_duration: 6 * 3600 };
    const edited = await post('/playlists', { name: 'Clock', items: [six] });
    const clock = await post('/players', { name: 'Clock FM', timezone: 'UTC', default_playlist_id: edited });
    const now = Date.now();
    const window = [new Date(now - 3_600_000).toISOString(), new Date(now + 12 * 3_600_000).toISOString()] as const;
    const before = await blocks(clock, ...window);
    const running = before.findIndex((b) => Date.parse(b.start) <= now && now < Date.parse(b.end));
    expect((await system.api.put(`/playlists/${edited}`, { key: admin, body: { name: 'Clock', items: [{ type: 'media', media_id: m.a }, six] } })).status).toBe(200);
    const started = Date.now();
    let after = await blocks(clock, ...window);
    while (after[running + 1]!.items[0]!.media_id !== m.a && Date.now() - started < limit(10_000)) {
      await new Promise((r) => setTimeout(r, 100));
      after = await blocks(clock, ...window);
    }
    expect(after[running]).toEqual(before[running]);
    expect(after[running + 1]!.items.map((i) => i.media_id)).toEqual([m.a, m.logo]);
    expect(after[running + 1]!.last_updated).toBeGreaterThan(before[running + 1]!.last_updated);
    expect(changes.some((c) => c.player_id === clock)).toBe(true);
  });
});
