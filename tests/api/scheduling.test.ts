// Scheduling through the gateway: players, timeslots, shows, collisions (and a race), permissions,
// last player, dayparting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize, pngImage, wav } from '../src/files';
import { startBlackBoxSystem, areaModes, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD } from '../src/harness';

/** A row of GET /timeslots or /shows: one occurrence, in OpenBroadcaster's shape. */
type Occ = { id: number; start: string; end: string; duration: number; exp_start: string; exp_end: string; recurring_start: string; recurring_stop: string | null; mode?: string };

describe.each(areaModes)('scheduling (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let dj: { id: number; key: string };
  let scheduler: string;
  let player: number;
  let otherPlayer: number;
  // Real media items, made through the media library: approved, unapproved, archived, explicit.
  const item = { approved: 0, unapproved: 0, archived: 0, explicit: 0 };
  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const djUser = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'dj', password: 'dj-password-1' } });
    dj = { id: djUser.body.data.id, key: (await system.api.login('dj', 'dj-password-1')).key };
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'FM', timezone: 'Europe/London' } })).body.data.id;
    otherPlayer = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Web', timezone: 'America/New_York' } })).body.data.id;
    const group = await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'FM schedulers', permissions: [`manage_timeslots:${player}`] } });
    await system.api.post('/users', { key: admin, body: { username: 'fmsched', password: 'fmsched-pass', group_ids: [group.body.data.id] } });
    scheduler = (await system.api.login('fmsched', 'fmsched-pass')).key;
    const make = async (title: string, extra: Record<string, unknown> = {}) => {
      const file = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: wav(1) });
      const { file_id, file_key } = ((await file.json()) as { data: { file_id: string; file_key: string } }).data;
      const saved = await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id, file_key, title, ...extra }] } });
      return saved.body.data[0]!.id;
    };
    item.approved = await make('Morning jingle');
    item.unapproved = await make('Unapproved', { is_approved: false });
    item.archived = await make('Old');
    await system.api.post('/media/archive', { key: admin, body: { id: [item.archived] } });
    item.explicit = await make('Explicit song');
  });
  afterAll(async () => {
    await system?.stop();
  });

  describe('players', () => {
    it('validates the time zone, needs manage_players, and lists players', async () => {
      expect((await system.api.post('/players', { key: admin, body: { name: 'Bad', timezone: 'Mars/Olympus' } })).status).toBe(400);
      expect((await system.api.post('/players', { key: dj.key, body: { name: 'Mine', timezone: 'UTC' } })).status).toBe(403);
      const saved = await system.api.put<{ name: string }>(`/players/${otherPlayer}`, { key: admin, body: { name: 'Web stream', timezone: 'America/New_York' } });
      expect(saved.body.data.name).toBe('Web stream');
      const list = await system.api.get<{ id: number; timezone: string }[]>('/players', { key: dj.key });
      expect(list.body.data.map((p) => p.timezone)).toEqual(['Europe/London', 'America/New_York']);
      expect((await system.api.get('/players/999', { key: admin })).status).toBe(404);
    });

    // docs/decisions/scheduling.md: PUT with an unknown id creates that player. Its id sequence
    // lives in the service's own schema (issue 18: raw SQL named the table without it, a 500).
    it('creates a player under the id a PUT chooses, and later creations draw other ids', async () => {
      const chosen = 424_242;
      expect((await system.api.get(`/players/${chosen}`, { key: admin })).status).toBe(404);
      const created = await system.api.put<{ id: number }>(`/players/${chosen}`, { key: admin, body: { name: 'P', timezone: 'UTC' } });
      expect(created.status, created.text).toBe(200);
      expect(created.body).toMatchObject({ status: true, msg: 'Player saved.', data: { id: chosen, name: 'P', description: '', timezone: 'UTC' } });
      expect((await system.api.get(`/players/${chosen}`, { key: admin })).body.data).toMatchObject({ id: chosen, name: 'P' });
      const next = await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Q', timezone: 'UTC' } });
      expect(next.status, next.text).toBe(200);
      expect(next.body.data.id).toBeGreaterThan(chosen);
      // The next id the sequence would draw, chosen while plain creations race for it: every request
      // is answered (a creation that drew it first is then edited by the PUT), no id is drawn twice.
      const contested = next.body.data.id + 1;
      const [claimed, ...racing] = await Promise.all([
        system.api.put<{ id: number }>(`/players/${contested}`, { key: admin, body: { name: 'R', timezone: 'UTC' } }),
        ...Array.from({ length: 4 }, (_, i) => system.api.post<{ id: number }>('/players', { key: admin, body: { name: `S${i}`, timezone: 'UTC' } })),
      ]);
      for (const reply of [claimed!, ...racing]) expect(reply.status, reply.text).toBe(200);
      expect(claimed!.body.data.id).toBe(contested);
      const drawn = racing.map((reply) => reply.body.data.id);
      expect(new Set(drawn).size).toBe(drawn.length);
      const ids = [...new Set([chosen, next.body.data.id, contested, ...drawn])];
      // Saving it again edits it; then the players go, so the suite's lists stay as they were.
      const edited = await system.api.put<{ name: string }>(`/players/${chosen}`, { key: admin, body: { name: 'P2', timezone: 'UTC' } });
      expect(edited.body.data.name).toBe('P2');
      for (const id of ids) expect((await system.api.delete(`/players/${id}`, { key: admin })).status).toBe(200);
    });
  });

  describe('timeslots', () => {
    let morning: number;

    it('creates a weekday morning slot and expands it at 08:00 local across the DST change', async () => {
      const created = await system.api.post<{ id: number; start: string }>('/timeslots', {
        key: admin,
        body: { user_id: dj.id, player_id: player, mode: 'daily', start: '2026-03-27T08:00:00+00:00', duration: 7200, stop: '2026-04-30T00:00:00+01:00', description: 'Breakfast' },
      });
      expect(created.status, created.text).toBe(200);
      morning = created.body.data.id;
      const window = await system.api.get<Occ[]>('/timeslots', { key: admin, query: { start: '2026-03-28T00:00:00Z', end: '2026-03-31T00:00:00Z', player } });
      // Each row's start is that occurrence's own (OpenBroadcaster's get_timeslots), the series'
      // bounds are recurring_start and recurring_stop.
      expect(window.body.data.map((o) => o.start)).toEqual(['2026-03-28T08:00:00+00:00', '2026-03-29T08:00:00+01:00', '2026-03-30T08:00:00+01:00']);
      expect(window.body.data.map((o) => o.exp_start)).toEqual(['2026-03-28 08:00:00', '2026-03-29 08:00:00', '2026-03-30 08:00:00']);
      for (const o of window.body.data) {
        expect(o).toMatchObject({ id: morning, duration: 7200, mode: 'daily', recurring_start: '2026-03-27T08:00:00+00:00', recurring_stop: '2026-04-30T00:00:00+01:00' });
      }
      // Unix seconds work too.
      const unix = await system.api.get<Occ[]>('/timeslots', { key: admin, query: { start: Date.parse('2026-03-28T00:00:00Z') / 1000, end: Date.parse('2026-03-29T00:00:00Z') / 1000, player } });
      expect(unix.body.data).toHaveLength(1);
    });

    it('refuses an overlapping timeslot with 409 naming the conflict, and allows a touching one', async () => {
      const clash = await system.api.post('/timeslots', {
        key: admin,
        body: { user_id: dj.id, player_id: player, mode: 'weekly', start: '2026-04-06T09:30:00+01:00', duration: 3600, stop: '2026-06-01T00:00:00+01:00' },
      });
      expect(clash.status).toBe(409);
      expect(clash.body.data).toMatchObject({ code: 'conflict', details: { conflict: { id: morning, start: '2026-04-06T08:00:00+01:00' } } });
      const touching = await system.api.post('/timeslots', {
        key: admin,
        body: { user_id: dj.id, player_id: player, mode: 'once', start: '2026-04-06T10:00:00+01:00', duration: 3600 },
      });
      expect(touching.status, touching.text).toBe(200);
      // The same times on another player are fine.
      const elsewhere = await system.api.post('/timeslots', {
        key: admin,
        body: { user_id: dj.id, player_id: otherPlayer, mode: 'once', start: '2026-04-06T09:30:00+01:00', duration: 3600 },
      });
      expect(elsewhere.status).toBe(200);
    });

    it('lets exactly one of two racing colliding saves win', async () => {
      const body = (minute: number) => ({ user_id: dj.id, player_id: player, mode: 'once', start: `2026-05-10T20:${minute}:00+01:00`, duration: 3600 });
      const results = await Promise.all([10, 20, 30, 40].map((m) => system.api.post('/timeslots', { key: admin, body: body(m) })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    });

    it('validates modes, x_data, stop and duration', async () => {
      const base = { user_id: dj.id, player_id: player, start: '2027-01-01T00:00:00Z', duration: 600 };
      const cases = [
        { ...base, mode: 'hourly', stop: '2027-02-01T00:00:00Z' },
        { ...base, mode: 'xdays', stop: '2027-02-01T00:00:00Z' },
        { ...base, mode: 'daily', x_data: 2, stop: '2027-02-01T00:00:00Z' },
        { ...base, mode: 'daily' },
        { ...base, mode: 'once', stop: '2027-02-01T00:00:00Z' },
        { ...base, mode: 'daily', duration: 90000, stop: '2027-02-01T00:00:00Z' },
        { ...base, mode: 'daily', stop: '2026-12-01T00:00:00Z' },
        // A local time is read in the player's zone (scheduling-times.test.ts), but it must be a real one.
        { ...base, mode: 'once', start: '2027-01-01 24:00' },
        { ...base, mode: 'once', duration: -5 },
        { ...base, mode: 'once', player_id: 9999 },
      ];
      for (const body of cases) {
        const response = await system.api.post('/timeslots', { key: admin, body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.status).toBe(false);
      }
      const span = await system.api.get('/timeslots', { key: admin, query: { start: '2026-01-01T00:00:00Z', end: '2028-01-01T00:00:00Z' } });
      expect(span.status).toBe(400);
    });

    it('applies manage_timeslots, per player, and lets a user read only their own without it', async () => {
      const body = { user_id: dj.id, player_id: player, mode: 'once', start: '2026-06-01T12:00:00+01:00', duration: 600 };
      expect((await system.api.post('/timeslots', { key: dj.key, body })).status).toBe(403);
      const own = await system.api.get<Occ[]>('/timeslots', { key: dj.key, query: { start: '2026-03-28T00:00:00Z', end: '2026-03-29T00:00:00Z', user_id: dj.id } });
      expect(own.status).toBe(200);
      expect(own.body.data).toHaveLength(1);
      expect((await system.api.get('/timeslots', { key: dj.key, query: { start: '2026-03-28T00:00:00Z', end: '2026-03-29T00:00:00Z', player } })).status).toBe(403);
      // Granted for one player only:
      expect((await system.api.post('/timeslots', { key: scheduler, body })).status).toBe(200);
      expect((await system.api.post('/timeslots', { key: scheduler, body: { ...body, player_id: otherPlayer } })).status).toBe(403);
      expect((await system.api.delete(`/timeslots/${morning}`, { key: dj.key })).status).toBe(403);
      expect((await system.api.get(`/timeslots/${morning}`, { key: dj.key })).status).toBe(200);
    });

    it('edits with PUT and refuses to delete a player that has entries', async () => {
      const edited = await system.api.put<{ description: string }>(`/timeslots/${morning}`, {
        key: admin,
        body: { user_id: dj.id, player_id: player, mode: 'daily', start: '2026-03-27T08:00:00+00:00', duration: 7200, stop: '2026-04-30T00:00:00+01:00', description: 'Breakfast show' },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.data.description).toBe('Breakfast show');
      const refused = await system.api.delete(`/players/${player}`, { key: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toMatch(/timeslot/);
    });
  });

  describe('shows', () => {
    it('lets the DJ schedule approved media inside their own timeslot only', async () => {
      const inside = await system.api.post<{ id: number; user_id: number }>('/shows', {
        key: dj.key,
        body: { player_id: player, mode: 'once', start: '2026-04-02T08:30:00+01:00', duration: 1800, item_type: 'media', item_id: item.approved },
      });
      expect(inside.status, inside.text).toBe(200);
      expect(inside.body.data.user_id).toBe(dj.id);
      const outside = await system.api.post('/shows', {
        key: dj.key,
        body: { player_id: player, mode: 'once', start: '2026-04-02T11:30:00+01:00', duration: 1800, item_type: 'media', item_id: item.approved },
      });
      expect(outside.status).toBe(403);
      for (const item_id of [item.unapproved, item.archived, 999_999]) {
        const bad = await system.api.post('/shows', {
          key: admin,
          body: { player_id: player, mode: 'once', start: '2026-04-03T15:00:00+01:00', duration: 600, item_type: 'media', item_id },
        });
        expect(bad.status, `item ${item_id}`).toBe(400);
      }
      const clash = await system.api.post('/shows', {
        key: admin,
        body: { player_id: player, mode: 'once', start: '2026-04-02T08:45:00+01:00', duration: 600, item_type: 'media', item_id: item.approved },
      });
      expect(clash.status).toBe(409);
      const window = await system.api.get<Occ[]>('/shows', { key: dj.key, query: { start: '2026-04-02T00:00:00Z', end: '2026-04-03T00:00:00Z', player } });
      expect(window.body.data.map((o) => [o.id, o.start, o.end, o.duration])).toEqual([[inside.body.data.id, '2026-04-02T08:30:00+01:00', '2026-04-02T09:00:00+01:00', 1800]]);
      // A one-time entry has no mode, as in OpenBroadcaster, and its recurring_start is its start.
      expect(window.body.data[0]).not.toHaveProperty('mode');
      expect(window.body.data[0]).toMatchObject({ recurring_start: '2026-04-02T08:30:00+01:00', recurring_stop: null, exp_end: '2026-04-02 09:00:00' });
      // Another user may not delete it; its owner may.
      const other = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'other-dj', password: 'other-dj-pass' } });
      void other;
      const otherKey = (await system.api.login('other-dj', 'other-dj-pass')).key;
      expect((await system.api.delete(`/shows/${inside.body.data.id}`, { key: otherKey })).status).toBe(403);
      expect((await system.api.delete(`/shows/${inside.body.data.id}`, { key: dj.key })).status).toBe(200);
    });

    it('flags shows whose media is archived', async () => {
      const show = await system.api.post<{ id: number }>('/shows', {
        key: admin,
        body: { player_id: otherPlayer, mode: 'weekly', start: '2026-04-04T18:00:00-04:00', duration: 600, stop: '2026-06-01T00:00:00-04:00', item_type: 'media', item_id: item.explicit },
      });
      expect(show.status, show.text).toBe(200);
      expect((await system.api.post('/media/archive', { key: admin, body: { id: [item.explicit] } })).status).toBe(200);
      let flagged: string | null = null;
      for (let i = 0; i < 50 && !flagged; i += 1) {
        flagged = (await system.api.get<{ flagged: string | null }>(`/shows/${show.body.data.id}`, { key: admin })).body.data.flagged;
        if (!flagged) await new Promise((r) => setTimeout(r, 100));
      }
      expect(flagged).toBe('media archived');
    });
    it('serves the thumbnail of a show\'s media, none for a playlist, and flags a show whose media is deleted', async () => {
      const file = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: pngImage(600, 300) });
      const { file_id, file_key } = ((await file.json()) as { data: { file_id: string; file_key: string } }).data;
      const saved = await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id, file_key, title: 'Station ident card' }] } });
      const imageItem = saved.body.data[0]!.id;
      const show = await system.api.post<{ id: number }>('/shows', {
        key: admin,
        body: { player_id: otherPlayer, mode: 'once', start: '2026-05-01T12:00:00-04:00', duration: 60, item_type: 'media', item_id: imageItem },
      });
      expect(show.status, show.text).toBe(200);
      const thumbnail = await fetch(`${system.url}/api/v2/shows/${show.body.data.id}/thumbnail`, { headers: { authorization: `Bearer ${dj.key}` } });
      expect(thumbnail.status).toBe(200);
      expect(imageSize(Buffer.from(await thumbnail.arrayBuffer()))).toEqual({ width: 320, height: 160 });
      const list = (await system.api.post<{ id: number }>('/playlists', { key: admin, body: { name: 'Afternoon', status: 'public' } })).body.data.id;
      const playlist = await system.api.post<{ id: number }>('/shows', {
        key: admin,
        body: { player_id: otherPlayer, mode: 'once', start: '2026-05-01T13:00:00-04:00', duration: 60, item_type: 'playlist', item_id: list },
      });
      expect((await system.api.get(`/shows/${playlist.body.data.id}/thumbnail`, { key: admin })).status).toBe(404);
      expect((await system.api.get('/shows/999999/thumbnail', { key: admin })).status).toBe(404);
      // Archived, then deleted: the show is flagged, not left pointing at nothing.
      await system.api.post('/media/archive', { key: admin, body: { id: [imageItem] } });
      expect((await system.api.delete('/media/archive', { key: admin, body: { id: [imageItem] } })).status).toBe(200);
      let flagged: string | null = null;
      for (let i = 0; i < 50 && flagged !== 'media deleted'; i += 1) {
        flagged = (await system.api.get<{ flagged: string | null }>(`/shows/${show.body.data.id}`, { key: admin })).body.data.flagged;
        if (flagged !== 'media deleted') await new Promise((r) => setTimeout(r, 100));
      }
      expect(flagged).toBe('media deleted');
    });

    it('bounds the window it expands', async () => {
      const tooLong = await system.api.get('/shows', { key: admin, query: { start: '2026-01-01T00:00:00Z', end: '2027-01-03T00:00:00Z', player } });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.msg).toMatch(/366 days/);
      const backwards = await system.api.get('/timeslots', { key: admin, query: { start: '2026-02-01T00:00:00Z', end: '2026-01-01T00:00:00Z', player } });
      expect(backwards.status).toBe(400);
    });
  });

  describe('last player', () => {
    it('remembers the player per page and per user', async () => {
      expect((await system.api.get('/timeslots/last-player', { key: dj.key })).body.data).toBeNull();
      await system.api.put('/timeslots/last-player', { key: dj.key, body: { player: otherPlayer } });
      await system.api.put('/shows/last-player', { key: dj.key, body: { player } });
      expect((await system.api.get('/timeslots/last-player', { key: dj.key })).body.data).toBe(otherPlayer);
      expect((await system.api.get('/shows/last-player', { key: dj.key })).body.data).toBe(player);
      expect((await system.api.get('/shows/last-player', { key: admin })).body.data).toBeNull();
      expect((await system.api.put('/shows/last-player', { key: dj.key, body: { player: 9999 } })).status).toBe(400);
    });
  });

  describe('dayparting', () => {
    it('needs manage_media_settings and validates dates', async () => {
      const body = { start_month: 12, start_day: 1, start_time: '22:00', end_month: 2, end_day: 28, end_time: '06:00', filters: [{ filter: 'title', op: 'contains', val: 'explicit' }] };
      expect((await system.api.put('/dayparting/0', { key: dj.key, body })).status).toBe(403);
      expect((await system.api.put('/dayparting/0', { key: admin, body: { ...body, end_day: 30 } })).status).toBe(400);
      expect((await system.api.put('/dayparting/0', { key: admin, body: { ...body, start_time: '25:00' } })).status).toBe(400);
      // A filter without a value (issue 35, point 8), or an unknown field, is refused in the envelope, naming it.
      for (const [filters, path] of [[[{ filter: 'genre', op: 'eq', val: '' }], 'filters.0.val'], [[body.filters[0], { filter: 'genre', op: 'eq', val: '   ' }], 'filters.1.val'], [[{ filter: 'mood', op: 'eq', val: 'x' }], 'filters.0.filter']] as const) {
        const refused = await system.api.put<{ code: string; details: { issues: { path: string }[] } }>('/dayparting/0', { key: admin, body: { ...body, filters } });
        expect(refused.status, refused.text).toBe(400);
        expect(refused.body.data).toMatchObject({ code: 'bad_request', details: { issues: [{ path }] } });
      }
      const saved = await system.api.put<{ id: number }>('/dayparting/0', { key: admin, body });
      expect(saved.status, saved.text).toBe(200);
      const all = await system.api.get<{ id: number }[]>('/dayparting/search', { key: admin });
      expect(all.body.data.map((r) => r.id)).toEqual([saved.body.data.id]);
    });

    it("saves a restriction sent in OpenBroadcaster's form field d, with i and k and no Authorization header", async () => {
      const session = await system.api.login('admin', ADMIN_PASSWORD);
      const data = { description: 'Form night', start_month: 6, start_day: 1, start_time: '22:00', end_month: 6, end_day: 30, end_time: '06:00', filters: [] };
      const form = new URLSearchParams({ i: String(session.id), k: session.key, d: JSON.stringify(data) });
      const reply = await fetch(`${system.url}/api/v2/dayparting/0`, { method: 'PUT', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      const body = (await reply.json()) as { data: { id: number } };
      expect(reply.status, JSON.stringify(body)).toBe(200);
      const saved = await system.api.get<{ description: string; end_day: number }>(`/dayparting/${body.data.id}`, { key: admin });
      expect(saved.body.data).toMatchObject({ description: 'Form night', end_day: 30 });
      expect((await system.api.delete(`/dayparting/${body.data.id}`, { key: admin })).status).toBe(200);
    });

    it('excludes matching media in a range that wraps the year and the day', async () => {
      const check = async (id: number, at: string) =>
        (await system.api.get<{ excluded: boolean }>('/dayparting/check', { key: admin, query: { media_id: id, at, player } })).body.data.excluded;
      const explicit = item.explicit;
      expect(await check(explicit, '2026-12-15T23:00:00Z')).toBe(true); // December night
      expect(await check(explicit, '2027-01-10T03:00:00Z')).toBe(true); // January, after midnight
      expect(await check(explicit, '2027-03-01T03:00:00Z')).toBe(true); // the night of 28 Feb, wrapping midnight
      expect(await check(explicit, '2027-03-02T03:00:00Z')).toBe(false); // past the end date
      expect(await check(explicit, '2027-01-10T12:00:00Z')).toBe(false); // daytime
      expect(await check(explicit, '2026-07-01T23:00:00Z')).toBe(false); // summer
      expect(await check(item.approved, '2026-12-15T23:00:00Z')).toBe(false); // not matching the filter
      expect((await system.api.get('/dayparting/check', { key: admin, query: { media_id: 999_999, at: '2026-12-15T23:00:00Z' } })).status).toBe(404);
    });

    it('deletes restrictions', async () => {
      const all = await system.api.get<{ id: number }[]>('/dayparting/search', { key: admin });
      expect((await system.api.delete(`/dayparting/${all.body.data[0]!.id}`, { key: admin })).status).toBe(200);
      expect((await system.api.get(`/dayparting/${all.body.data[0]!.id}`, { key: admin })).status).toBe(404);
    });
  });

  describe("OpenBroadcaster's words", () => {
    it('takes item_type "linein" for a live show', async () => {
      const station = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Live room', timezone: 'UTC' } })).body.data.id;
      const show = await system.api.post<{ id: number; item_type: string }>('/shows', {
        key: admin,
        body: { player_id: station, mode: 'once', start: '2027-05-01T20:00:00Z', duration: 3600, item_type: 'linein', item_id: 1 },
      });
      expect(show.status, show.text).toBe(200);
      expect(show.body.data.item_type).toBe('live');
      // The rows name what each show airs, as OpenBroadcaster's get_shows does.
      const media = await system.api.post<{ id: number }>('/shows', {
        key: admin,
        body: { player_id: station, mode: 'once', start: '2027-05-01T22:00:00Z', duration: 600, item_type: 'media', item_id: item.approved },
      });
      expect(media.status, media.text).toBe(200);
      const rows = await system.api.get<{ id: number; name: string | null }[]>('/shows', { key: admin, query: { start: '2027-05-01T00:00:00Z', end: '2027-05-02T00:00:00Z', player: station } });
      expect(rows.body.data.map((row) => [row.id, row.name])).toEqual([
        [show.body.data.id, 'Line-In'],
        [media.body.data.id, 'Morning jingle'],
      ]);
      expect((await system.api.post('/shows', { key: admin, body: { player_id: station, mode: 'once', start: '2027-05-02T20:00:00Z', duration: 60, item_type: 'radio', item_id: 1 } })).status).toBe(400);
    });

    it('takes a live show without an item (item_id 0 or absent), and says a media show needs a positive id', async () => {
      const station = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Studio B', timezone: 'UTC' } })).body.data.id;
      const at = (hour: number) => `2027-06-01T${String(hour).padStart(2, '0')}:00:00Z`;
      const zero = await system.api.post<{ item_id: number; item_type: string }>('/shows', { key: admin, body: { player_id: station, mode: 'once', start: at(8), duration: 600, item_type: 'live', item_id: 0 } });
      expect(zero.status, zero.text).toBe(200);
      expect(zero.body.data).toMatchObject({ item_type: 'live', item_id: 0 });
      const absent = await system.api.post<{ item_id: number }>('/shows', { key: admin, body: { player_id: station, mode: 'once', start: at(9), duration: 600, item_type: 'linein' } });
      expect(absent.status, absent.text).toBe(200);
      expect(absent.body.data.item_id).toBe(0);
      for (const item_id of [0, undefined, -3]) {
        const media = await system.api.post<{ details: { issues: { path: string; message: string }[] } }>('/shows', { key: admin, body: { player_id: station, mode: 'once', start: at(10), duration: 600, item_type: 'media', item_id } });
        expect(media.status, media.text).toBe(400);
        expect(media.body.msg).toMatch(/item_id: must be a positive id/);
      }
    });

    it("splits a live show and makes exceptions with the item_id it answers (0), and still says a media exception or split needs an item", async () => {
      const station = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Studio C', timezone: 'Europe/London' } })).body.data.id;
      const live = await system.api.post<{ id: number; item_id: number }>('/shows', { key: admin, body: { player_id: station, mode: 'weekly', start: '2027-06-06 10:00:00', duration: 3600, stop: '2027-07-04', item_type: 'live' } });
      expect(live.status, live.text).toBe(200);
      // What the console sends back: the show as answered, item_id 0 included.
      const exception = await system.api.post(`/shows/${live.body.data.id}/exceptions`, { key: admin, body: { original_start: '2027-06-13 10:00:00', start: '2027-06-13 11:00:00', item_type: 'live', item_id: 0 } });
      expect(exception.status, exception.text).toBe(200);
      const split = await system.api.post<{ after: { id: number; item_type: string; item_id: number } }>(`/shows/${live.body.data.id}/split`, { key: admin, body: { at: '2027-06-20 10:00:00', start: '2027-06-20 09:00:00', item_type: 'live', item_id: 0 } });
      expect(split.status, split.text).toBe(200);
      expect(split.body.data.after).toMatchObject({ item_type: 'live', item_id: 0 });
      for (const body of [
        { original_start: '2027-06-06 10:00:00', item_type: 'media', item_id: 0 },
        { original_start: '2027-06-06 10:00:00', item_type: 'playlist' },
      ]) {
        const refused = await system.api.post(`/shows/${live.body.data.id}/exceptions`, { key: admin, body });
        expect(refused.status, refused.text).toBe(400);
        expect(refused.body.msg).toMatch(/item_id: must be a positive id/);
      }
      const badSplit = await system.api.post(`/shows/${split.body.data.after.id}/split`, { key: admin, body: { at: '2027-06-27 09:00:00', item_type: 'media' } });
      expect(badSplit.status, badSplit.text).toBe(400);
      expect(badSplit.body.msg).toMatch(/item_id: must be a positive id/);
    });
  });

  describe('creating: POST on the collection, PUT without an id and PUT with id 0 all create', () => {
    type Form = (path: string, body: Record<string, unknown>) => ReturnType<BlackBoxSystem['api']['post']>;
    const forms: [string, Form][] = [
      ['POST /x', (path, body) => system.api.post<{ id: number }>(path, { key: admin, body })],
      ['PUT /x', (path, body) => system.api.put<{ id: number }>(path, { key: admin, body })],
      ['PUT /x/0', (path, body) => system.api.put<{ id: number }>(`${path}/0`, { key: admin, body })],
      // What OpenBroadcaster's clients send for a record not yet made: an id of 0 or "".
      ['PUT /x/0 with id ""', (path, body) => system.api.put<{ id: number }>(`${path}/0`, { key: admin, body: { ...body, id: '' } })],
      ['PUT /x with id 0', (path, body) => system.api.put<{ id: number }>(path, { key: admin, body: { ...body, id: 0 } })],
    ];

    it('creates players, timeslots, shows and dayparting restrictions in every form', async () => {
      const station = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Forms', timezone: 'UTC' } })).body.data.id;
      for (const [index, [form, send]] of forms.entries()) {
        const day = `2027-06-${String(10 + index).padStart(2, '0')}`;
        const made: Record<string, number> = {};
        const bodies: Record<string, Record<string, unknown>> = {
          '/players': { name: `Player ${form}`, timezone: 'Europe/Paris' },
          '/timeslots': { user_id: dj.id, player_id: station, mode: 'once', start: `${day}T10:00:00Z`, duration: 3600, description: form },
          '/shows': { player_id: station, mode: 'once', start: `${day}T10:00:00Z`, duration: 600, item_type: 'media', item_id: item.approved },
          '/dayparting': { description: form, start_month: 1, start_day: 1, start_time: '00:00', end_month: 1, end_day: 2, end_time: '00:00' },
        };
        for (const [path, body] of Object.entries(bodies)) {
          const reply = await send(path, body);
          expect(reply.status, `${form} ${path}: ${reply.text}`).toBe(200);
          made[path] = (reply.body.data as { id: number }).id;
          expect(made[path], `${form} ${path}`).toBeGreaterThan(0);
        }
        expect((await system.api.get<{ name: string }>(`/players/${made['/players']}`, { key: admin })).body.data.name).toBe(`Player ${form}`);
        expect((await system.api.get<{ description: string }>(`/timeslots/${made['/timeslots']}`, { key: admin })).body.data.description).toBe(form);
        expect((await system.api.get<{ item_id: number }>(`/shows/${made['/shows']}`, { key: admin })).body.data.item_id).toBe(item.approved);
        expect((await system.api.get<{ description: string }>(`/dayparting/${made['/dayparting']}`, { key: admin })).body.data.description).toBe(form);
      }
    });

    it('creates users, groups and app keys the same way, and still validates and checks rights', async () => {
      for (const [index, [form, send]] of forms.entries()) {
        const user = await send('/users', { username: `formuser${index}`, password: 'form-password-1' });
        expect(user.status, `${form} /users: ${user.text}`).toBe(200);
        const group = await send('/users/groups', { name: `Form group ${index}` });
        expect(group.status, `${form} /users/groups: ${group.text}`).toBe(200);
        const key = await send('/account/key', { name: `Form key ${index}`, permissions: [['GET', '/account/uid']] });
        expect(key.status, `${form} /account/key: ${key.text}`).toBe(200);
        expect((key.body.data as { key: string }).key.length).toBeGreaterThan(20);
      }
      // The creating operation's own rules hold under every form.
      expect((await system.api.put('/timeslots/0', { key: dj.key, body: { user_id: dj.id, player_id: player, mode: 'once', start: '2027-07-01T10:00:00Z', duration: 60 } })).status).toBe(403);
      expect((await system.api.put('/players/0', { key: admin, body: { name: 'Bad', timezone: 'Mars/Olympus' } })).status).toBe(400);
      expect((await system.api.post('/dayparting', { key: dj.key, body: { start_month: 1, start_day: 1, start_time: '00:00', end_month: 1, end_day: 2, end_time: '00:00' } })).status).toBe(403);
      // A real id is an edit, never a creation: an unknown one is refused as before.
      expect((await system.api.put('/timeslots/987654', { key: admin, body: { user_id: dj.id, player_id: player, mode: 'once', start: '2027-07-01T10:00:00Z', duration: 60 } })).status).toBe(404);
    });
  });
});
