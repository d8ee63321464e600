// Players as OpenBroadcaster has them, through the gateway (issue 30): their fields and OB's forms,
// refusals (bad fields, station IDs that may not air, parents more than one level deep, deleting a
// parent), the password never answered, OB's search, and the read-only routes around them (now
// playing, the player monitor) with their permissions. What a player's sync writes (connects, now
// playing, the as-run log) is in player-sync.test.ts, which reaches the internal operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaModes, startBlackBoxSystem, type BlackBoxSystem } from '../src/black-box';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

type Player = Record<string, unknown> & { id: number; name: string; station_ids: number[]; parent_player_id: number | null };

const PASSWORD = 'sync-secret-7Q';

describe.each(areaModes)('players (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let reader: string;
  let monitorOne: string;
  let monitorAll: string;
  const item = { jingle: 0, logo: 0, unapproved: 0, archived: 0 };
  let fm: number;

  const user = async (username: string, permissions: string[]) => {
    const groupIds = permissions.length ? [(await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: `${username} group`, permissions } })).body.data.id] : undefined;
    await system.api.post('/users', { key: admin, body: { username, password: `${username}-password`, ...(groupIds ? { group_ids: groupIds } : {}) } });
    return (await system.api.login(username, `${username}-password`)).key;
  };
  const create = (body: Record<string, unknown>, key = admin) => system.api.post<Player>('/players', { key, body });
  const get = async (id: number, key = admin) => (await system.api.get<Player>(`/players/${id}`, { key })).body.data;

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    item.jingle = await makeMediaItem(system.api, system.url, admin, wav(1), 'Station jingle');
    item.logo = await makeMediaItem(system.api, system.url, admin, pngImage(16, 16), 'Station logo');
    item.unapproved = await makeMediaItem(system.api, system.url, admin, wav(1), 'Unapproved', { is_approved: false });
    item.archived = await makeMediaItem(system.api, system.url, admin, wav(1), 'Archived');
    await system.api.post('/media/archive', { key: admin, body: { id: [item.archived] } });
    fm = (await create({ name: 'FM', timezone: 'Europe/London' })).body.data.id;
    // The default playlists the players below name (ids 1 to 12 of the fresh schema): they must exist.
    for (let n = 1; n <= 12; n += 1) await system.api.post('/playlists', { key: admin, body: { name: `Fill ${n}` } });
    reader = await user('reader', []);
    monitorOne = await user('monitor.one', [`view_player_monitor:${fm}`]);
    monitorAll = await user('monitor.all', ['view_player_monitor']);
  });
  afterAll(async () => {
    await system?.stop();
  });

  describe('fields', () => {
    it("creates a player with OpenBroadcaster's fields and answers them, never its password", async () => {
      const body = {
        name: 'Network',
        description: 'The network feed',
        timezone: 'America/New_York',
        stream_url: 'https://stream.example.org/network',
        password: PASSWORD,
        ip_address: '192.0.2.7',
        support_audio: true,
        support_video: false,
        support_images: true,
        support_linein: false,
        station_ids: [item.jingle, item.logo],
        station_id_image_duration: 8,
        default_playlist_id: 12,
      };
      const created = await create(body);
      expect(created.status, created.text).toBe(200);
      const { password: _password, ...shown } = body;
      expect(created.body.data).toMatchObject({ ...shown, can_sync: true, parent_player_id: null, use_parent_schedule: false, version: '', last_connect: null, last_ip_address: null });
      expect(created.text).not.toContain(PASSWORD);
      expect(created.text).not.toMatch(/password_hash|scrypt/);
      const read = await get(created.body.data.id);
      expect(read).toEqual(created.body.data);
      expect(Object.keys(read)).not.toContain('password');
      // Without manage_players the pinned address is not shown (OB hides it too).
      const asReader = await get(created.body.data.id, reader);
      expect(asReader).not.toHaveProperty('ip_address');
      expect(asReader).toMatchObject({ name: 'Network', station_ids: [item.jingle, item.logo] });
      const listed = (await system.api.get<Player[]>('/players', { key: reader })).body.data.find((p) => p.id === created.body.data.id)!;
      expect(listed).toEqual(asReader);
      expect(JSON.stringify((await system.api.get('/players', { key: admin })).body)).not.toContain(PASSWORD);
    });

    it('keeps what an edit leaves out, and an empty password keeps the one set', async () => {
      const id = (await create({ name: 'Keeps', timezone: 'UTC', password: PASSWORD, station_ids: [item.jingle], support_video: false, stream_url: 'http://s.example.org/' })).body.data.id;
      const edited = await system.api.put<Player>(`/players/${id}`, { key: admin, body: { name: 'Keeps 2', timezone: 'UTC', password: '' } });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.data).toMatchObject({ name: 'Keeps 2', description: '', can_sync: true, station_ids: [item.jingle], support_video: false, stream_url: 'http://s.example.org/' });
      const cleared = await system.api.put<Player>(`/players/${id}`, { key: admin, body: { name: 'Keeps 2', timezone: 'UTC', station_ids: [], ip_address: '', stream_url: '' } });
      expect(cleared.body.data).toMatchObject({ station_ids: [], ip_address: null, stream_url: '', can_sync: true });
    });

    it("takes OpenBroadcaster's forms: default_playlist, flags as text, an empty parent", async () => {
      const created = await system.api.post<Player>('/players', {
        key: admin,
        raw: new URLSearchParams({ name: 'Form FM', timezone: 'UTC', default_playlist: '7', support_video: '0', support_linein: '1', parent_player_id: '', station_id_image_duration: '20' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(created.status, created.text).toBe(200);
      expect(created.body.data).toMatchObject({ default_playlist_id: 7, support_video: false, support_linein: true, parent_player_id: null, station_id_image_duration: 20 });
    });

    it("keeps a player's loudness target (issue 44): -18 LUFS unless set, kept by a save without it", async () => {
      const created = await system.api.post<Player>('/players', { key: admin, body: { name: 'Loud FM', timezone: 'UTC' } });
      expect(created.status, created.text).toBe(200);
      expect(created.body.data).toMatchObject({ loudness_target: -18 });
      const set = await system.api.put<Player>(`/players/${created.body.data.id}`, { key: admin, body: { name: 'Loud FM', timezone: 'UTC', loudness_target: -16 } });
      expect(set.status, set.text).toBe(200);
      expect(set.body.data).toMatchObject({ loudness_target: -16 });
      const kept = await system.api.put<Player>(`/players/${created.body.data.id}`, { key: admin, body: { name: 'Loud FM', timezone: 'UTC', description: 'louder' } });
      expect(kept.body.data).toMatchObject({ loudness_target: -16, description: 'louder' });
    });

    it('refuses bad fields with a 400 naming them, and saves nothing', async () => {
      const before = (await system.api.get<Player[]>('/players', { key: admin })).body.data.length;
      const cases: [Record<string, unknown>, string][] = [
        [{ stream_url: 'ftp://stream.example.org/' }, 'stream_url'],
        [{ ip_address: 'not-an-address' }, 'ip_address'],
        [{ password: 'short' }, 'password'],
        [{ station_id_image_duration: 0 }, 'station_id_image_duration'],
        [{ loudness_target: -40 }, 'loudness_target'],
        [{ loudness_target: 'loud' }, 'loudness_target'],
        [{ support_audio: 'maybe' }, 'support_audio'],
        [{ timezone: 'Mars/Olympus' }, 'timezone'],
        [{ station_ids: [987_654] }, 'station_ids'],
        [{ station_ids: [item.unapproved] }, 'station_ids'],
        [{ station_ids: [item.archived] }, 'station_ids'],
        [{ station_ids: [item.jingle, item.jingle] }, 'station_ids'],
        [{ parent_player_id: 987_654 }, 'parent_player_id'],
        [{ default_playlist_id: 987_654 }, 'default_playlist_id'],
      ];
      for (const [fields, field] of cases) {
        const reply = await create({ name: 'Bad', timezone: 'UTC', ...fields });
        expect(reply.status, `${field}: ${reply.text}`).toBe(400);
        expect(reply.body.msg).toContain(field);
      }
      expect((await system.api.get('/players/' + fm, { key: admin })).status).toBe(200);
      expect((await system.api.get<Player[]>('/players', { key: admin })).body.data.length).toBe(before);
      expect((await create({ name: 'Mine', timezone: 'UTC' }, reader)).status).toBe(403);
    });
  });

  describe('parents', () => {
    it('keeps one level: no grandchildren, no player its own parent, no parent that becomes a child', async () => {
      const network = (await create({ name: 'Parent', timezone: 'UTC', station_ids: [item.jingle] })).body.data.id;
      const child = await create({ name: 'Child', timezone: 'UTC', parent_player_id: network, use_parent_schedule: true, use_parent_dynamic: true, use_parent_ids: true, use_parent_alert: true, station_ids: [item.logo], default_playlist_id: 3 });
      expect(child.status, child.text).toBe(200);
      // Taking the parent's station IDs leaves none of its own (as OB does).
      expect(child.body.data).toMatchObject({ parent_player_id: network, use_parent_schedule: true, use_parent_dynamic: true, use_parent_ids: true, use_parent_alert: true, station_ids: [], default_playlist_id: 3 });
      const grandchild = await create({ name: 'Grandchild', timezone: 'UTC', parent_player_id: child.body.data.id });
      expect(grandchild.status, grandchild.text).toBe(409);
      // A loop: the parent under its own child.
      const loop = await system.api.put(`/players/${network}`, { key: admin, body: { name: 'Parent', timezone: 'UTC', parent_player_id: child.body.data.id } });
      expect(loop.status, loop.text).toBe(409);
      const self = await system.api.put(`/players/${network}`, { key: admin, body: { name: 'Parent', timezone: 'UTC', parent_player_id: network } });
      expect(self.status, self.text).toBe(400);
      expect(self.body.msg).toContain('parent_player_id');
      // A parent may not take a parent while it has children, even one that is no child itself.
      const other = (await create({ name: 'Other', timezone: 'UTC' })).body.data.id;
      expect((await system.api.put(`/players/${network}`, { key: admin, body: { name: 'Parent', timezone: 'UTC', parent_player_id: other } })).status).toBe(409);
      expect((await get(network)).parent_player_id).toBeNull();
    });

    it('lets only one of two racing saves make a loop half: the other is refused', async () => {
      for (let round = 0; round < 3; round += 1) {
        const [a, b] = [(await create({ name: `Race A${round}`, timezone: 'UTC' })).body.data.id, (await create({ name: `Race B${round}`, timezone: 'UTC' })).body.data.id];
        const replies = await Promise.all([
          system.api.put(`/players/${a}`, { key: admin, body: { name: `Race A${round}`, timezone: 'UTC', parent_player_id: b } }),
          system.api.put(`/players/${b}`, { key: admin, body: { name: `Race B${round}`, timezone: 'UTC', parent_player_id: a } }),
        ]);
        expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
        const parents = [(await get(a)).parent_player_id, (await get(b)).parent_player_id];
        expect(parents.filter((p) => p !== null)).toHaveLength(1);
      }
    });

    it('answers a deletion racing edits of the same player without a server error', async () => {
      const id = (await create({ name: 'Racing', timezone: 'UTC' })).body.data.id;
      const replies = await Promise.all([
        ...Array.from({ length: 3 }, (_, i) => system.api.put(`/players/${id}`, { key: admin, body: { name: `Racing ${i}`, timezone: 'UTC', station_ids: [item.jingle] } })),
        system.api.delete(`/players/${id}`, { key: admin }),
      ]);
      for (const reply of replies) expect(reply.status, reply.text).toBeLessThan(500);
      await system.api.delete(`/players/${id}`, { key: admin });
      expect((await system.api.get(`/players/${id}`, { key: admin })).status).toBe(404);
    });

    it('inherits nothing without a parent, and dynamic selections only with the schedule', async () => {
      const solo = await create({ name: 'Solo', timezone: 'UTC', use_parent_schedule: true, use_parent_alert: true });
      expect(solo.body.data).toMatchObject({ use_parent_schedule: false, use_parent_alert: false });
      const network = (await create({ name: 'Net 2', timezone: 'UTC' })).body.data.id;
      const child = await create({ name: 'Child 2', timezone: 'UTC', parent_player_id: network, use_parent_dynamic: true, use_parent_playlist: true, default_playlist_id: 4 });
      expect(child.body.data).toMatchObject({ use_parent_dynamic: false, use_parent_playlist: true, default_playlist_id: null });
    });

    it('refuses to delete a parent (409 with its children counted) until it has none', async () => {
      const network = (await create({ name: 'Net 3', timezone: 'UTC' })).body.data.id;
      const child = (await create({ name: 'Child 3', timezone: 'UTC', parent_player_id: network })).body.data.id;
      const refused = await system.api.delete(`/players/${network}`, { key: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.data).toMatchObject({ code: 'conflict', details: { children: 1 } });
      expect((await system.api.put(`/players/${child}`, { key: admin, body: { name: 'Child 3', timezone: 'UTC', parent_player_id: null } })).status).toBe(200);
      expect((await system.api.delete(`/players/${network}`, { key: admin })).status).toBe(200);
      expect((await system.api.get(`/players/${network}`, { key: admin })).status).toBe(404);
    });
  });

  describe('search', () => {
    it("filters, orders and pages as OpenBroadcaster's search, by name unless told", async () => {
      for (const name of ['Zulu', 'Alpha', 'Mike']) await create({ name: `S ${name}`, timezone: 'Asia/Tokyo', support_linein: name !== 'Mike' });
      const tokyo = { filters: [{ column: 'timezone', value: 'Asia/Tokyo' }] };
      const names = async (query: Record<string, unknown>, key = admin) => {
        const reply = await system.api.get<Player[]>('/players', { key, query: { d: JSON.stringify(query) } });
        expect(reply.status, reply.text).toBe(200);
        return reply.body.data.map((p) => p.name);
      };
      expect(await names(tokyo)).toEqual(['S Alpha', 'S Mike', 'S Zulu']);
      expect(await names({ ...tokyo, orderby: 'name', orderdesc: 'desc' })).toEqual(['S Zulu', 'S Mike', 'S Alpha']);
      expect(await names({ ...tokyo, limit: 1, offset: 1 })).toEqual(['S Mike']);
      expect(await names({ filters: [...tokyo.filters, { column: 'support_linein', value: '0' }] })).toEqual(['S Mike']);
      expect(await names({ filters: [...tokyo.filters, { column: 'name', operator: '!=', value: 'S Mike' }] })).toEqual(['S Alpha', 'S Zulu']);
      expect(await names({ filters: [...tokyo.filters, { column: 'parent_player_id', value: null }] })).toHaveLength(3);
      // PHP's bracket notation, as jQuery writes it.
      const brackets = await system.api.get<Player[]>(`/players?filters[0][column]=timezone&filters[0][value]=Asia/Tokyo&orderby=name&orderdesc=1`, { key: admin });
      expect(brackets.body.data.map((p) => p.name)).toEqual(['S Zulu', 'S Mike', 'S Alpha']);
    });

    it('refuses an unknown column or a value of the wrong kind, and hides addresses from readers', async () => {
      const search = (query: Record<string, unknown>, key = admin) => system.api.get('/players', { key, query: { d: JSON.stringify(query) } });
      expect((await search({ filters: [{ column: 'password_hash', value: 'x' }] })).status).toBe(400);
      expect((await search({ filters: [{ column: 'id', value: 'one' }] })).status).toBe(400);
      expect((await search({ filters: [{ column: 'id', operator: '<', value: null }] })).status).toBe(400);
      expect((await search({ filters: [{ column: 'ip_address', value: '192.0.2.7' }] }, reader)).status).toBe(403);
      expect((await search({ orderby: 'last_ip_address' }, reader)).status).toBe(403);
      const pinned = await search({ filters: [{ column: 'ip_address', value: '192.0.2.7' }] });
      expect((pinned.body.data as Player[]).map((p) => p.name)).toEqual(['Network']);
      expect((await system.api.get('/players', { key: admin, query: { sort: 'name' } })).status).toBe(400);
    });
  });

  describe('now playing and the monitor', () => {
    it('answers now playing of a player that never reported with nothing, and 404 for no player', async () => {
      const reply = await system.api.get('/players/playing/' + fm, { key: reader });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body.data).toEqual({ show_name: null, show_time_left: null, show_end: null, playlist_id: null, media: null, updated: null });
      expect((await system.api.get('/players/playing/987654', { key: reader })).status).toBe(404);
      expect((await system.api.get('/players/playing/' + fm)).status).toBe(401);
    });

    it('needs view_player_monitor, for every player or for the one asked', async () => {
      const other = (await create({ name: 'Unwatched', timezone: 'UTC' })).body.data.id;
      const query = (player: number, extra: Record<string, string> = {}) => ({ player_id: player, date_start: '2026-01-01', date_end: '2026-01-31', ...extra });
      expect((await system.api.get('/players/monitor', { key: reader, query: query(fm) })).status).toBe(403);
      expect((await system.api.get('/players/monitor', { key: monitorOne, query: query(other) })).status).toBe(403);
      const own = await system.api.get('/players/monitor', { key: monitorOne, query: query(fm) });
      expect(own.status, own.text).toBe(200);
      expect(own.body.data).toEqual({ results: [], total_rows: 0 });
      expect((await system.api.get('/players/monitor', { key: monitorAll, query: query(other) })).status).toBe(200);
      expect((await system.api.get('/players/monitor', { key: monitorAll, query: query(987_654) })).status).toBe(404);
      const csv = await system.api.get<{ results: string }>('/players/monitor', { key: monitorAll, query: query(fm, { type: 'csv' }) });
      expect(csv.body.data.results).toBe('Media ID,Artist,Title,Date/Time,Context,Notes,End Date/Time,Show\r\n');
      expect((await system.api.get('/players/monitor', { key: monitorAll, query: query(fm, { type: 'xml' }) })).status).toBe(400);
      expect((await system.api.get('/players/monitor', { key: monitorAll, query: query(fm, { date_start: '2026-02-01' }) })).status).toBe(400);
      expect((await system.api.get('/players/monitor', { key: monitorAll, query: query(fm, { orderby: 'notes' }) })).status).toBe(400);
    });
  });
});
