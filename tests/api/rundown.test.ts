// The rundown through the gateway (issue 30, docs/decisions/rundown.md): a fixed day of shows
// (media, line-in, an image) named by their timeslot, an exception, a child player airing its
// parent's schedule without line-in, a DST day, the same answer on every call, a media edit that
// re-resolves only what has not begun (announced as scheduling.rundown.changed), and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';

type Item = { order: number; media_id: number | null; type: string; title: string; artist: string; offset: number; duration: number; crossfade: number };
type Block = { start: string; end: string; kind: string; show_id: number; occurrence_start: string | null; playlist_id: number | null; name: string; description: string; last_updated: number; items: Item[] };

describe.each(ruleModes)('the rundown (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  const media = { mix: 0, logo: 0 };
  let fm: number;
  const shows = { mix: 0, linein: 0, logo: 0 };

  const rundown = (player: number, start: string, end: string, key = admin) => system.api.get<Block[]>(`/players/${player}/rundown`, { key, query: { start, end } });
  const blocks = async (player: number, start: string, end: string) => {
    const reply = await rundown(player, start, end);
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };
  const create = async (path: string, body: Record<string, unknown>) => {
    const reply = await system.api.post<{ id: number }>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const player = (body: Record<string, unknown>) => create('/players', { timezone: 'Europe/London', ...body });
  const once = (player_id: number, start: string, duration: number, item_type: string, item_id = 0) => create('/shows', { player_id, mode: 'once', start, duration, item_type, item_id });

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    media.mix = await makeMediaItem(system.api, system.url, admin, wav(3), 'Morning mix', { artist: 'DJ Dawn' });
    media.logo = await makeMediaItem(system.api, system.url, admin, pngImage(8, 8), 'Station logo');
    fm = await player({ name: 'Rundown FM' });
    await create('/timeslots', { player_id: fm, mode: 'once', start: '2027-06-07T05:00:00+01:00', duration: 4.5 * 3600, user_id: 1, description: 'Breakfast' });
    shows.mix = await once(fm, '2027-06-07T06:00:00+01:00', 3600, 'media', media.mix);
    shows.linein = await create('/shows', { player_id: fm, mode: 'daily', start: '2027-06-06T08:00:00+01:00', stop: '2027-06-09', duration: 3600, item_type: 'live' });
    shows.logo = await once(fm, '2027-06-07T10:00:00+01:00', 900, 'media', media.logo);
    await create(`/shows/${shows.linein}/exceptions`, { original_start: '2027-06-08T08:00:00+01:00', skip: true });
  });
  afterAll(async () => {
    await system?.stop();
  });

  const mixItem = () => ({ order: 0, media_id: media.mix, type: 'audio', title: 'Morning mix', artist: 'DJ Dawn', offset: 0, duration: 3, crossfade: 0 });
  const logoItem = () => ({ order: 0, media_id: media.logo, type: 'image', title: 'Station logo', artist: '', offset: 0, duration: 900, crossfade: 0 });
  const lineinItem = { order: 0, media_id: null, type: 'linein', title: 'Line-In', artist: '', offset: 0, duration: 3600, crossfade: 0 };
  const stamp = expect.any(Number);

  it('answers a fixed day: every show where the schedule puts it, with its items, named by its timeslot', async () => {
    expect(await blocks(fm, '2027-06-07T00:00:00+01:00', '2027-06-08T00:00:00+01:00')).toEqual([
      { start: '2027-06-07T06:00:00+01:00', end: '2027-06-07T07:00:00+01:00', kind: 'show', show_id: shows.mix, occurrence_start: '2027-06-07T06:00:00+01:00', playlist_id: null, name: 'Breakfast', description: 'DJ Dawn - Morning mix', last_updated: stamp, items: [mixItem()] },
      { start: '2027-06-07T08:00:00+01:00', end: '2027-06-07T09:00:00+01:00', kind: 'linein', show_id: shows.linein, occurrence_start: '2027-06-07T08:00:00+01:00', playlist_id: null, name: 'Breakfast', description: '', last_updated: stamp, items: [lineinItem] },
      { start: '2027-06-07T10:00:00+01:00', end: '2027-06-07T10:15:00+01:00', kind: 'show', show_id: shows.logo, occurrence_start: '2027-06-07T10:00:00+01:00', playlist_id: null, name: 'Station logo', description: 'Station logo', last_updated: stamp, items: [logoItem()] },
    ]);
  });

  it('gives the same answer on every call, and any window the blocks that overlap it, whole', async () => {
    const day = await blocks(fm, '2027-06-07T00:00:00+01:00', '2027-06-08T00:00:00+01:00');
    expect(await blocks(fm, '2027-06-07T00:00:00+01:00', '2027-06-08T00:00:00+01:00')).toEqual(day);
    expect(await blocks(fm, '2027-06-07T08:30:00+01:00', '2027-06-07T10:05:00+01:00')).toEqual(day.slice(1));
    // Local times are read in the player's zone; Unix seconds are instants.
    expect(await blocks(fm, '2027-06-07 06:30', String(Date.parse('2027-06-07T07:30:00Z') / 1000))).toEqual(day.slice(0, 2));
  });

  it('applies exceptions: a skipped occurrence airs nothing', async () => {
    const next = await blocks(fm, '2027-06-08T00:00:00+01:00', '2027-06-10T00:00:00+01:00');
    expect(next.map((b) => b.start)).toEqual(['2027-06-09T08:00:00+01:00']);
  });

  it("gives a child its parent's shows, without line-in when it cannot air it", async () => {
    const relay = await player({ name: 'Relay', parent_player_id: fm, use_parent_schedule: true, support_linein: false, timezone: 'Europe/Paris' });
    const day = await blocks(relay, '2027-06-07T00:00:00+01:00', '2027-06-08T00:00:00+01:00');
    expect(day.map((b) => [b.start, b.kind, b.show_id, b.items])).toEqual([
      ['2027-06-07T07:00:00+02:00', 'show', shows.mix, [mixItem()]],
      ['2027-06-07T11:00:00+02:00', 'show', shows.logo, [logoItem()]],
    ]);
  });

  it('reads a day with a DST change in instants: the 23-hour day of the spring change', async () => {
    const night = await player({ name: 'Night FM' });
    const show = await create('/shows', { player_id: night, mode: 'daily', start: '2027-03-27 01:30:00', stop: '2027-03-29', duration: 3600, item_type: 'live' });
    const day = await blocks(night, '2027-03-28 00:00', '2027-03-29 00:00');
    // 01:30 does not happen on the 28th: the show airs at 02:30 BST, one hour after 00:30 GMT.
    expect(day.map((b) => [b.start, b.end, b.show_id, b.occurrence_start])).toEqual([['2027-03-28T02:30:00+01:00', '2027-03-28T03:30:00+01:00', show, '2027-03-28T02:30:00+01:00']]);
    const autumn = await create('/shows', { player_id: night, mode: 'once', start: '2027-10-31T01:30:00+00:00', duration: 3600, item_type: 'live' });
    expect((await blocks(night, '2027-10-31 00:00', '2027-11-01 00:00')).map((b) => [b.start, b.end, b.show_id])).toEqual([['2027-10-31T01:30:00+00:00', '2027-10-31T02:30:00+00:00', autumn]]);
  });

  it('re-resolves only what has not begun when the media changes, and announces the window', async () => {
    const events: { player_id: number; start: string; end: string }[] = [];
    await system.infrastructure[0]!.bus.subscribe('scheduling.rundown.changed', ({ data }) => {
      events.push((data as { payload: { player_id: number; start: string; end: string } }).payload);
    });
    const edits = await player({ name: 'Edit FM', timezone: 'UTC' });
    const item = await makeMediaItem(system.api, system.url, admin, wav(2), 'Before');
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', '+00:00');
    await once(edits, iso(hour - 48 * 3_600_000), 600, 'media', item);
    await once(edits, iso(hour + 48 * 3_600_000), 600, 'media', item);
    const window = [iso(hour - 72 * 3_600_000), iso(hour + 72 * 3_600_000)] as const;
    const [past, future] = await blocks(edits, ...window);
    expect([past!.items[0]!.title, future!.items[0]!.title]).toEqual(['Before', 'Before']);
    expect((await system.api.put('/media', { key: admin, body: { media: [{ id: item, title: 'After' }] } })).status).toBe(200);
    const started = Date.now();
    let now = await blocks(edits, ...window);
    while (now[1]!.items[0]!.title !== 'After' && Date.now() - started < limit(10_000)) {
      await new Promise((r) => setTimeout(r, 100));
      now = await blocks(edits, ...window);
    }
    expect(now[0]).toEqual(past);
    expect(now[1]).toMatchObject({ name: 'After', items: [{ title: 'After' }] });
    expect(now[1]!.last_updated).toBeGreaterThan(future!.last_updated);
    expect(events).toContainEqual({ player_id: edits, start: future!.start, end: future!.end });
  });

  it('refuses an unknown player (404), a bad window (400), and a key not given the endpoint (403)', async () => {
    expect((await rundown(999_999, '2027-06-07T00:00:00Z', '2027-06-08T00:00:00Z')).status).toBe(404);
    for (const [start, end] of [
      ['2027-06-08T00:00:00Z', '2027-06-07T00:00:00Z'],
      ['2027-06-01T00:00:00Z', '2027-06-08T00:00:01Z'],
      ['2027-06-01 00:00', '2027-06-09 00:00'],
      ['yesterday', '2027-06-08T00:00:00Z'],
    ]) {
      const refused = await rundown(fm, start!, end!);
      expect(refused.status, `${start} ${end}`).toBe(400);
    }
    expect((await system.api.get(`/players/${fm}/rundown`, { query: { start: '2027-06-07T00:00:00Z', end: '2027-06-08T00:00:00Z' } })).status).toBe(401);
    const made = await system.api.post<{ id: number; key: string }>('/account/key', { key: admin, body: { name: 'Feed', permissions: [['GET', `/players/${fm}/schedule.ics`]] } });
    const other = `${Buffer.from(String(made.body.data.id)).toString('base64')}:${made.body.data.key}`;
    expect((await rundown(fm, '2027-06-07T00:00:00Z', '2027-06-08T00:00:00Z', other)).status).toBe(403);
  });
});
