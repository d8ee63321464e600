// The listener reports as files through the gateway (issue 46, docs/decisions/listeners.md
// "Downloads (CSV)"): each play and the window's hours as CSV, SoundExchange's report as its text,
// each read back (RFC 4180, strictly) against the JSON endpoint's answer; an app key in the URL,
// allowed the download's endpoint; refusals in the envelope.
import { playerSync } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../src/csv';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { makeMediaItem } from '../src/media-items';

type Play = { media_id: number; artist: string; title: string; start: string; end: string | null; listeners_at_start: number; peak_listeners: number; listener_seconds: number; atp: number };
type Summary = { by_hour: { hour: string; sessions: number; unique_listeners: number; tuning_hours: number }[] };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A text field as the CSV writes it: what a spreadsheet would run as a formula after a single quote. */
const guarded = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe.each(modes)('listener downloads (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let player: number;
  let window: { start: string; end: string };
  const token = (id: number, key: string) => `${Buffer.from(String(id)).toString('base64')}:${key}`;
  const download = (path: string, query: Record<string, string>, headers: Record<string, string> = {}) => fetch(`${system.url}/api/v2${path}?${new URLSearchParams(query).toString()}`, { headers });
  const bearer = () => ({ authorization: `Bearer ${admin}` });

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Radio Días "Sur"', timezone: 'Europe/Madrid' } })).body.data.id;
    const { hook } = (await system.api.put<{ hook: string }>(`/players/${player}/listener-key`, { key: admin, body: {} })).body.data;
    const song = await makeMediaItem(system.api, system.url, admin, wav(1), 'Song, "live"', { artist: '=HYPERLINK("http://x","y")', isrc: 'USABC2600002' });
    const t0 = Date.now();
    const post = (form: Record<string, string>) => fetch(`${system.url}${hook}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ mount: '/live.mp3', agent: 'VLC', ...form }).toString() });
    for (const client of ['1', '2']) await post({ action: 'listener_add', client, ip: client === '1' ? '8.8.8.8' : '193.0.6.139' });
    const heard = Date.now();
    await pause(300);
    const at = (ms: number) => (ms / 1000).toFixed(3);
    await callOperation(system.infrastructure[0]!.bus, playerSync.appendAsRun, {
      player_id: player,
      entries: [
        { media_id: song, artist: '=HYPERLINK("http://x","y")', title: 'Song, "live"', timestamp: at(heard + 50), end: at(heard + 250), context: 'show' as const, emerg_id: 0, notes: '' },
        { media_id: song, artist: '-5 dB\r\nremix', title: '@Home', timestamp: at(heard + 250), end: at(heard + 280), context: 'show' as const, emerg_id: 0, notes: '' },
      ],
    });
    window = { start: new Date(t0 - 3_600_000).toISOString(), end: new Date(Date.now() + 3_600_000).toISOString() };
    // the hook's batches are written within a second
    for (let tries = 0; tries < 50; tries++) {
      const plays = (await system.api.get<Play[]>(`/players/${player}/plays`, { key: admin, query: window })).body.data;
      if (plays.length === 2 && plays.every((p) => p.atp === 2)) break;
      await pause(200);
    }
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('downloads each play as a CSV row, as GET /players/{id}/plays answers it, with an app key in the URL', async () => {
    const made = await system.api.post<{ id: number; key: string }>('/account/key', { key: admin, body: { name: 'Reports', permissions: [['GET', `/players/${player}/plays.csv`]] } });
    const key = token(made.body.data.id, made.body.data.key);
    const reply = await download(`/players/${player}/plays.csv`, { ...window, key });
    const text = await reply.text();
    expect(reply.status, text).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="Radio-Dias-Sur-plays-${window.start.slice(0, 10)}_${window.end.slice(0, 10)}.csv"`);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const plays = (await system.api.get<Play[]>(`/players/${player}/plays`, { key: admin, query: window })).body.data;
    expect(readCsv(text)).toEqual([
      ['start', 'end', 'media_id', 'artist', 'title', 'listeners_at_start', 'peak_listeners', 'listener_seconds', 'atp'],
      ...plays.map((p) => [p.start, p.end ?? '', String(p.media_id), guarded(p.artist), guarded(p.title), ...[p.listeners_at_start, p.peak_listeners, p.listener_seconds, p.atp].map(String)]),
    ]);
    expect(readCsv(text).slice(1).map((row) => [row[3], row[4]])).toEqual([
      [`'=HYPERLINK("http://x","y")`, 'Song, "live"'],
      ["'-5 dB\r\nremix", "'@Home"],
    ]);
    // the key was given the plays only
    expect((await download(`/players/${player}/listeners/summary.csv`, { ...window, key })).status).toBe(403);
  });

  it('downloads the hours as CSV and the SoundExchange report as its file, as their JSON endpoints answer them', async () => {
    const reply = await download(`/players/${player}/listeners/summary.csv`, window, bearer());
    const text = await reply.text();
    expect(reply.status, text).toBe(200);
    const summary = (await system.api.get<Summary>(`/players/${player}/listeners/summary`, { key: admin, query: window })).body.data;
    expect(readCsv(text)).toEqual([['hour', 'sessions', 'unique_listeners', 'tuning_hours'], ...summary.by_hour.map((h) => [h.hour, String(h.sessions), String(h.unique_listeners), String(h.tuning_hours)])]);
    expect(summary.by_hour.length).toBeGreaterThanOrEqual(2);

    const query = { ...window, category: 'B', service: 'KAWV Días' };
    const file = await download(`/players/${player}/reports/soundexchange.txt`, query, bearer());
    const report = (await system.api.get<{ filename: string; text: string }>(`/players/${player}/reports/soundexchange`, { key: admin, query })).body.data;
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await file.text()).toBe(report.text);
    expect(report.text).toContain('\tUSABC2600002\t');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${report.filename.replace(/[^A-Za-z0-9._-]+/g, '-')}"`);
  });

  it('refuses in the envelope: no credentials, a bad window, an unknown player, a parameter it does not take', async () => {
    const refusal = async (reply: Response) => [reply.status, ((await reply.json()) as { status: boolean }).status];
    expect(await refusal(await download(`/players/${player}/plays.csv`, window))).toEqual([401, false]);
    expect(await refusal(await download(`/players/${player}/plays.csv`, { start: 'yesterday', end: window.end }, bearer()))).toEqual([400, false]);
    expect(await refusal(await download(`/players/${player}/listeners/summary.csv`, { start: '2027-01-01T00:00:00Z', end: '2027-03-01T00:00:00Z' }, bearer()))).toEqual([400, false]);
    expect(await refusal(await download(`/players/${player}/reports/soundexchange.txt`, window, bearer()))).toEqual([400, false]);
    expect(await refusal(await download('/players/999999/plays.csv', window, bearer()))).toEqual([404, false]);
    expect(await refusal(await download('/players/999999/reports/soundexchange.txt', { ...window, category: 'A' }, bearer()))).toEqual([404, false]);
    expect(await refusal(await download(`/players/${player}/plays.csv`, { ...window, format: 'xlsx' }, bearer()))).toEqual([400, false]);
  });
});
