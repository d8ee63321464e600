// Playlists as OpenBroadcaster has them, through the gateway (issue 30): their fields and items,
// every refusal (permissions, private playlists, bad items), OB's search, the dynamic estimate, the
// checks the schedule makes (a show's playlist, a player's default playlist), where a playlist is
// used and deleting one in use, their events, and the resolution a player's rundown asks for over
// the bus (media.internal.resolve-playlist).
import { playlistResolution, type PlaylistResolution } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';

type Item = Record<string, unknown> & { type: string };
type Playlist = { id: number; name: string; description: string; status: string; type: string; owner_id: number; items: Item[]; duration: number; can_edit: boolean; created: string; updated: string; permitted_users: number[]; where_used?: { used: Record<string, unknown>[]; can_delete: boolean } };
type Frame = { type: string; payload: Record<string, unknown> };

describe.each(ruleModes)('playlists (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  const keys: Record<'reader' | 'own' | 'own2' | 'advanced' | 'manager' | 'dj', string> = { reader: '', own: '', own2: '', advanced: '', manager: '', dj: '' };
  const ids: Record<string, number> = {};
  const media = { song: 0, short: 0, card: 0, unapproved: 0, archived: 0, privateOfAdmin: 0, jazz: [] as number[] };
  const events: Frame[] = [];

  const user = async (username: string, permissions: string[]) => {
    const groupIds = permissions.length ? [(await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: `${username} group`, permissions } })).body.data.id] : undefined;
    ids[username] = (await system.api.post<{ id: number }>('/users', { key: admin, body: { username, password: `${username}-password`, ...(groupIds ? { group_ids: groupIds } : {}) } })).body.data.id;
    return (await system.api.login(username, `${username}-password`)).key;
  };
  const create = (body: Record<string, unknown>, key = admin) => system.api.post<Playlist>('/playlists', { key, body });
  const get = (id: number, key = admin, query: Record<string, string> = {}) => system.api.get<Playlist>(`/playlists/${id}`, { key, query });
  const search = (query: Record<string, unknown>, key = admin) => system.api.get<{ num_results: number; playlists: Playlist[] }>(`/playlists?${qs.stringify(query)}`, { key });
  const resolve = (input: Partial<Parameters<typeof callOperation<typeof playlistResolution.resolvePlaylist>>[2]> & { playlist_id: number }) =>
    callOperation(system.infrastructure[0]!.bus, playlistResolution.resolvePlaylist, { seed: 'fm:2026-12-01T08:00Z', support: { audio: true, video: true, images: true }, station_ids: [], station_id_image_duration: 10, excluded_by: [], ...input }) as Promise<PlaylistResolution>;

  beforeAll(async () => {
    system = await startTestSystem(mode);
    await system.infrastructure[0]!.bus.subscribe('media.playlist.>', (event) => void events.push(event.data as Frame), { durable: 'playlists-test', deliverFrom: 'all' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    media.song = await makeMediaItem(system.api, system.url, admin, wav(3), 'Morning song', { artist: 'Band' });
    media.short = await makeMediaItem(system.api, system.url, admin, wav(2), 'Short ident');
    media.card = await makeMediaItem(system.api, system.url, admin, pngImage(16, 16), 'Card');
    media.unapproved = await makeMediaItem(system.api, system.url, admin, wav(1), 'Unapproved', { is_approved: false });
    media.archived = await makeMediaItem(system.api, system.url, admin, wav(1), 'Archived');
    media.privateOfAdmin = await makeMediaItem(system.api, system.url, admin, wav(1), 'Private', { status: 'private' });
    await system.api.post('/media/archive', { key: admin, body: { id: [media.archived] } });
    for (const [n, seconds] of [1, 2, 3, 4, 5].entries()) media.jazz.push(await makeMediaItem(system.api, system.url, admin, wav(seconds), `Jazz ${n}`, { genre: 'Jazz' }));
    keys.reader = await user('reader', []);
    keys.own = await user('own', ['create_own_playlists']);
    keys.own2 = await user('own2', ['create_own_playlists']);
    keys.advanced = await user('advanced', ['create_own_playlists', 'playlists_advanced_permissions']);
    keys.manager = await user('manager', ['manage_playlists']);
    keys.dj = await user('dj', ['manage_timeslots', 'create_own_playlists']);
  });
  afterAll(async () => {
    await system?.stop();
  });

  describe('saving', () => {
    it('creates a playlist with every kind of item and answers it with durations and the estimate', async () => {
      const created = await create({
        name: 'Breakfast',
        description: 'Weekday mornings',
        status: 'public',
        type: 'standard',
        items: [
          { type: 'media', media_id: media.song, crossfade: 1 },
          { type: 'media', media_id: media.card, image_duration: 8 },
          { type: 'dynamic', name: 'Some jazz', query: { mode: 'advanced', filters: [{ filter: 'genre', op: 'is', val: 'jazz' }] }, num_items: 2, image_duration: 10 },
          { type: 'station_id' },
          { type: 'breakpoint' },
        ],
      });
      expect(created.status, created.text).toBe(200);
      const playlist = created.body.data;
      expect(playlist).toMatchObject({ name: 'Breakfast', description: 'Weekday mornings', status: 'public', type: 'standard', owner_id: 1, can_edit: true, permitted_users: [] });
      expect(playlist.items).toEqual([
        { type: 'media', media_id: media.song, id: media.song, properties: { crossfade: 1 }, media_type: 'audio', title: 'Morning song', artist: 'Band', duration: 3, crossfade: 1, image_duration: 15 },
        { type: 'media', media_id: media.card, id: media.card, properties: { crossfade: 0, duration: 8 }, media_type: 'image', title: 'Card', artist: '', duration: 8, crossfade: 0, image_duration: 8 },
        { type: 'dynamic', name: 'Some jazz', query: { mode: 'advanced', filters: [{ filter: 'genre', op: 'eq', val: 'jazz' }] }, saved_search_id: null, num_items: 2, image_duration: 10, crossfade: 0, matches: 5, duration: 6 },
        { type: 'station_id' },
        { type: 'breakpoint' },
      ]);
      expect(playlist.duration).toBe(17);
      expect((await get(playlist.id)).body.data).toEqual(playlist);
      ids.breakfast = playlist.id;
    });

    it('edits: the items sent replace the old ones, created stays, updated moves; an unknown id is a 404', async () => {
      const id = (await create({ name: 'Edit me', items: [{ type: 'media', media_id: media.song }] })).body.data;
      const edited = await system.api.put<Playlist>(`/playlists/${id.id}`, { key: admin, body: { name: 'Edited', status: 'visible', type: 'advanced', items: [{ type: 'breakpoint' }, { type: 'media', media_id: media.short }] } });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.data).toMatchObject({ name: 'Edited', status: 'visible', type: 'advanced', created: id.created, items: [{ type: 'breakpoint' }, { type: 'media', media_id: media.short, duration: 2 }] });
      expect(Date.parse(edited.body.data.updated)).toBeGreaterThanOrEqual(Date.parse(id.updated));
      expect((await system.api.put(`/playlists/987654`, { key: admin, body: { name: 'Nobody' } })).status).toBe(404);
      // OB's clients create with id 0.
      const zero = await system.api.put<Playlist>('/playlists/0', { key: admin, body: { name: 'Made by PUT 0' } });
      expect(zero.status, zero.text).toBe(200);
      expect(zero.body.data).toMatchObject({ name: 'Made by PUT 0', status: 'private', type: 'standard', items: [] });
    });

    it('refuses bad fields and items with a 400 naming them, and saves nothing', async () => {
      const before = (await search({ l: 500 })).body.data.num_results;
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '' }, 'name'],
        [{ status: 'secret' }, 'status'],
        [{ type: 'live' }, 'must be standard, advanced or live_assist'],
        [{ items: [{ type: 'voicetrack' }] }, 'items.0'],
        [{ items: [{ type: 'media', media_id: 987_654 }] }, `items.0.media_id: media item 987654 does not exist`],
        [{ items: [{ type: 'media', media_id: media.song }, { type: 'media', media_id: media.unapproved }] }, 'items.1.media_id: media item'],
        [{ items: [{ type: 'media', media_id: media.archived }] }, 'is archived'],
        [{ items: [{ type: 'media', media_id: media.song, crossfade: -1 }] }, 'items.0.crossfade'],
        [{ items: [{ type: 'dynamic', num_items: 2 }] }, 'items.0.query'],
        [{ items: [{ type: 'dynamic', query: { mode: 'advanced', filters: [{ filter: 'genre', op: 'gt', val: 'x' }] } }] }, 'items.0.query'],
        [{ items: [{ type: 'dynamic', query: { mode: 'advanced', filters: [{ filter: 'mood', op: 'is', val: 'x' }] } }] }, 'filter'],
        [{ items: [{ type: 'dynamic', saved_search_id: 987_654 }] }, 'items.0.saved_search_id'],
      ];
      for (const [fields, expected] of cases) {
        const reply = await create({ name: 'Bad', ...fields });
        expect(reply.status, `${expected}: ${reply.text}`).toBe(400);
        expect(reply.body.msg).toContain(expected);
      }
      // A private item of someone else: not even its existence is told.
      const hidden = await create({ name: 'Hidden', items: [{ type: 'media', media_id: media.privateOfAdmin }] }, keys.own);
      expect(hidden.status).toBe(400);
      expect(hidden.body.msg).toContain(`media item ${media.privateOfAdmin} does not exist`);
      // Its owner may use it in their own playlist, a manager not in another's.
      expect((await create({ name: 'Admin private', items: [{ type: 'media', media_id: media.privateOfAdmin }] })).status).toBe(200);
      expect((await search({ l: 500 })).body.data.num_results).toBe(before + 1);
    });
  });

  describe('permissions', () => {
    it('lets create_own_playlists make and edit its own, manage_playlists any, others nothing', async () => {
      expect((await create({ name: 'Nope' }, keys.reader)).status).toBe(403);
      const mine = await create({ name: 'Mine', status: 'visible' }, keys.own);
      expect(mine.status, mine.text).toBe(200);
      expect(mine.body.data).toMatchObject({ owner_id: ids.own, can_edit: true });
      const id = mine.body.data.id;
      expect((await get(id, keys.own2)).body.data.can_edit).toBe(false);
      expect((await system.api.put(`/playlists/${id}`, { key: keys.own2, body: { name: 'Taken' } })).status).toBe(403);
      expect((await system.api.delete(`/playlists/${id}`, { key: keys.own2 })).status).toBe(403);
      expect((await system.api.put(`/playlists/${id}`, { key: keys.manager, body: { name: 'Managed', status: 'visible' } })).status).toBe(200);
      expect((await get(id, keys.own)).body.data).toMatchObject({ name: 'Managed', owner_id: ids.own });
    });

    it('hides a private playlist from all but its owner, the users and groups it names and managers', async () => {
      const secret = (await create({ name: 'Secret', status: 'private' }, keys.own)).body.data.id;
      expect((await get(secret, keys.own2)).status).toBe(404);
      expect((await get(secret, keys.reader)).status).toBe(404);
      expect((await get(secret, keys.manager)).status).toBe(200);
      expect((await search({ q: 'Secret' }, keys.own2)).body.data.num_results).toBe(0);
      // Naming users needs playlists_advanced_permissions; with it, the named user may see and edit it.
      const naming = await system.api.put(`/playlists/${secret}`, { key: keys.own, body: { name: 'Secret', permitted_users: [ids.own2!] } });
      expect(naming.status, naming.text).toBe(403);
      const shared = await create({ name: 'Shared secret', status: 'private', permitted_users: [ids.own2!] }, keys.advanced);
      expect(shared.status, shared.text).toBe(200);
      expect(shared.body.data.permitted_users).toEqual([ids.own2]);
      expect((await get(shared.body.data.id, keys.own2)).body.data.can_edit).toBe(true);
      expect((await get(shared.body.data.id, keys.reader)).status).toBe(404);
      // The advanced user edits without naming anyone again: what it has stays.
      expect((await system.api.put<Playlist>(`/playlists/${shared.body.data.id}`, { key: keys.own2, body: { name: 'Shared secret 2', status: 'private' } })).body.data.permitted_users).toEqual([ids.own2]);
    });
  });

  describe('search', () => {
    it("finds by words in the name or description, orders, pages, and limits to one's own with my", async () => {
      for (const name of ['Alpha night', 'Beta night', 'Gamma night']) await create({ name, description: 'Late shows', status: 'public' }, keys.own2);
      const words = await search({ q: 'NIGHT late', sort_by: 'name', sort_dir: 'asc' }, keys.reader);
      expect(words.status, words.text).toBe(200);
      expect(words.body.data.num_results).toBe(3);
      expect(words.body.data.playlists.map((p) => p.name)).toEqual(['Alpha night', 'Beta night', 'Gamma night']);
      expect(words.body.data.playlists[0]).not.toHaveProperty('items');
      const page = await search({ q: 'night', sort_by: 'name', sort_dir: 'desc', l: 1, o: 1 }, keys.reader);
      expect(page.body.data).toMatchObject({ num_results: 3, playlists: [{ name: 'Beta night', can_edit: false }] });
      const mine = (await search({ my: 1, l: 500 }, keys.own2)).body.data.playlists;
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.every((p) => p.owner_id === ids.own2)).toBe(true);
      const latest = (await search({ l: 2 }, keys.manager)).body.data.playlists;
      expect(Date.parse(latest[0]!.updated)).toBeGreaterThanOrEqual(Date.parse(latest[1]!.updated));
      expect((await search({ sort_by: 'owner' })).status).toBe(400);
      expect((await search({ query: 'night' })).status).toBe(400);
    });
  });

  describe('validate', () => {
    it("estimates a dynamic item: how many items it finds and how long they last", async () => {
      const estimate = (query: Record<string, unknown>) => system.api.get<{ matches: number; num_items: number; duration: number }>(`/playlists/validate?${qs.stringify(query)}`, { key: keys.own });
      const jazz = { mode: 'advanced', filters: [{ filter: 'genre', op: 'is', val: 'jazz' }] };
      expect((await estimate({ search_query: jazz, num_items: 2 })).body.data).toEqual({ matches: 5, num_items: 2, duration: 6 });
      expect((await estimate({ search_query: jazz, num_items_all: 1 })).body.data).toEqual({ matches: 5, num_items: 5, duration: 15 });
      expect((await estimate({ search_query: jazz, num_items: 50 })).body.data).toEqual({ matches: 5, num_items: 5, duration: 15 });
      expect((await estimate({ search_query: JSON.stringify({ mode: 'simple', string: 'card' }), num_items: 1, image_duration: 9 })).body.data).toEqual({ matches: 1, num_items: 1, duration: 9 });
      expect((await estimate({ search_query: jazz })).status).toBe(400);
      expect((await estimate({ num_items: 2 })).status).toBe(400);
      expect((await estimate({ search_query: { mode: 'advanced', filters: [{ filter: 'genre', op: 'gt', val: 'x' }] }, num_items: 2 })).status).toBe(400);
    });
  });

  describe('in the schedule', () => {
    let player: number;
    beforeAll(async () => {
      player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'FM', timezone: 'Europe/London' } })).body.data.id;
    });
    const show = (itemId: number, key: string, start: string) =>
      system.api.post<{ id: number }>('/shows', { key, body: { player_id: player, mode: 'once', start, duration: 3600, item_type: 'playlist', item_id: itemId } });

    it('refuses a show naming a missing playlist or one its user may not use', async () => {
      const missing = await show(987_654, admin, '2026-12-01T08:00:00Z');
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('Invalid input: item_id: playlist 987654 does not exist');
      const secret = (await create({ name: 'Not for the DJ', status: 'private' }, keys.own)).body.data.id;
      const refused = await show(secret, keys.dj, '2026-12-01T08:00:00Z');
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain(`item_id: playlist ${secret} is private`);
      expect((await show(ids.breakfast!, keys.dj, '2026-12-01T08:00:00Z')).status).toBe(200);
    });

    it("refuses a player's default playlist that does not exist", async () => {
      const bad = await system.api.put(`/players/${player}`, { key: admin, body: { name: 'FM', timezone: 'Europe/London', default_playlist_id: 987_654 } });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toContain('default_playlist_id: playlist 987654 does not exist');
      const good = await system.api.put(`/players/${player}`, { key: admin, body: { name: 'FM', timezone: 'Europe/London', default_playlist_id: ids.breakfast } });
      expect(good.status, good.text).toBe(200);
    });

    it('answers where a playlist is used, and refuses to delete it until nothing uses it', async () => {
      const used = (await get(ids.breakfast!, admin, { where_used: '1' })).body.data.where_used!;
      expect(used.can_delete).toBe(false);
      expect(used.used).toEqual([
        { where: 'show', id: expect.any(Number), player_id: player, name: 'FM', user_id: ids.dj },
        { where: 'default_playlist', id: player, player_id: player, name: 'FM', user_id: null },
      ]);
      const refused = await system.api.delete(`/playlists/${ids.breakfast}`, { key: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toContain(`show ${used.used[0]!.id as number} of FM`);
      expect(refused.body.msg).toContain('the default playlist of FM');
      expect((await get(ids.breakfast!)).status).toBe(200);
      // Free it, then it goes.
      expect((await system.api.delete(`/shows/${used.used[0]!.id as number}`, { key: admin })).status).toBe(200);
      expect((await system.api.put(`/players/${player}`, { key: admin, body: { name: 'FM', timezone: 'Europe/London', default_playlist_id: null } })).status).toBe(200);
      expect((await get(ids.breakfast!, admin, { where_used: '1' })).body.data.where_used).toEqual({ used: [], can_delete: true });
      const copy = (await get(ids.breakfast!)).body.data;
      expect((await system.api.delete(`/playlists/${ids.breakfast}`, { key: admin })).status).toBe(200);
      expect((await get(ids.breakfast!)).status).toBe(404);
      expect((await system.api.delete(`/playlists/${ids.breakfast}`, { key: admin })).status).toBe(404);
      // Its events: saved as the API answered it, deleted with its last state.
      const deadline = Date.now() + limit(5000);
      while (!events.some((e) => e.type === 'media.playlist.deleted') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const { can_edit: _canEdit, ...state } = copy;
      expect(events.find((e) => e.type === 'media.playlist.saved' && e.payload.id === copy.id)?.payload).toMatchObject({ ...state, updated: expect.any(String) });
      expect(events.find((e) => e.type === 'media.playlist.deleted')?.payload).toEqual(state);
    });
  });

  describe('resolution (media.internal.resolve-playlist)', () => {
    let id: number;
    beforeAll(async () => {
      id = (
        await create({
          name: 'On air',
          status: 'public',
          items: [
            { type: 'media', media_id: media.song, crossfade: 1 },
            { type: 'dynamic', query: { mode: 'advanced', filters: [{ filter: 'genre', op: 'is', val: 'jazz' }] }, num_items: 3, crossfade: 0.5 },
            { type: 'station_id' },
            { type: 'media', media_id: media.card, image_duration: 6 },
            { type: 'dynamic', query: { mode: 'advanced', filters: [{ filter: 'genre', op: 'is', val: 'jazz' }] } },
          ],
        })
      ).body.data.id;
    });

    it('airs the items in order with cumulative offsets, no dynamic pick twice, one station ID by the seed', async () => {
      const resolution = await resolve({ playlist_id: id, station_ids: [media.short, media.card] });
      expect(resolution).toMatchObject({ found: true, playlist: { id, name: 'On air', type: 'standard' } });
      const sources = resolution.items.map((i) => i.source);
      expect(sources).toEqual(['media', 'dynamic', 'dynamic', 'dynamic', 'station_id', 'media', 'dynamic', 'dynamic']);
      const picks = resolution.items.filter((i) => i.source === 'dynamic').map((i) => i.media_id);
      expect(new Set(picks)).toEqual(new Set(media.jazz));
      expect(resolution.items[0]).toMatchObject({ media_id: media.song, offset: 0, duration: 3, crossfade: 1 });
      expect(resolution.items[1]!.offset).toBe(2);
      for (const [n, item] of resolution.items.entries()) {
        if (n > 0) expect(item.offset).toBe(resolution.items[n - 1]!.offset + resolution.items[n - 1]!.duration - resolution.items[n - 1]!.crossfade);
      }
      expect(resolution.items[5]).toMatchObject({ media_id: media.card, type: 'image', duration: 6 });
      expect([media.short, media.card]).toContain(resolution.items[4]!.media_id);
      const last = resolution.items.at(-1)!;
      expect(resolution.duration).toBe(last.offset + last.duration);
      // The same seed, the same answer; a missing playlist is not found.
      expect(await resolve({ playlist_id: id, station_ids: [media.short, media.card] })).toEqual(resolution);
      expect(await resolve({ playlist_id: 987_654 })).toEqual({ found: false, playlist: null, items: [], duration: 0 });
    });

    it("honours the player's support, dayparting exclusions and max_duration", async () => {
      const audioOnly = await resolve({ playlist_id: id, support: { audio: true, video: false, images: false }, station_ids: [media.card] });
      expect(audioOnly.items.every((i) => i.type === 'audio')).toBe(true);
      expect(audioOnly.items.some((i) => i.source === 'station_id')).toBe(false);
      const excluded = await resolve({ playlist_id: id, excluded_by: [[{ filter: 'title', op: 'is', val: 'Jazz 0' }], [{ filter: 'duration', op: 'gte', val: 4 }]] });
      const picked = excluded.items.filter((i) => i.source === 'dynamic').map((i) => i.media_id);
      expect(picked.sort()).toEqual([media.jazz[1], media.jazz[2]].sort());
      // Stops after the item that reaches max_duration, which is kept whole and fades into nothing.
      const short = await resolve({ playlist_id: id, max_duration: 4 });
      expect(short.items.length).toBeLessThan((await resolve({ playlist_id: id })).items.length);
      for (const item of short.items.slice(0, -1)) expect(item.offset + item.duration).toBeLessThan(4);
      const last = short.items.at(-1)!;
      expect(last.offset + last.duration).toBeGreaterThanOrEqual(4);
      expect(last.crossfade).toBe(0);
      expect(short.duration).toBe(last.offset + last.duration);
    });
  });
});
