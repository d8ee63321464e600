// Clocks and rotation rules through the gateway (issue 45, docs/decisions/clocks.md): categories,
// clocks and a player's format saved and checked; the rundown's hours filled from the grid's
// clocks (slot counts, the news at :30, back to back to the hour, the artist rule kept and every
// song saying why it is there), answered the same again, and an edit to one clock re-resolving only
// the hours that use it. Bad input gets a 4xx: a clock naming no category, a category or clock in use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';

type Item = { order: number; media_id: number | null; type: string; title: string; artist: string; offset: number; duration: number; rotation?: { clock_id: number; slot: number; category_id: number | null; relaxed: string[]; broken: string[] } };
type Block = { start: string; end: string; kind: string; name: string; last_updated: number; clock_id?: number; warnings?: string[]; items: Item[] };

/** Song lengths (seconds): fractional, as real files are. */
const LENGTHS = [41.5, 47.25, 52, 44.75, 58.5, 39, 55.125, 49.5];

describe.each(ruleModes)('clocks and rotation rules (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  const cat = { current: 0, gold: 0, empty: 0 };
  let news = 0;
  let jingle = 0;
  let player = 0;
  const songs: number[] = [];

  const send = async <T,>(method: 'put' | 'post', path: string, body: Record<string, unknown>, status = 200) => {
    const reply = await system.api[method]<T>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(status);
    return reply.body.data;
  };
  const rundown = async (start: string, end: string) => {
    const reply = await system.api.get<Block[]>(`/players/${player}/rundown`, { key: admin, query: { start, end } });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };
  const musicHour = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    slots: [
      { kind: 'category', category_id: cat.current, count: 3 },
      { kind: 'station_id' },
      { kind: 'category', category_id: cat.gold, count: 2 },
      { kind: 'fixed', minute: 30, media_id: news, start: 'hard' },
      { kind: 'breakpoint' },
      { kind: 'category', category_id: cat.current, seconds: 600 },
    ],
    fill_category_id: cat.gold,
    ...extra,
  });

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    // 24 songs by 12 artists, half "Current", half "Gold" (their album names the category)
    for (let i = 0; i < 24; i += 1) {
      songs.push(await makeMediaItem(system.api, system.url, admin, wav(LENGTHS[i % LENGTHS.length]!), `Song ${i}`, { artist: `Artist ${i % 12}`, album: i < 12 ? 'Current' : 'Gold' }));
    }
    news = await makeMediaItem(system.api, system.url, admin, wav(90), 'News', { artist: 'Newsroom' });
    jingle = await makeMediaItem(system.api, system.url, admin, wav(5), 'Jingle', { artist: 'Station' });
    player = (await send<{ id: number }>('post', '/players', { name: 'Format FM', timezone: 'UTC', station_ids: [jingle] })).id;
  }, limit(240_000));
  afterAll(async () => {
    await system?.stop();
  });

  it('saves categories with the songs they find, and refuses one whose playlist is not there', async () => {
    const byAlbum = (album: string) => ({ kind: 'search', query: { mode: 'advanced', filters: [{ filter: 'album', op: 'eq', val: album }] } });
    const current = await send<{ id: number; songs: number }>('put', '/clocks/categories/0', { name: 'Current', source: byAlbum('Current') });
    const gold = await send<{ id: number; songs: number }>('put', '/clocks/categories/0', { name: 'Gold', source: byAlbum('Gold') });
    const empty = await send<{ id: number; songs: number }>('put', '/clocks/categories/0', { name: 'Polka', source: byAlbum('Polka') });
    expect([current.songs, gold.songs, empty.songs]).toEqual([12, 12, 0]);
    Object.assign(cat, { current: current.id, gold: gold.id, empty: empty.id });
    const bad = await system.api.put('/clocks/categories/0', { key: admin, body: { name: 'Gone', source: { kind: 'playlist', playlist_id: 999_999 } } });
    expect(bad.status, bad.text).toBe(400);
    const playlist = await send<{ id: number }>('post', '/playlists', { name: 'Three', items: songs.slice(0, 3).map((media_id) => ({ type: 'media', media_id })) });
    const three = await send<{ id: number; songs: number }>('put', '/clocks/categories/0', { name: 'Three', source: { kind: 'playlist', playlist_id: playlist.id } });
    expect(three.songs).toBe(3);
    const missing = await system.api.put('/clocks/categories/623146', { key: admin, body: { name: 'Nowhere', source: byAlbum('Gold') } });
    expect(missing.status, missing.text).toBe(404);
    const list = await system.api.get<{ id: number; name: string }[]>('/clocks/categories', { key: admin });
    expect(list.body.data.map((c) => c.name)).toEqual(['Current', 'Gold', 'Polka', 'Three']);
  });

  it('checks a clock on save: what an hour of it cannot fill is answered, bad slots are refused', async () => {
    const good = await send<{ id: number; warnings: string[] }>('put', '/clocks/0', musicHour('Music hour'));
    expect(good.warnings).toEqual([]);
    const short = await send<{ id: number; warnings: string[] }>('put', '/clocks/0', { name: 'Polka hour', slots: [{ kind: 'category', category_id: cat.empty, count: 4 }] });
    expect(short.warnings.join('\n')).toMatch(/the category “Polka” has no song that may air/);
    expect(short.warnings.join('\n')).toMatch(/the hour runs 3600 s short/);
    for (const slots of [[{ kind: 'category', category_id: 999_999, count: 1 }], [{ kind: 'category', category_id: cat.gold, count: 2, seconds: 60 }], [{ kind: 'fixed', minute: 60, media_id: news }], []]) {
      const reply = await system.api.put('/clocks/0', { key: admin, body: { name: 'Bad', slots } });
      expect(reply.status, JSON.stringify(slots)).toBe(400);
    }
    const clock = await system.api.get<{ name: string; slots: unknown[]; fill_category_id: number }>(`/clocks/${good.id}`, { key: admin });
    expect(clock.body.data).toMatchObject({ name: 'Music hour', fill_category_id: cat.gold });
    expect(clock.body.data.slots).toHaveLength(6);
  });

  it('airs the grid’s clocks: slot counts, the news at :30, to the hour, the artist rule kept, each song saying why', { timeout: limit(120_000) }, async () => {
    const a = (await send<{ id: number }>('put', '/clocks/0', musicHour('Clock A'))).id;
    const b = (await send<{ id: number }>('put', '/clocks/0', musicHour('Clock B', { description: 'the other one' }))).id;
    const rules = { artist_minutes: 4, title_minutes: 5, album_minutes: 0, plays_per_day: null, category_in_row: false, hard: ['artist', 'title'], relax_order: [] };
    // Wednesday 2027-03-10: 00:00 and 01:00 clock A, 02:00 clock B
    const grid = [{ weekday: 3, hour: 0, clock_id: a }, { weekday: 3, hour: 1, clock_id: a }, { weekday: 3, hour: 2, clock_id: b }];
    const format = await send<{ grid: unknown[]; rules: typeof rules }>('put', `/players/${player}/format`, { rules, grid });
    expect(format.rules).toEqual(rules);
    expect((await system.api.get(`/players/${player}/format`, { key: admin })).body.data).toEqual({ player_id: player, rules, grid });

    const window = ['2027-03-10T00:00:00Z', '2027-03-10T03:00:00Z'] as const;
    const blocks = await rundown(...window);
    const hour = (h: number) => Date.parse(window[0]) + h * 3_600_000;
    expect(blocks.map((x) => [x.kind, Date.parse(x.start), Date.parse(x.end), x.clock_id])).toEqual([
      ['clock', hour(0), hour(1), a],
      ['clock', hour(1), hour(2), a],
      ['clock', hour(2), hour(3), b],
    ]);
    const artistTimes = new Map<string, number[]>();
    for (const block of blocks) {
      expect(block.warnings).toEqual([]);
      const slot = (n: number) => block.items.filter((i) => i.rotation?.slot === n).length;
      expect([slot(1), slot(3)]).toEqual([3, 2]);
      expect(block.items.filter((i) => i.media_id === jingle)).toHaveLength(1);
      expect(block.items.find((i) => i.media_id === news)!.offset).toBe(1800);
      expect(block.items.some((i) => i.type === 'breakpoint')).toBe(true);
      const sounding = block.items.filter((i) => i.type !== 'breakpoint');
      for (let i = 1; i < sounding.length; i += 1) expect(sounding[i]!.offset).toBeCloseTo(sounding[i - 1]!.offset + sounding[i - 1]!.duration, 3);
      expect(sounding.at(-1)!.offset + sounding.at(-1)!.duration).toBeCloseTo(3600, 3);
      for (const item of block.items.filter((i) => i.rotation)) {
        expect(item.rotation).toMatchObject({ clock_id: block.clock_id, relaxed: [], broken: [] });
        const at = Date.parse(block.start) + item.offset * 1000;
        artistTimes.set(item.artist, [...(artistTimes.get(item.artist) ?? []), at]);
      }
    }
    // twelve artists, about four minutes of songs before one comes round again: the rule holds everywhere
    for (const times of artistTimes.values()) for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(4 * 60_000);
    // asked again: the same hours, the same last_updated
    expect(await rundown(...window)).toEqual(blocks);

    // an edit to clock A re-resolves its hours ahead, and only those
    await send('put', `/clocks/${a}`, { ...musicHour('Clock A'), slots: [{ kind: 'category', category_id: cat.gold, count: 4 }, { kind: 'station_id' }] });
    const after = await rundown(...window);
    expect(after[2]).toEqual(blocks[2]);
    for (const i of [0, 1]) {
      expect(after[i]!.last_updated).toBeGreaterThan(blocks[i]!.last_updated);
      expect(after[i]!.items.filter((x) => x.rotation?.slot === 1)).toHaveLength(4);
      expect(after[i]!.items.filter((x) => x.rotation?.slot === 1).every((x) => x.rotation!.category_id === cat.gold)).toBe(true);
    }
    // and the re-resolved hours keep clear of clock B's planned hour after them
    const byArtist = new Map<string, number[]>();
    for (const block of after) for (const item of block.items.filter((i) => i.rotation)) byArtist.set(item.artist, [...(byArtist.get(item.artist) ?? []), Date.parse(block.start) + item.offset * 1000]);
    for (const times of byArtist.values()) for (const [i, t] of [...times].sort((x, y) => x - y).entries()) if (i > 0) expect(t - [...times].sort((x, y) => x - y)[i - 1]!).toBeGreaterThanOrEqual(4 * 60_000);

    // by hand: the songs that could air in place of one of clock B's gold songs, and one of them put there
    const hourB = after[2]!;
    const gold = hourB.items.find((i) => i.rotation?.slot === 3)!;
    const spot = { start: hourB.start, order: gold.order };
    const offered = await system.api.get<{ songs: { id: number; album: string; last_played: string | null }[] }>(`/players/${player}/rundown/alternatives`, { key: admin, query: spot });
    expect(offered.status, offered.text).toBe(200);
    const choices = offered.body.data.songs;
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((c) => songs.indexOf(c.id) >= 12 && c.id !== gold.media_id)).toBe(true);
    const wrong = await system.api.put(`/players/${player}/rundown/replace`, { key: admin, body: { ...spot, media_id: songs[0] } });
    expect(wrong.status, wrong.text).toBe(400);
    const jingleSpot = hourB.items.find((i) => i.media_id === jingle)!;
    expect((await system.api.get(`/players/${player}/rundown/alternatives`, { key: admin, query: { start: hourB.start, order: jingleSpot.order } })).status).toBe(400);
    const chosen = choices.at(-1)!.id;
    const replaced = await send<Block>('put', `/players/${player}/rundown/replace`, { ...spot, media_id: chosen });
    const placed = replaced.items.find((i) => i.order === gold.order)!;
    // the hour up to it stays as it was; from it on, chosen again
    expect(replaced.items.filter((i) => i.order < gold.order).map((i) => i.media_id)).toEqual(hourB.items.filter((i) => i.order < gold.order).map((i) => i.media_id));
    expect(placed).toMatchObject({ media_id: chosen, offset: gold.offset, rotation: { replaced: true, relaxed: [], broken: [] } });
    const sounding = replaced.items.filter((i) => i.type !== 'breakpoint');
    expect(sounding.at(-1)!.offset + sounding.at(-1)!.duration).toBeCloseTo(3600, 3);
    // kept when the hour is resolved again (its clock edited)
    await send('put', `/clocks/${b}`, musicHour('Clock B', { description: 'edited' }));
    const again = (await rundown(...window))[2]!;
    expect(again.last_updated).toBeGreaterThanOrEqual(replaced.last_updated);
    expect(again.items.find((i) => i.order === gold.order)).toMatchObject({ media_id: chosen, rotation: { replaced: true } });
    // what has begun is not replaced
    const past = (await rundown('2026-11-25T00:00:00Z', '2026-11-25T01:00:00Z'))[0]!;
    const aired = past.items.find((i) => i.rotation)!;
    expect((await system.api.put(`/players/${player}/rundown/replace`, { key: admin, body: { start: past.start, order: aired.order, media_id: chosen } })).status).toBe(400);

    // in use: neither the clock nor its category can go
    expect((await system.api.delete(`/clocks/${b}`, { key: admin })).status).toBe(409);
    expect((await system.api.delete(`/clocks/categories/${cat.gold}`, { key: admin })).status).toBe(409);
  });

  it('fills what a show leaves of a grid hour from the clock, and airs a show that is a clock hour by hour', { timeout: limit(120_000) }, async () => {
    const clocks = await system.api.get<{ id: number; name: string }[]>('/clocks', { key: admin });
    const b = clocks.body.data.find((c) => c.name === 'Clock B')!.id;
    // Wednesday 2027-03-17 02:20-02:40: a live show inside clock B's hour (the news at :30 among its slots)
    await send('post', '/shows', { player_id: player, mode: 'once', start: '2027-03-17T02:20:00Z', duration: 1200, item_type: 'live', item_id: 1 });
    const around = await rundown('2027-03-17T02:00:00Z', '2027-03-17T03:00:00Z');
    expect(around.map((x) => [x.kind, x.start.slice(11, 16), x.end.slice(11, 16)])).toEqual([
      ['clock', '02:00', '02:20'],
      ['linein', '02:20', '02:40'],
      ['clock', '02:40', '03:00'],
    ]);
    for (const part of [around[0]!, around[2]!]) {
      expect(part.items.at(-1)!.offset + part.items.at(-1)!.duration).toBeCloseTo(1200, 3);
      expect(part.items.some((i) => i.media_id === news)).toBe(false); // its :30 fell in the show
    }
    expect(around[2]!.items.filter((i) => i.rotation?.slot === 1)).toHaveLength(3); // the clock from its first slot
    // Thursday 2027-03-11 10:15-12:15 (no grid that day): a show airing clock B, each of its hours from the clock
    const show = await send<{ id: number }>('post', '/shows', { player_id: player, mode: 'once', start: '2027-03-11T10:15:00Z', duration: 7200, item_type: 'clock', item_id: b, name: 'Morning clock' });
    const blocks = await rundown('2027-03-11T10:00:00Z', '2027-03-11T13:00:00Z');
    expect(blocks.map((x) => [x.kind, x.start.slice(11, 16), x.end.slice(11, 16), x.clock_id, x.name, (x as Block & { show_id: number }).show_id])).toEqual([
      ['clock', '10:15', '11:00', b, 'Morning clock', show.id],
      ['clock', '11:00', '12:00', b, 'Morning clock', show.id],
      ['clock', '12:00', '12:15', b, 'Morning clock', show.id],
    ]);
    for (const block of blocks) {
      const last = block.items.at(-1)!;
      expect(last.offset + last.duration).toBeCloseTo((Date.parse(block.end) - Date.parse(block.start)) / 1000, 3);
    }
    expect(blocks[0]!.items.find((i) => i.media_id === news)!.offset).toBe(900); // 10:30
    expect(blocks[2]!.items.some((i) => i.media_id === news)).toBe(false);
    // a player with no grid airs a clock show too, and offers alternatives in it (the clock is the show's)
    const plain = (await send<{ id: number }>('post', '/players', { name: 'Show Clock FM', timezone: 'UTC', station_ids: [jingle] })).id;
    await send('post', '/shows', { player_id: plain, mode: 'once', start: '2027-03-11T10:00:00Z', duration: 3600, item_type: 'clock', item_id: b });
    // no separation: an hour of 45-second songs from twelve plays each of them (the default rules would leave none to offer)
    await send('put', `/players/${plain}/format`, { rules: { artist_minutes: 0, title_minutes: 0, album_minutes: 0, plays_per_day: null, category_in_row: false, hard: [], relax_order: [] } });
    const [hour] = (await system.api.get<Block[]>(`/players/${plain}/rundown`, { key: admin, query: { start: '2027-03-11T10:00:00Z', end: '2027-03-11T11:00:00Z' } })).body.data;
    expect(hour).toMatchObject({ kind: 'clock', clock_id: b });
    const song = hour!.items.find((i) => i.rotation?.slot === 1)!;
    const offered = await system.api.get<{ songs: { id: number }[] }>(`/players/${plain}/rundown/alternatives`, { key: admin, query: { start: hour!.start, order: song.order } });
    expect(offered.status, offered.text).toBe(200);
    expect(offered.body.data.songs.length).toBeGreaterThan(0);
    const listed = await system.api.get<{ id: number; item_type: string; name: string | null }[]>('/shows', { key: admin, query: { start: '2027-03-11T00:00:00Z', end: '2027-03-12T00:00:00Z', player } });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.find((o) => o.id === show.id)).toMatchObject({ item_type: 'clock', name: 'Clock B' });
    const bad = await system.api.post('/shows', { key: admin, body: { player_id: player, mode: 'once', start: '2027-03-12T10:00:00Z', duration: 3600, item_type: 'clock', item_id: 999_999 } });
    expect(bad.status, bad.text).toBe(400);
  });

  it('answers no clock block for an hour the grid leaves out', { timeout: limit(60_000) }, async () => {
    const blocks = await rundown('2027-03-10T02:00:00Z', '2027-03-10T04:00:00Z');
    // 03:00 has no clock and the player no default playlist: nothing but the clock hour is answered
    expect(blocks.map((x) => x.kind)).toEqual(['clock']);
  });
});
