// Listeners through the gateway (issue 46, docs/decisions/listeners.md): a player's listener hook
// key, Icecast's listener_add and listener_remove posts to the hook (always admitted, counted in
// batches; a wrong key counts nothing), and the plays of a window each with who heard it.
import { playerSync } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

type Play = { media_id: number; start: string; end: string | null; listeners_at_start: number; peak_listeners: number; listener_seconds: number; atp: number };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(modes)('listeners (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let player: number;

  const hook = (path: string, form: Record<string, string>) =>
    fetch(`${system.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ server: 'icecast.example', port: '8000', mount: '/live.mp3', user: '', pass: '', agent: 'Lavf/59', ...form }).toString() });

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Heard FM', timezone: 'UTC' } })).body.data.id;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('counts who heard each play from the hook’s connects and disconnects', { timeout: 60_000 }, async () => {
    const made = await system.api.put<{ key: string; hook: string }>(`/players/${player}/listener-key`, { key: admin, body: {} });
    expect(made.status, made.text).toBe(200);
    const { key, hook: path } = made.body.data;
    expect(path).toBe(`/icecast/listeners/${player}?key=${key}`);

    // each event's moment lies between just before its post and just after its answer
    const event = async (form: Record<string, string>, to = path) => {
      const before = Date.now();
      const reply = await hook(to, form);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('icecast-auth-user')).toBe('1');
      return { before, after: Date.now() };
    };
    const t0 = Date.now();
    const one = await event({ action: 'listener_add', client: '1', ip: '203.0.113.1' });
    await pause(600);
    const two = await event({ action: 'listener_add', client: '2', ip: '203.0.113.2' });
    await event({ action: 'listener_add', client: '3', ip: '203.0.113.3' }, `/icecast/listeners/${player}?key=not-the-key`);
    await pause(600);
    const gone = await event({ action: 'listener_remove', client: '1', ip: '203.0.113.1', duration: '1' });
    await pause(600);

    // plays between the events: none heard, one listener, two, then one still listening
    const at = (ms: number) => (ms / 1000).toFixed(3);
    const plays = [
      { start: t0 - 5000, end: t0 - 1000 },
      { start: one.after + 100, end: two.before - 100 },
      { start: two.after + 100, end: gone.before - 100 },
      { start: gone.after + 100, end: Date.now() - 50 },
    ];
    await callOperation(system.infrastructure[0]!.bus, playerSync.appendAsRun, {
      player_id: player,
      entries: plays.map((p, i) => ({ media_id: 100 + i, artist: 'Band', title: `Song ${i}`, timestamp: at(p.start), end: at(p.end), context: 'show' as const, emerg_id: 0, notes: '' })),
    });
    const window = { start: new Date(t0 - 60_000).toISOString(), end: new Date(Date.now() + 60_000).toISOString() };
    await expect
      .poll(async () => (await system.api.get<Play[]>(`/players/${player}/plays`, { key: admin, query: window })).body.data.map((p) => [p.media_id, p.listeners_at_start, p.peak_listeners, p.atp]), { timeout: 10_000 })
      .toEqual([
        [100, 0, 0, 0],
        [101, 1, 1, 1],
        [102, 2, 2, 2],
        [103, 1, 1, 1],
      ]);
    const answered = (await system.api.get<Play[]>(`/players/${player}/plays`, { key: admin, query: window })).body.data;
    // listener-seconds: whole listeners over each play's length (rounded), never more
    plays.forEach((p, i) => expect(answered[i]!.listener_seconds).toBe(Math.round((answered[i]!.atp * (p.end - p.start)) / 1000)));

    // the window's listening: two sessions of two listeners (the wrong key's none), one ended after about 1.2 s
    const summary = await system.api.get<{ sessions: number; unique_listeners: number; tuning_hours: number; mean_session_seconds: number | null; by_hour: { tuning_hours: number }[] }>(`/players/${player}/listeners/summary`, { key: admin, query: window });
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body.data).toMatchObject({ sessions: 2, unique_listeners: 2 });
    expect(summary.body.data.mean_session_seconds).toBeGreaterThanOrEqual((gone.before - one.after) / 1000 - 0.01);
    expect(summary.body.data.mean_session_seconds).toBeLessThanOrEqual((gone.after - one.before) / 1000 + 0.01);
    const hours = summary.body.data.by_hour.reduce((sum, h) => sum + h.tuning_hours, 0);
    expect(hours).toBeCloseTo(summary.body.data.tuning_hours, 2);
  });

  it('writes SoundExchange’s report of use: each recording with the listeners who heard its plays', { timeout: 60_000 }, async () => {
    const other = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Report FM', timezone: 'UTC' } })).body.data.id;
    const { key } = (await system.api.put<{ key: string }>(`/players/${other}/listener-key`, { key: admin, body: {} })).body.data;
    const song = await makeMediaItem(system.api, system.url, admin, wav(2), 'Uno', { artist: 'Ana Ruiz', album: 'Días', isrc: 'US-ABC-26-00001', label: 'Sello' });
    const jingle = await makeMediaItem(system.api, system.url, admin, wav(1), 'Dos', { artist: 'Ana Ruiz', album: 'Días', label: 'Sello' });
    const t0 = Date.now();
    for (const client of ['1', '2', '3']) await hook(`/icecast/listeners/${other}?key=${key}`, { action: 'listener_add', client, ip: `198.51.100.${client}` });
    const heard = Date.now();
    await pause(400);
    await hook(`/icecast/listeners/${other}?key=${key}`, { action: 'listener_remove', client: '3', ip: '198.51.100.3' });
    const after = Date.now();
    await pause(400);
    const at = (ms: number) => (ms / 1000).toFixed(3);
    // "Uno" twice (three listeners, then two), "Dos" once before anyone listened
    await callOperation(system.infrastructure[0]!.bus, playerSync.appendAsRun, {
      player_id: other,
      entries: [
        { media_id: jingle, artist: 'Ana Ruiz', title: 'Dos', timestamp: at(t0 - 3000), end: at(t0 - 2000), context: 'show' as const, emerg_id: 0, notes: '' },
        { media_id: song, artist: 'Ana Ruiz', title: 'Uno', timestamp: at(heard + 50), end: at(heard + 150), context: 'show' as const, emerg_id: 0, notes: '' },
        { media_id: song, artist: 'Ana Ruiz', title: 'Uno', timestamp: at(after + 50), end: at(after + 150), context: 'show' as const, emerg_id: 0, notes: '' },
      ],
    });
    const window = { start: new Date(t0 - 60_000).toISOString(), end: new Date(Date.now() + 60_000).toISOString() };
    const report = async () => (await system.api.get<{ filename: string; text: string; recordings: number }>(`/players/${other}/reports/soundexchange`, { key: admin, query: { ...window, category: 'B', service: 'KAWV Report FM' } })).body.data;
    await expect.poll(async () => (await report()).text, { timeout: 10_000 }).toContain('\t5\r\n');
    const { filename, text, recordings } = await report();
    expect(text.split('\r\n')).toEqual([
      'NAME_OF_SERVICE\tTRANSMISSION_CATEGORY\tFEATURED_ARTIST\tSOUND_RECORDING_TITLE\tISRC\tALBUM_TITLE\tMARKETING_LABEL\tACTUAL_TOTAL_PERFORMANCES',
      'KAWV Report FM\tB\tAna Ruiz\tUno\tUSABC2600001\tDías\tSello\t5',
      '',
    ]);
    expect(recordings).toBe(1);
    expect(filename).toMatch(/^KAWVReportFM\d{8}_\d{8}_B\.txt$/);
    const bad = await system.api.get(`/players/${other}/reports/soundexchange`, { key: admin, query: { ...window, category: 'Z' } });
    expect(bad.status).toBe(400);
  });

  it('gives each session its address’s country, never keeping the address, and sums the window’s listening by country', { timeout: 60_000 }, async () => {
    const other = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'World FM', timezone: 'UTC' } })).body.data.id;
    const { hook: path } = (await system.api.put<{ hook: string }>(`/players/${other}/listener-key`, { key: admin, body: {} })).body.data;
    const t0 = Date.now();
    // Google's resolver (US), RIPE NCC over IPv6 and IPv4-mapped (NL, one listener twice), a private address (none)
    const addresses = ['8.8.8.8', '2001:67c:2e8:22::c100:68b', '::ffff:193.0.6.139', '192.168.1.20'];
    for (const [i, ip] of addresses.entries()) expect((await hook(path, { action: 'listener_add', client: String(i + 1), ip })).status).toBe(200);
    await pause(300);
    await hook(path, { action: 'listener_remove', client: '3', ip: '::ffff:193.0.6.139' });
    const window = { start: new Date(t0 - 60_000).toISOString(), end: new Date(Date.now() + 60_000).toISOString() };
    type Country = { country: string | null; sessions: number; unique_listeners: number; tuning_hours: number };
    const summary = async () => (await system.api.get<{ sessions: number; tuning_hours: number; by_country: Country[] }>(`/players/${other}/listeners/summary`, { key: admin, query: window })).body.data;
    await expect.poll(async () => (await summary()).sessions, { timeout: 10_000 }).toBe(4);
    const { by_country, tuning_hours } = await summary();
    expect(by_country.map((c) => [c.country, c.sessions, c.unique_listeners]).sort()).toEqual([
      ['NL', 2, 2],
      ['US', 1, 1],
      [null, 1, 1],
    ].sort());
    // most tuning hours first, adding up to the whole
    expect(by_country.map((c) => c.tuning_hours)).toEqual([...by_country.map((c) => c.tuning_hours)].sort((a, b) => b - a));
    expect(by_country.reduce((sum, c) => sum + c.tuning_hours, 0)).toBeCloseTo(tuning_hours, 2); // each rounded to 3 decimals
    // only the country and a hash were kept: no address in any column of the sessions
    const db = system.infrastructure[0]!.database.forSchema('scheduling');
    const rows = (await db.selectFrom('listener_sessions').selectAll().where('player_id', '=', other).execute()) as Record<string, unknown>[];
    expect(rows.map((r) => r.country).sort()).toEqual(['NL', 'NL', 'US', null].sort());
    expect(JSON.stringify(rows)).not.toMatch(/8\.8\.8\.8|193\.0\.6|2001:67c|192\.168/);
  });

  it('admits a listener whatever the hook makes of the post, and refuses bad windows and keys it cannot make', async () => {
    const reply = await hook(`/icecast/listeners/${player}?key=x`, { action: 'mount_add', client: '1', ip: '203.0.113.9' });
    expect(reply.status).toBe(400);
    expect(reply.headers.get('icecast-auth-user')).toBe('1');
    expect(await reply.json()).toEqual({ status: false, msg: 'Not a listener event: action must be listener_add or listener_remove.', data: { code: 'bad_request' } });
    expect((await system.api.get(`/players/${player}/plays`, { key: admin, query: { start: '2027-01-01T00:00:00Z', end: '2027-03-01T00:00:00Z' } })).status).toBe(400);
    expect((await system.api.get('/players/999999/plays', { key: admin, query: { start: '2027-01-01T00:00:00Z', end: '2027-01-02T00:00:00Z' } })).status).toBe(404);
    expect((await system.api.put('/players/999999/listener-key', { key: admin, body: {} })).status).toBe(404);
  });
});
