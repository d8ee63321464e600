// Alerts (OpenBroadcaster's priority broadcasts) through the gateway (issue 30): OB's routes and
// forms, the item and duration rules, times in the player's zone, manage_alerts for every player
// or per player, the alerts page's last player, and a player with alerts kept from deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaModes, startBlackBoxSystem, type BlackBoxSystem } from '../src/black-box';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

type Alert = { id: number; name: string; player_id: number; item_id: number; item_name: string | null; item_duration: number | null; duration: number | null; start: string; stop: string; mode: string; frequency: number; user_id: number };

describe.each(areaModes)('alerts (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let reader: string;
  let fmAlerts: string;
  let fm: number;
  let web: number;
  const item = { spot: 0, logo: 0, unapproved: 0, archived: 0 };

  const body = (fields: Record<string, unknown> = {}) => ({
    name: 'Storm warning',
    player_id: fm,
    item_id: item.spot,
    frequency: 600,
    start: '2026-06-01 08:00:00',
    stop: '2026-06-02',
    ...fields,
  });

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    item.spot = await makeMediaItem(system.api, system.url, admin, wav(2), 'Storm', { artist: 'Weather desk' });
    item.logo = await makeMediaItem(system.api, system.url, admin, pngImage(16, 16), 'Warning card');
    item.unapproved = await makeMediaItem(system.api, system.url, admin, wav(1), 'Unapproved', { is_approved: false });
    item.archived = await makeMediaItem(system.api, system.url, admin, wav(1), 'Archived');
    await system.api.post('/media/archive', { key: admin, body: { id: [item.archived] } });
    fm = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'FM', timezone: 'Europe/London' } })).body.data.id;
    web = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Web', timezone: 'UTC' } })).body.data.id;
    const group = await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'FM alerts', permissions: [`manage_alerts:${fm}`] } });
    await system.api.post('/users', { key: admin, body: { username: 'fm.alerts', password: 'fm-alerts-pass', group_ids: [group.body.data.id] } });
    fmAlerts = (await system.api.login('fm.alerts', 'fm-alerts-pass')).key;
    await system.api.post('/users', { key: admin, body: { username: 'reader', password: 'reader-pass' } });
    reader = (await system.api.login('reader', 'reader-pass')).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it("creates an alert with OB's fields, its times read in the player's zone, and answers OB's item_name", async () => {
    const created = await system.api.post<Alert>('/alerts', { key: admin, body: body({ duration: 0, properties: { voicetrack_volume: '0.1' } }) });
    expect(created.status, created.text).toBe(200);
    expect(created.body.msg).toBe('Alert saved.');
    expect(created.body.data).toMatchObject({
      name: 'Storm warning',
      player_id: fm,
      item_id: item.spot,
      item_name: 'Weather desk - Storm',
      item_duration: 2,
      frequency: 600,
      // An item with a length of its own airs for that length: no duration is kept.
      duration: null,
      start: '2026-06-01T08:00:00+01:00',
      stop: '2026-06-02T23:59:59+01:00',
      mode: 'interrupt',
    });
    const read = await system.api.get<Alert>(`/alerts/${created.body.data.id}`, { key: admin });
    expect(read.body.data).toEqual(created.body.data);
    // Unix seconds, as OB's alerts page sends them, are instants.
    const unix = await system.api.put<Alert>('/alerts/0', { key: admin, body: body({ name: 'Unix', start: '1780300800', stop: 1780304400 }) });
    expect(unix.status, unix.text).toBe(200);
    expect(unix.body.data).toMatchObject({ start: '2026-06-01T09:00:00+01:00', stop: '2026-06-01T10:00:00+01:00' });
    const listed = await system.api.get<Alert[]>(`/alerts/search/${fm}`, { key: admin });
    expect(listed.body.data.map((a) => a.name)).toEqual(['Storm warning', 'Unix']);
  });

  it('needs a duration for an item without a length of its own (an image), and keeps it', async () => {
    const missing = await system.api.post('/alerts', { key: admin, body: body({ item_id: item.logo }) });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('duration');
    const card = await system.api.post<Alert>('/alerts', { key: admin, body: body({ item_id: item.logo, duration: '30', name: 'Card' }) });
    expect(card.status, card.text).toBe(200);
    expect(card.body.data).toMatchObject({ duration: 30, item_duration: null, item_name: 'Warning card' });
  });

  it('refuses bad fields with a 400 naming them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ item_id: 987_654 }, 'item_id'],
      [{ item_id: item.unapproved }, 'item_id'],
      [{ item_id: item.archived }, 'item_id'],
      [{ frequency: 0 }, 'frequency'],
      [{ stop: '2026-06-01 07:00:00' }, 'stop'],
      [{ stop: undefined }, 'stop'],
      [{ start: 'tomorrow' }, 'start'],
      [{ mode: 'voicetrack' }, 'mode'],
      [{ name: '' }, 'name'],
      [{ player_id: 987_654 }, 'player_id'],
    ];
    const before = (await system.api.get<Alert[]>(`/alerts/search/${fm}`, { key: admin })).body.data.length;
    for (const [fields, field] of cases) {
      const reply = await system.api.post('/alerts', { key: admin, body: body(fields) });
      expect(reply.status, `${field}: ${reply.text}`).toBe(400);
      expect(reply.body.msg).toContain(field);
    }
    expect((await system.api.get<Alert[]>(`/alerts/search/${fm}`, { key: admin })).body.data).toHaveLength(before);
  });

  it('needs manage_alerts for the player: every player, or manage_alerts:<id> for that one', async () => {
    const own = await system.api.post<Alert>('/alerts', { key: fmAlerts, body: body({ name: 'Mine' }) });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.user_id).not.toBe(1);
    const onWeb = await system.api.post<Alert>('/alerts', { key: admin, body: body({ name: 'On web', player_id: web }) });
    expect((await system.api.post('/alerts', { key: fmAlerts, body: body({ player_id: web }) })).status).toBe(403);
    expect((await system.api.get(`/alerts/${onWeb.body.data.id}`, { key: fmAlerts })).status).toBe(403);
    expect((await system.api.get(`/alerts/search/${web}`, { key: fmAlerts })).status).toBe(403);
    expect((await system.api.delete(`/alerts/${onWeb.body.data.id}`, { key: fmAlerts })).status).toBe(403);
    // Moving one of its alerts to a player it may not manage.
    expect((await system.api.put(`/alerts/${own.body.data.id}`, { key: fmAlerts, body: body({ name: 'Mine', player_id: web }) })).status).toBe(403);
    // Editing the other player's alert into its own player.
    expect((await system.api.put(`/alerts/${onWeb.body.data.id}`, { key: fmAlerts, body: body({ name: 'Taken' }) })).status).toBe(403);
    expect((await system.api.get<Alert>(`/alerts/${onWeb.body.data.id}`, { key: admin })).body.data).toMatchObject({ name: 'On web', player_id: web });
    for (const reply of [
      await system.api.get(`/alerts/search/${fm}`, { key: reader }),
      await system.api.get(`/alerts/${own.body.data.id}`, { key: reader }),
      await system.api.post('/alerts', { key: reader, body: body() }),
      await system.api.delete(`/alerts/${own.body.data.id}`, { key: reader }),
    ]) {
      expect(reply.status).toBe(403);
    }
    expect((await system.api.get(`/alerts/${own.body.data.id}`)).status).toBe(401);
    const edited = await system.api.put<Alert>(`/alerts/${own.body.data.id}`, { key: fmAlerts, body: body({ name: 'Mine, edited', frequency: '900' }) });
    expect(edited.body.data).toMatchObject({ id: own.body.data.id, name: 'Mine, edited', frequency: 900 });
    expect((await system.api.delete(`/alerts/${own.body.data.id}`, { key: fmAlerts })).body.msg).toBe('Alert deleted.');
    expect((await system.api.get(`/alerts/${own.body.data.id}`, { key: admin })).status).toBe(404);
    expect((await system.api.delete(`/alerts/${own.body.data.id}`, { key: admin })).status).toBe(404);
    expect((await system.api.put(`/alerts/987654`, { key: admin, body: body() })).status).toBe(404);
    expect((await system.api.get(`/alerts/search/987654`, { key: admin })).status).toBe(404);
  });

  it("remembers the alerts page's last player per user", async () => {
    expect((await system.api.get('/alerts/last-player', { key: reader })).body.data).toBeNull();
    expect((await system.api.put('/alerts/last-player', { key: reader, body: { player: web } })).status).toBe(200);
    expect((await system.api.get('/alerts/last-player', { key: reader })).body.data).toBe(web);
    expect((await system.api.get('/shows/last-player', { key: reader })).body.data).toBeNull();
    expect((await system.api.put('/alerts/last-player', { key: reader, body: { player: 987_654 } })).status).toBe(400);
  });

  it('keeps a player with alerts from deletion (409 counting them)', async () => {
    const refused = await system.api.delete(`/players/${web}`, { key: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toMatchObject({ details: { alerts: 1 } });
  });
});
