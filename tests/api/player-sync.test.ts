// What a player's sync writes and reads, through the internal operations OB Player's remote.php
// (issue 31) and the playout service (issue 34) call on the bus, checked through the gateway's
// routes (issue 30): the password and address pin, last connect by kind, version and location, now
// playing, the as-run log (fractional starts, duplicates skipped, all or nothing) in the monitor
// as JSON and CSV, the alerts in force (a child's from its parent), their events, and no password
// in any log line or event.
import { Writable } from 'node:stream';
import { playerSync, type Principal } from '@airwave/contracts';
import { createLogger } from '@airwave/logging';
import { callOperation, sealingBus } from '@airwave/service-kit';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';

const PASSWORD = 'Player-Sync-Secret-1';
const NEW_PASSWORD = 'Player-Sync-Secret-2';

type Row = { media_id: number; artist: string; title: string; timestamp: string; unix_timestamp: string; datetime: string; context: string; emerg_id: number; notes: string };
type Frame = { type: string; payload: Record<string, unknown> };

describe.each(modes)('player sync (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let reader: string;
  let fm: number;
  let spot: number;
  let card: number;
  const logLines: string[] = [];
  const events: Frame[] = [];
  const capture = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });

  const call = <O extends (typeof playerSync)[keyof typeof playerSync]>(op: O, input: Parameters<typeof callOperation<O>>[2], principal: Principal | null = null) =>
    callOperation(sealingBus(system.infrastructure[0]!.bus, system.sealer), op, input, { principal });
  const connect = (fields: Partial<Parameters<typeof callOperation<typeof playerSync.connect>>[2]> = {}) =>
    call(playerSync.connect, { id: fm, password: PASSWORD, address: '192.0.2.7', ...fields });
  // PHP's bracket notation for the filters, as jQuery writes them.
  const monitor = (query: Record<string, unknown>) =>
    system.api.get<{ results: Row[] | string; total_rows: number }>(`/players/monitor?${qs.stringify({ player_id: fm, date_start: '2026-11-20', date_end: '2026-11-30', ...query })}`, { key: admin });
  const until = async (found: () => boolean) => {
    const deadline = Date.now() + limit(5000);
    while (!found() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(found()).toBe(true);
  };

  beforeAll(async () => {
    system = await startTestSystem(mode, {}, { logger: createLogger({ level: 'debug', destination: capture }) });
    await system.infrastructure[0]!.bus.subscribe('scheduling.>', (event) => void events.push(event.data as Frame), { durable: 'player-sync-test', deliverFrom: 'all' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    await system.api.post('/users', { key: admin, body: { username: 'reader', password: 'reader-pass' } });
    reader = (await system.api.login('reader', 'reader-pass')).key;
    spot = await makeMediaItem(system.api, system.url, admin, wav(3), 'Morning, news', { artist: 'The "Desk"' });
    card = await makeMediaItem(system.api, system.url, admin, pngImage(16, 16), 'Card');
    fm = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'FM', timezone: 'Europe/London', password: PASSWORD, ip_address: '192.0.2.7' } })).body.data.id;
  });
  afterAll(async () => {
    await system?.stop();
  });

  describe('connect', () => {
    it('checks the password and the address pin, with one refusal for every reason', async () => {
      await expect(call(playerSync.connect, { id: 987_654, password: PASSWORD, address: '192.0.2.7' })).rejects.toMatchObject({ code: 'not_found', message: 'player not found' });
      await expect(connect({ password: 'wrong-password' })).rejects.toMatchObject({ code: 'unauthenticated', message: 'authentication failed' });
      await expect(connect({ address: '192.0.2.8' })).rejects.toMatchObject({ code: 'unauthenticated', message: 'authentication failed' });
      // The pinned IPv4 address as a dual-stack server reports it.
      await expect(connect({ address: '::ffff:192.0.2.7' })).resolves.toMatchObject({ id: fm });
      const open = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'No password', timezone: 'UTC' } })).body.data.id;
      await expect(call(playerSync.connect, { id: open, password: '', address: '192.0.2.7' })).rejects.toMatchObject({ code: 'unauthenticated' });
    });

    it('records the last connect by kind, the address, version and location; readers see the address masked', async () => {
      const player = await connect({ kind: 'schedule', version: '5.3.0-20240413', longitude: -0.1276, latitude: 51.5072 });
      expect(player).toMatchObject({ id: fm, version: '5.3.0-20240413', longitude: -0.1276, latitude: 51.5072, last_ip_address: '192.0.2.7', ip_address: '192.0.2.7' });
      expect(player).not.toHaveProperty('password');
      expect(player.last_connect).toBe(player.last_connect_schedule);
      expect(player.last_connect_media).toBeNull();
      await connect({ kind: 'media' });
      const read = (await system.api.get<Record<string, string | null>>(`/players/${fm}`, { key: admin })).body.data;
      expect(read.last_connect_media).toBe(read.last_connect);
      expect(read.last_connect_schedule).toBe(player.last_connect_schedule);
      // Location and version stay when a later connect does not send them.
      expect(read).toMatchObject({ version: '5.3.0-20240413', longitude: -0.1276 });
      const asReader = (await system.api.get<Record<string, unknown>>(`/players/${fm}`, { key: reader })).body.data;
      expect(asReader).toMatchObject({ last_ip_address: '******', version: '5.3.0-20240413' });
      expect(asReader).not.toHaveProperty('ip_address');
    });

    it('takes a new password at once; an empty one keeps it', async () => {
      const edit = (password: string) => system.api.put(`/players/${fm}`, { key: admin, body: { name: 'FM', timezone: 'Europe/London', password } });
      expect((await edit('')).status).toBe(200);
      await expect(connect()).resolves.toMatchObject({ id: fm });
      expect((await edit(NEW_PASSWORD)).status).toBe(200);
      await expect(connect()).rejects.toMatchObject({ code: 'unauthenticated' });
      await expect(connect({ password: NEW_PASSWORD })).resolves.toMatchObject({ id: fm });
      expect((await edit(PASSWORD)).status).toBe(200);
    });
  });

  describe('now playing', () => {
    it('stores what the player airs, answers it with time left, and announces only changes', async () => {
      const now = Date.now() / 1000;
      const report = { player_id: fm, show_name: 'Breakfast', playlist_id: 12, playlist_end: now + 1800, media_id: spot, media_end: now + 3 };
      expect(await call(playerSync.recordNowPlaying, report)).toEqual({ changed: true });
      expect(await call(playerSync.recordNowPlaying, report)).toEqual({ changed: false });
      const playing = await system.api.get<{ show_name: string; show_time_left: number; show_end: string; playlist_id: number; media: Record<string, unknown>; updated: string }>(`/players/playing/${fm}`, { key: reader });
      expect(playing.status, playing.text).toBe(200);
      expect(playing.body.data).toMatchObject({ show_name: 'Breakfast', playlist_id: 12, media: { id: spot, title: 'Morning, news', artist: 'The "Desk"', duration: 3 } });
      expect(playing.body.data.show_time_left).toBeGreaterThan(1790);
      expect(playing.body.data.show_time_left).toBeLessThanOrEqual(1800);
      expect(playing.body.data.media.time_left).toBeLessThanOrEqual(3);
      // The ends as instants in the player's zone (London).
      expect(Math.abs(Date.parse(playing.body.data.show_end) - (now + 1800) * 1000)).toBeLessThan(1000);
      expect(playing.body.data.show_end).toMatch(/\+0[01]:00$/);
      expect(Math.abs(Date.parse(playing.body.data.media.end as string) - (now + 3) * 1000)).toBeLessThan(1000);
      expect(Date.parse(playing.body.data.updated)).toBeGreaterThan(now * 1000 - 5000);
      expect(await call(playerSync.recordNowPlaying, { ...report, media_id: null, media_end: null })).toEqual({ changed: true });
      expect((await system.api.get<{ media: unknown }>(`/players/playing/${fm}`, { key: reader })).body.data.media).toBeNull();
      await until(() => events.filter((e) => e.type === 'scheduling.now_playing.changed').length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const changes = events.filter((e) => e.type === 'scheduling.now_playing.changed');
      expect(changes.map((e) => e.payload.media_id)).toEqual([spot, null]);
      expect(changes[0]!.payload).toMatchObject({ player_id: fm, show_name: 'Breakfast', playlist_id: 12 });
      expect(changes[0]!.payload.playlist_end).toMatch(/\+0[01]:00$/);
      await expect(call(playerSync.recordNowPlaying, { ...report, player_id: 987_654 })).rejects.toMatchObject({ code: 'not_found' });
    });
  });

  describe('the as-run log', () => {
    // 2026-11-25 08:00 UTC (London is on UTC then), with the fractions OB Player sends.
    const at = 1795593600;
    type Entry = { media_id: number; artist: string; title: string; timestamp: string | number; context: 'show' | 'emerg' | 'fallback'; notes?: string; emerg_id?: number };
    let entries: Entry[] = [];
    beforeAll(() => {
      entries = [
      { media_id: spot, artist: 'The "Desk"', title: 'Morning, news', timestamp: `${at}.8770473`, context: 'show' as const, notes: 'resuming at 0.87s' },
      { media_id: card, artist: '', title: 'Card', timestamp: at + 60.25, context: 'fallback' as const },
      { media_id: spot, artist: 'The "Desk"', title: 'Morning, news', timestamp: `${at + 120}`, context: 'emerg' as const, emerg_id: 5 },
      ];
    });

    it('appends plays, skipping ones already logged, and keeps the start exactly as sent', async () => {
      expect(await call(playerSync.lastAsRun, { player_id: fm })).toEqual({ last_timestamp: '0' });
      expect(await call(playerSync.appendAsRun, { player_id: fm, entries: entries.slice(0, 2) })).toEqual({ added: 2, ended: 0, skipped: 0 });
      // OB Player resends what it is not sure was stored; the same play twice in one post is one too.
      expect(await call(playerSync.appendAsRun, { player_id: fm, entries: [entries[1]!, entries[2]!, entries[2]!] })).toEqual({ added: 1, ended: 0, skipped: 2 });
      expect(await call(playerSync.lastAsRun, { player_id: fm })).toEqual({ last_timestamp: `${at + 120}` });
      // All or nothing: one bad entry, and none is logged.
      await expect(call(playerSync.appendAsRun, { player_id: fm, entries: [{ ...entries[0]!, timestamp: `${at + 500}` }, { ...entries[0]!, context: 'other' as never }] })).rejects.toMatchObject({ code: 'bad_request' });
      expect((await monitor({})).body.data.total_rows).toBe(3);
      await expect(call(playerSync.appendAsRun, { player_id: 987_654, entries })).rejects.toMatchObject({ code: 'not_found' });
    });

    it("answers the monitor in the player's zone, newest first, filtered, ordered and paged as OB's", async () => {
      const all = await monitor({});
      expect(all.status, all.text).toBe(200);
      const rows = all.body.data.results as Row[];
      expect(rows.map((r) => r.unix_timestamp)).toEqual([`${at + 120}`, `${at + 60.25}`, `${at}.8770473`]);
      expect(rows[2]).toMatchObject({ media_id: spot, timestamp: '2026-11-25T08:00:00.877+00:00', datetime: '2026-11-25 08:00:00', context: 'show', emerg_id: 0, notes: 'resuming at 0.87s' });
      expect(rows[0]).toMatchObject({ context: 'emerg', emerg_id: 5 });
      const titles = async (query: Record<string, unknown>) => ((await monitor(query)).body.data.results as Row[]).map((r) => r.title);
      expect(await titles({ filters: [{ column: 'title', operator: 'like', value: 'NEWS' }] })).toEqual(['Morning, news', 'Morning, news']);
      expect(await titles({ filters: [{ column: 'title', operator: 'not_like', value: 'news' }] })).toEqual(['Card']);
      expect(await titles({ filters: [{ column: 'media_id', operator: 'is', value: card }] })).toEqual(['Card']);
      expect(await titles({ filters: [{ column: 'artist', operator: 'not', value: 'the "desk"' }] })).toEqual(['Card']);
      expect(await titles({ filters: [{ column: 'title', operator: 'like', value: '%' }] })).toEqual([]);
      // Airwave's own column: what aired in a show, an alert (emerg) or the default playlist (fallback).
      expect(await titles({ filters: [{ column: 'context', operator: 'is', value: 'fallback' }] })).toEqual(['Card']);
      // The filters' JSON in the query string, as @airwave/client sends an array.
      expect(await titles({ filters: JSON.stringify([{ column: 'context', operator: 'is', value: 'fallback' }]) })).toEqual(['Card']);
      expect(await titles({ filters: [{ column: 'context', operator: 'not', value: 'emerg' }, { column: 'title', operator: 'like', value: 'news' }] })).toEqual(['Morning, news']);
      expect(await titles({ orderby: 'title' })).toEqual(['Card', 'Morning, news', 'Morning, news']);
      const page = await monitor({ orderby: 'timestamp', limit: 1, offset: 1 });
      expect(page.body.data).toMatchObject({ total_rows: 3 });
      expect((page.body.data.results as Row[]).map((r) => r.unix_timestamp)).toEqual([`${at + 60.25}`]);
      // A date alone is the whole day in the player's zone; the end is exclusive.
      expect((await monitor({ date_start: '2026-11-25', date_end: '2026-11-25' })).body.data.total_rows).toBe(3);
      expect((await monitor({ date_start: '2026-11-25 08:01:00', date_end: '2026-11-25 08:02:00' })).body.data.total_rows).toBe(1);
      expect((await monitor({ date_start: '2026-11-26', date_end: '2026-11-27' })).body.data.total_rows).toBe(0);
    });

    it("answers OB's CSV: its header, its columns, RFC 4180 quoting", async () => {
      const csv = await monitor({ type: 'csv', orderby: 'timestamp' });
      expect(csv.body.data.total_rows).toBe(3);
      expect(csv.body.data.results).toBe(
        'Media ID,Artist,Title,Date/Time,Context,Notes,End Date/Time,Show\r\n' +
          `${spot},"The ""Desk""","Morning, news",2026-11-25 08:00:00,show,resuming at 0.87s,,\r\n` +
          `${card},,Card,2026-11-25 08:01:00,fallback,,,\r\n` +
          `${spot},"The ""Desk""","Morning, news",2026-11-25 08:02:00,emerg,,,\r\n`,
      );
    });

    it('announces the new entries as the monitor answers them', async () => {
      await until(() => events.filter((e) => e.type === 'scheduling.asrun.recorded').length >= 2);
      const recorded = events.filter((e) => e.type === 'scheduling.asrun.recorded').map((e) => e.payload as { player_id: number; entries: Row[] });
      expect(recorded.map((p) => p.entries.map((e) => e.unix_timestamp))).toEqual([[`${at}.8770473`, `${at + 60.25}`], [`${at + 120}`]]);
      const rows = (await monitor({ orderby: 'timestamp' })).body.data.results as Row[];
      expect(recorded.flatMap((p) => p.entries)).toEqual(rows);
    });
  });

  describe('alerts in force', () => {
    it("answers a player's alerts in a window, and a child's parent's when it inherits them", async () => {
      const network = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Network', timezone: 'America/New_York' } })).body.data.id;
      const inherits = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Inherits', timezone: 'UTC', parent_player_id: network, use_parent_alert: true } })).body.data.id;
      const ownAlerts = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Own alerts', timezone: 'UTC', parent_player_id: network } })).body.data.id;
      const alert = async (player: number, name: string, start: number, stop: number) =>
        (await system.api.post<{ id: number }>('/alerts', { key: admin, body: { name, player_id: player, item_id: spot, frequency: 300, start, stop } })).body.data.id;
      const t = 1_800_000_000;
      const early = await alert(network, 'Ended', t - 7200, t - 3600);
      const current = await alert(network, 'Current', t - 60, t + 3600);
      const later = await alert(network, 'Later', t + 7200, t + 9000);
      const local = await alert(ownAlerts, 'Local', t, t + 60);
      const inForce = await call(playerSync.alertsInForce, { player_id: inherits, from: t, to: t + 3600 });
      expect(inForce).toMatchObject({ player_id: inherits, source_player_id: network });
      expect(inForce.alerts.map((a) => a.id)).toEqual([current]);
      expect(inForce.alerts[0]).toMatchObject({ name: 'Current', item_duration: 3, frequency: 300, item_name: 'The "Desk" - Morning, news' });
      expect((await call(playerSync.alertsInForce, { player_id: network, from: t - 3600, to: t + 7200 })).alerts.map((a) => a.id)).toEqual([current, later]);
      expect((await call(playerSync.alertsInForce, { player_id: network, from: t - 3601, to: t + 7199 })).alerts.map((a) => a.id)).toEqual([early, current]);
      expect(await call(playerSync.alertsInForce, { player_id: ownAlerts, from: t, to: t + 3600 })).toMatchObject({ source_player_id: ownAlerts, alerts: [{ id: local }] });
      await expect(call(playerSync.alertsInForce, { player_id: fm, from: t, to: t - 1 })).rejects.toMatchObject({ code: 'bad_request' });
    });

    it('announces alerts saved and deleted with the alert as GET answers it', async () => {
      const created = await system.api.post<{ id: number }>('/alerts', { key: admin, body: { name: 'Announced', player_id: fm, item_id: card, duration: 20, frequency: 300, start: 1_800_000_000, stop: 1_800_003_600 } });
      const shown = (await system.api.get(`/alerts/${created.body.data.id}`, { key: admin })).body.data;
      expect((await system.api.delete(`/alerts/${created.body.data.id}`, { key: admin })).status).toBe(200);
      await until(() => events.some((e) => e.type === 'scheduling.alert.deleted' && e.payload.id === created.body.data.id));
      expect(events.find((e) => e.type === 'scheduling.alert.saved' && e.payload.id === created.body.data.id)!.payload).toEqual(shown);
      expect(events.find((e) => e.type === 'scheduling.alert.deleted' && e.payload.id === created.body.data.id)!.payload).toEqual(shown);
    });
  });

  it('never writes a player password to a log line or an event, and never answers its hash', async () => {
    await until(() => events.some((e) => e.type === 'scheduling.player.saved'));
    const saved = events.filter((e) => e.type === 'scheduling.player.saved');
    expect(saved.length).toBeGreaterThan(3);
    for (const text of [...logLines, ...saved.map((e) => JSON.stringify(e))]) {
      for (const secret of [PASSWORD, NEW_PASSWORD, 'wrong-password', 'scrypt$']) expect(text).not.toContain(secret);
    }
    expect(logLines.some((line) => line.includes('Player sync refused'))).toBe(true);
  });
});
