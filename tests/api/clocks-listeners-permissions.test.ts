// Who may write clocks, formats, the rundown's songs and listener keys (issues 45 and 46), through
// the gateway: each write route refuses a signed-in user without manage_players (403 in the API's
// envelope, nothing changed) and a caller with no credentials (401), and lets one with exactly
// manage_players through. An app key given only the report endpoints reads those and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaModes, startBlackBoxSystem, type BlackBoxSystem } from '../src/black-box';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, type ApiResponse, type RequestOptions } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';

type Item = { order: number; media_id: number | null; rotation?: { slot: number } };
type Block = { start: string; items: Item[] };

const appKeyHeader = (id: number, key: string) => ({ authorization: `Bearer ${Buffer.from(String(id)).toString('base64')}:${key}` });
const byAlbum = (album: string) => ({ kind: 'search', query: { mode: 'advanced', filters: [{ filter: 'album', op: 'eq', val: album }] } });
const NO_RULES = { artist_minutes: 0, title_minutes: 0, album_minutes: 0, plays_per_day: null, category_in_row: false, hard: [], relax_order: [] };
/** Wednesday 2027-03-10 00:00-01:00 UTC: the hour the rundown player's grid gives its clock. */
const HOUR = { start: '2027-03-10T00:00:00Z', end: '2027-03-10T01:00:00Z' };

describe.each(areaModes)('clock and listener write routes: who may call them (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  /** Every permission but manage_players. */
  let denied: string;
  /** manage_players and nothing else. */
  let allowed: string;
  const ids = { category: 0, spareCategory: 0, clock: 0, spareClock: 0, rundownClock: 0, formatPlayer: 0, rundownPlayer: 0 };

  const user = async (username: string, permissions: string[]) => {
    const group = await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: `${username} group`, permissions } });
    const made = await system.api.post('/users', { key: admin, body: { username, password: `${username}-password`, group_ids: [group.body.data.id] } });
    expect(made.status, made.text).toBe(200);
    const { key } = await system.api.login(username, `${username}-password`);
    expect((await system.api.get('/account/permissions', { key })).body.data).toEqual([...permissions].sort());
    return key;
  };
  /** A PUT as the admin; answers the id it saved (a format answers none). */
  const save = async (path: string, body: Record<string, unknown>) => {
    const reply = await system.api.put<{ id: number }>(path, { key: admin, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const read = async (path: string, query?: Record<string, string>) => {
    const reply = await system.api.get(path, { key: admin, ...(query ? { query } : {}) });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };

  /** The write refused to the user without the permission (403, the permission named) and to no credentials (401). */
  const refused = async (write: (key?: string) => Promise<ApiResponse>) => {
    const forbidden = await write(denied);
    expect(forbidden.status, forbidden.text).toBe(403);
    expect(forbidden.body).toEqual({ status: false, msg: 'Permission denied.', data: { code: 'forbidden', details: { permission: 'manage_players' } } });
    const anonymous = await write(undefined);
    expect(anonymous.status, anonymous.text).toBe(401);
    expect(anonymous.body).toMatchObject({ status: false, data: { code: 'unauthenticated' } });
  };
  /** The write refused (`readBack` answering as before), then made by the user with exactly manage_players. */
  const guarded = async <T,>(write: (key?: string) => Promise<ApiResponse<T>>, readBack: () => Promise<unknown>) => {
    const before = await readBack();
    await refused(write);
    expect(await readBack()).toEqual(before);
    const made = await write(allowed);
    expect(made.status, made.text).toBe(200);
    expect(made.body.status).toBe(true);
    return made.body.data;
  };

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const catalogue = (await read('/users/permissions')) as { name: string }[];
    denied = await user('notplayers', catalogue.map((p) => p.name).filter((name) => name !== 'manage_players'));
    allowed = await user('playersonly', ['manage_players']);
    // four three-minute songs (a low sample rate keeps the uploads small)
    for (let i = 0; i < 4; i += 1) await makeMediaItem(system.api, system.url, admin, wav(180, 2000), `Song ${i}`, { artist: `Artist ${i}`, album: 'Rotation' });
    ids.category = await save('/clocks/categories/0', { name: 'Rotation', source: byAlbum('Rotation') });
    ids.spareCategory = await save('/clocks/categories/0', { name: 'Spare', source: byAlbum('Spare') });
    const hour = (name: string) => ({ name, slots: [{ kind: 'category', category_id: ids.category, count: 2 }], fill_category_id: ids.category });
    ids.clock = await save('/clocks/0', hour('Edited'));
    ids.spareClock = await save('/clocks/0', hour('Spare'));
    ids.rundownClock = await save('/clocks/0', hour('Aired'));
    ids.formatPlayer = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Format FM', timezone: 'UTC' } })).body.data.id;
    ids.rundownPlayer = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Rundown FM', timezone: 'UTC' } })).body.data.id;
    await save(`/players/${ids.rundownPlayer}/format`, { rules: NO_RULES, grid: [{ weekday: 3, hour: 0, clock_id: ids.rundownClock }] });
  }, limit(120_000));
  afterAll(async () => {
    await system?.stop();
  });

  it('music categories: create, update, delete', async () => {
    const list = () => read('/clocks/categories') as Promise<{ id: number; name: string }[]>;
    const made = await guarded((key) => system.api.put<{ id: number }>('/clocks/categories/0', { key, body: { name: 'Made', source: byAlbum('Rotation') } }), list);
    expect((await list()).find((c) => c.id === made.id)?.name).toBe('Made');
    await guarded((key) => system.api.put(`/clocks/categories/${ids.category}`, { key, body: { name: 'Renamed', source: byAlbum('Rotation') } }), list);
    expect((await list()).find((c) => c.id === ids.category)?.name).toBe('Renamed');
    await guarded((key) => system.api.delete(`/clocks/categories/${ids.spareCategory}`, { key }), list);
    expect((await list()).some((c) => c.id === ids.spareCategory)).toBe(false);
  });

  it('clocks: create, update, delete', async () => {
    const list = () => read('/clocks') as Promise<{ id: number; name: string }[]>;
    const slots = [{ kind: 'category', category_id: ids.category, count: 1 }];
    const made = await guarded((key) => system.api.put<{ id: number }>('/clocks/0', { key, body: { name: 'Made', slots } }), list);
    expect((await list()).find((c) => c.id === made.id)?.name).toBe('Made');
    await guarded((key) => system.api.put(`/clocks/${ids.clock}`, { key, body: { name: 'Edited again', slots } }), () => read(`/clocks/${ids.clock}`));
    expect(await read(`/clocks/${ids.clock}`)).toMatchObject({ name: 'Edited again', slots: [{ category_id: ids.category, count: 1 }] });
    await guarded((key) => system.api.delete(`/clocks/${ids.spareClock}`, { key }), list);
    expect((await list()).some((c) => c.id === ids.spareClock)).toBe(false);
  });

  it('a player’s format', async () => {
    const path = `/players/${ids.formatPlayer}/format`;
    const grid = [{ weekday: 1, hour: 6, clock_id: ids.clock }];
    await guarded((key) => system.api.put(path, { key, body: { rules: NO_RULES, grid } }), () => read(path));
    expect(await read(path)).toEqual({ player_id: ids.formatPlayer, rules: NO_RULES, grid });
  });

  it('replacing a song a clock chose in the rundown', async () => {
    const path = `/players/${ids.rundownPlayer}/rundown`;
    const hour = async () => ((await read(path, HOUR)) as Block[])[0]!;
    const block = await hour();
    const song = block.items.find((i) => i.rotation?.slot === 1)!;
    const spot = { start: block.start, order: song.order };
    const offered = (await read(`${path}/alternatives`, { start: spot.start, order: String(spot.order) })) as { songs: { id: number }[] };
    const chosen = offered.songs[0]!.id;
    expect(chosen).not.toBe(song.media_id);
    await guarded((key) => system.api.put(`${path}/replace`, { key, body: { ...spot, media_id: chosen } }), hour);
    expect((await hour()).items.find((i) => i.order === song.order)?.media_id).toBe(chosen);
  });

  it('a player’s listener key: a refused request leaves the key as it was', async () => {
    const player = ids.rundownPlayer;
    const path = `/players/${player}/listener-key`;
    const make = (key?: string) => system.api.put<{ key: string; hook: string }>(path, { key, body: {} });
    const first = (await make(admin)).body.data.key;
    const form = (client: string) => new URLSearchParams({ action: 'listener_add', client, ip: `203.0.113.${client}`, mount: '/live.mp3' }).toString();
    const listen = (key: string, client: string) => fetch(`${system.url}/icecast/listeners/${player}?key=${key}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form(client) });
    const window = { start: new Date(Date.now() - 60_000).toISOString(), end: new Date(Date.now() + 60_000).toISOString() };
    const sessions = async () => ((await read(`/players/${player}/listeners/summary`, window)) as { sessions: number }).sessions;
    await refused(make);
    // the key from before the refusals still counts a listener
    expect((await listen(first, '1')).status).toBe(200);
    await expect.poll(sessions, { timeout: 10_000 }).toBe(1);
    const made = await make(allowed);
    expect(made.status, made.text).toBe(200);
    expect(made.body.data.key).not.toBe(first);
    expect(made.body.data.hook).toBe(`/icecast/listeners/${player}?key=${made.body.data.key}`);
    // and once the allowed user made a new one, only that one counts
    await listen(first, '2');
    await listen(made.body.data.key, '3');
    await expect.poll(sessions, { timeout: 10_000 }).toBe(2);
    expect((await read(`/players/${player}/listeners/summary`, window)) as { unique_listeners: number }).toMatchObject({ sessions: 2, unique_listeners: 2 });
    // removing it is refused as making it is; once removed, the hook counts nothing more
    const remove = (key?: string) => system.api.delete(path, { key });
    await refused(remove);
    await listen(made.body.data.key, '4');
    await expect.poll(sessions, { timeout: 10_000 }).toBe(3);
    const removed = await remove(allowed);
    expect(removed.status, removed.text).toBe(200);
    expect((await listen(made.body.data.key, '5')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000)); // the gateway's batch (250 ms) handed over
    expect(await sessions()).toBe(3);
    expect((await system.api.delete('/players/987654/listener-key', { key: admin })).status).toBe(404);
  });

  it('an app key given only the report endpoints reads them and nothing else', async () => {
    const reports = [['GET', '/players/{id}/plays'], ['GET', '/players/{id}/listeners/summary'], ['GET', '/players/{id}/reports/soundexchange']];
    const created = await system.api.post<{ id: number; key: string }>('/account/key', { key: admin, body: { name: 'Reports', permissions: reports } });
    expect(created.status, created.text).toBe(200);
    const headers = appKeyHeader(created.body.data.id, created.body.data.key);
    const player = `/players/${ids.rundownPlayer}`;
    const window = { start: '2027-03-10T00:00:00Z', end: '2027-03-11T00:00:00Z' };
    for (const [path, query] of [[`${player}/plays`, window], [`${player}/listeners/summary`, window], [`${player}/reports/soundexchange`, { ...window, category: 'B' }]] as const) {
      const reply = await system.api.get(path, { headers, query });
      expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    }
    // what it was not given: a library search, the rundown, and writes its owner (the admin) may make
    const format = await read(`${player}/format`);
    const others: [string, string, RequestOptions][] = [
      ['GET', '/media/search', { query: { q: 'Song' } }],
      ['GET', `${player}/rundown`, { query: HOUR }],
      ['PUT', `${player}/listener-key`, { body: {} }],
      ['PUT', `${player}/format`, { body: { grid: [] } }],
    ];
    for (const [method, path, options] of others) {
      const reply = await system.api.request(method, path, { headers, ...options });
      expect(reply.status, `${method} ${path}: ${reply.text}`).toBe(403);
      expect(reply.body).toEqual({ status: false, msg: 'This app key is not allowed to call this endpoint.', data: { code: 'forbidden', details: { method, path } } });
    }
    expect(await read(`${player}/format`)).toEqual(format);
  });
});
