// Listeners heard for real (issue 46): Airwave as separate processes (each service, the gateway, and
// the playout airing through Liquidsoap) streams a playlist show of MP3 and Ogg items from real
// encoders, lengths not whole seconds, to a private Icecast whose mount reports each listener to
// Airwave's hook by URL authentication. ffmpeg listeners connect and leave at scripted times, and
// the scheduling service (which keeps the sessions) is killed with SIGKILL and started again while
// listeners come and go. Every play's listeners at start, peak, listener-seconds and ATP must be what
// the script implies (listeners-script.ts), SoundExchange's report must name each recording with the
// ATP the script gives it, and the window's summary must hold every session. Needs liquidsoap,
// icecast2 and ffmpeg, and PostgreSQL, NATS and Redis (the fault suite's cluster).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, haveTools, makeEncodedTone, startIcecast, urlAuthMount, type PrivateIcecast } from '@airwave/playout-testing/listen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Cluster, skipReason, type Gateway, type Proc } from '../faults/cluster';
import { makeMediaItem } from '../src/media-items';
import { limit } from '../../vitest.shared';
import { clear, expectedFigures, REPORT_DELAY_MS, type ScriptedListener } from './listeners-script';

const missing = await haveTools(['liquidsoap', 'icecast2', 'ffmpeg']);
if (missing.length && process.env.CI) throw new Error(`the real-listener test needs ${missing.join(', ')}`);
const skip = missing.length ? `${missing.join(', ')} not on the PATH` : skipReason;

/** The show's items, in order (seconds), with the ISRC each carries. */
const ITEMS = [
  { codec: 'mp3', frequency: 440, seconds: 6.3, isrc: 'USAWV2600001' },
  { codec: 'ogg', frequency: 550, seconds: 7.7, isrc: 'USAWV2600002' },
  { codec: 'mp3', frequency: 660, seconds: 5.9, isrc: 'USAWV2600003' },
  { codec: 'ogg', frequency: 770, seconds: 8.4, isrc: 'USAWV2600004' },
  { codec: 'mp3', frequency: 880, seconds: 6.6, isrc: 'USAWV2600005' },
] as const;
const SHOW_SECONDS = 36;

/**
 * Seconds after the show's start: each listener's connect and leave, at least 1.5 s from every
 * item's edge (0, 6.3, 14, 19.9, 28.3, 34.9). The scheduling service is killed at 12.5 and started
 * again at once; it answers a few seconds later, so the connect at 16 and the leave at 17 reach it
 * only through the gateway's holding of events.
 */
const SCRIPT = [
  { name: 'A', connect: -4, leave: 17 },
  { name: 'B', connect: 2.5, leave: 10 },
  { name: 'C', connect: 3.5, leave: 31.5 },
  { name: 'D', connect: 11, leave: 24 },
  { name: 'E', connect: 16, leave: 25.5 },
  { name: 'F', connect: 21.5, leave: 33 },
];
const KILL_AT = 12.5;

type Play = { media_id: number; start: string; end: string | null; listeners_at_start: number; peak_listeners: number; listener_seconds: number; atp: number };

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

/** An ffmpeg listener of `url`, reading the stream as it comes; answers its stop (SIGKILL: the connection closes at once). */
function listen(url: string): () => void {
  const child = spawn('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', url, '-c', 'copy', '-f', 'null', '-'], { stdio: 'ignore' });
  return () => child.kill('SIGKILL');
}

/** Whether Icecast has the mount's source (the engine connected), from its statistics: no listener is counted asking. */
async function sourceUp(ice: PrivateIcecast, mount: string): Promise<boolean> {
  const res = await fetch(`${ice.url('/admin/stats')}`, { headers: { authorization: `Basic ${Buffer.from(`admin:${ice.sourcePassword}`).toString('base64')}` } }).catch(() => null);
  return (await res?.text())?.includes(`<source mount="${mount}">`) ?? false;
}

describe.skipIf(skip)(`listeners heard for real: every play's figures from ffmpeg listeners on a live mount${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let cluster: Cluster;
  let gateway: Gateway;
  let playout: Proc | undefined;
  let ice: PrivateIcecast | undefined;
  let dir: string;
  let key: string;
  let player: number;
  let T: number;
  const media = new Map<number, (typeof ITEMS)[number]>();
  const listeners: ScriptedListener[] = [];
  const stops: Array<() => void> = [];
  let restartedInMs = 0;
  const report: string[] = [];

  const post = async (path: string, body: Record<string, unknown>) => {
    const reply = await gateway.api.post<{ id: number }>(path, { key, body });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };

  /** The station: the items, a playlist, a station ID as the default playlist, the player, its hook, and Icecast with the hook on its mount. */
  async function makeStation() {
    const sourcePassword = `src-${Math.random().toString(36).slice(2, 10)}`;
    const icePort = await freePort();
    const ids: number[] = [];
    for (const item of ITEMS) {
      const path = await makeEncodedTone(join(dir, `${item.frequency}.${item.codec}`), [{ frequency: item.frequency, seconds: item.seconds }], item.codec);
      const id = await makeMediaItem(gateway.api, gateway.url, key, await readFile(path), `Tone ${item.frequency} Hz`, { artist: 'Tones', album: 'Test Tones', isrc: item.isrc });
      media.set(id, item);
      ids.push(id);
    }
    const stationId = await makeMediaItem(gateway.api, gateway.url, key, await readFile(await makeEncodedTone(join(dir, 'id.mp3'), [{ frequency: 1650, seconds: 45.5 }], 'mp3')), 'Station ID', { artist: 'Listeners FM' });
    const playlist = await post('/playlists', { name: 'Tones', items: ids.map((id) => ({ type: 'media', media_id: id })) });
    const fill = await post('/playlists', { name: 'Station ID', items: [{ type: 'media', media_id: stationId }] });
    player = await post('/players', { name: 'Listeners FM', timezone: 'UTC', playout: 'airwave', stream_url: `http://127.0.0.1:${icePort}/onair`, source_password: sourcePassword, default_playlist_id: fill });
    const hook = await gateway.api.put<{ key: string; hook: string }>(`/players/${player}/listener-key`, { key });
    expect(hook.status, hook.text).toBe(200);
    ice = await startIcecast({ port: icePort, sourcePassword, mounts: urlAuthMount('/onair', `${gateway.url}${hook.body.data.hook}`) });
    return playlist;
  }

  /** Kills the scheduling service and starts it again at once (it answers a few seconds later). */
  async function restartScheduling() {
    await cluster.kill(cluster.services.get('scheduling')![0]!.proc);
    const restarting = Date.now();
    void cluster.startService('scheduling', process.env.LISTENERS_DEBUG ? { LOG_LEVEL: 'debug' } : {}).then(() => (restartedInMs = Date.now() - restarting));
  }

  /** Runs the script from T: listeners come and go, the scheduling service is killed and started again. */
  async function runScript() {
    const events = SCRIPT.flatMap((l) => [
      { at: T + l.connect * 1000, name: l.name, kind: 'connect' },
      { at: T + l.leave * 1000, name: l.name, kind: 'leave' },
      ...(l === SCRIPT[0] ? [{ at: T + KILL_AT * 1000, name: 'scheduling', kind: 'kill' }] : []),
    ]).sort((a, b) => a.at - b.at);
    const running = new Map<string, () => void>();
    for (const event of events) {
      await sleepUntil(event.at);
      if (event.kind === 'kill') await restartScheduling();
      else if (event.kind === 'connect') {
        listeners.push({ name: event.name, connect: Date.now(), leave: Number.POSITIVE_INFINITY });
        running.set(event.name, listen(ice!.url('/onair')));
        stops.push(running.get(event.name)!);
      } else {
        running.get(event.name)!();
        listeners.find((l) => l.name === event.name)!.leave = Date.now();
      }
    }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-listeners-'));
    cluster = await Cluster.create({ label: 'listeners', env: { PLAYOUT_LEASE_RENEW_MS: '500', AIRWAVE_ENCRYPTION_KEY: randomBytes(32).toString('base64') } });
    gateway = await cluster.startAll();
    playout = await cluster.startPlayout({ PLAYOUT_SPARE_ENGINES: '0' });
    key = (await gateway.api.login('admin', ADMIN_PASSWORD)).key;
    const playlist = await makeStation();
    const deadline = Date.now() + limit(60_000);
    while (!(await sourceUp(ice!, '/onair'))) {
      if (Date.now() > deadline) throw new Error(`the engine never reached Icecast: ${playout.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    T = Math.ceil((Date.now() + Math.min(limit(8000), 20_000)) / 1000) * 1000;
    await post('/shows', { player_id: player, mode: 'once', start: new Date(T).toISOString(), duration: SHOW_SECONDS, item_type: 'playlist', item_id: playlist });
    await runScript();
    await sleepUntil(T + SHOW_SECONDS * 1000 + 1000);
  }, limit(240_000));

  afterAll(async () => {
    for (const stop of stops) stop();
    if (process.env.LISTENERS_DEBUG) process.stderr.write(`playout:\n${playout?.output().slice(-6000)}\nscheduling:\n${cluster?.services.get('scheduling')?.map((s) => s.proc.output().slice(-20000)).join('\n---\n')}\n`);
    // SIGTERM: a clean stop ends its Liquidsoap processes (a SIGKILL would leave them airing through their grace).
    if (playout?.alive()) await cluster.kill(playout, 'SIGTERM');
    await cluster?.stop();
    await ice?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    process.stdout.write(`scheduling service restarted, ready ${restartedInMs} ms after the kill\n${listeners.map((l) => `${l.name}: ${((l.connect - T) / 1000).toFixed(2)} → ${((l.leave - T) / 1000).toFixed(2)}`).join('\n')}\n${report.join('\n')}\n`);
  });

  /** The show's plays, once the as-run log has them all (the playout's spool delivers what waited while the service was away). */
  async function showPlays(): Promise<Play[]> {
    let plays: Play[] = [];
    await expect.poll(async () => {
      const reply = await gateway.api.get<Play[]>(`/players/${player}/plays`, { key, query: { start: new Date(T - 30_000).toISOString(), end: new Date(T + (SHOW_SECONDS + 5) * 1000).toISOString() } });
      plays = reply.status === 200 ? reply.body.data : [];
      return [...media.keys()].filter((id) => !plays.some((p) => p.media_id === id && p.end !== null));
    }, { timeout: limit(20_000), interval: 500 }).toEqual([]);
    return plays;
  }

  it("counts every play of the show exactly as the script implies, through the service's kill and restart", async () => {
    const plays = await showPlays();
    const shown = plays.filter((p) => media.has(p.media_id));
    expect(shown.map((p) => media.get(p.media_id)!.frequency)).toEqual(ITEMS.map((i) => i.frequency));
    for (const play of shown) {
      const window = { start: Date.parse(play.start), end: Date.parse(play.end!) };
      const label = `${media.get(play.media_id)!.frequency} Hz at T+${((window.start - T) / 1000).toFixed(2)}`;
      expect(clear(listeners, window), `${label}: a listener came or went too near its edges to judge`).toBe(true);
      const expected = expectedFigures(listeners, window);
      expect({ at_start: play.listeners_at_start, peak: play.peak_listeners, atp: play.atp }, label).toEqual({ at_start: expected.at_start, peak: expected.peak, atp: expected.atp });
      report.push(`${label}: at start ${play.listeners_at_start}, peak ${play.peak_listeners}, ATP ${play.atp}, ${play.listener_seconds} listener-seconds (script: ${expected.listener_seconds.toFixed(2)})`);
      expect(Math.abs(play.listener_seconds - expected.listener_seconds), `${label}: ${play.listener_seconds} s against ${expected.listener_seconds} s`).toBeLessThanOrEqual(expected.events_inside * (REPORT_DELAY_MS / 1000) + 1);
    }
  });

  it("names each recording in SoundExchange's report with the ATP the script gives it", async () => {
    const plays = (await showPlays()).filter((p) => media.has(p.media_id));
    const reply = await gateway.api.get<{ text: string }>(`/players/${player}/reports/soundexchange`, { key, query: { start: new Date(T - 30_000).toISOString(), end: new Date(T + (SHOW_SECONDS + 5) * 1000).toISOString(), category: 'B' } });
    expect(reply.status, reply.text).toBe(200);
    const [header, ...rows] = reply.body.data.text.split('\r\n').filter(Boolean).map((line) => line.split('\t'));
    const column = (name: string) => header!.indexOf(name);
    for (const play of plays) {
      const item = media.get(play.media_id)!;
      const row = rows.find((r) => r[column('ISRC')] === item.isrc);
      const atp = expectedFigures(listeners, { start: Date.parse(play.start), end: Date.parse(play.end!) }).atp;
      expect(row?.[column('ACTUAL_TOTAL_PERFORMANCES')], item.isrc).toBe(atp ? String(atp) : undefined);
      if (row) expect(row[column('ALBUM_TITLE')]).toBe('Test Tones');
    }
  });

  it('keeps every session: the one that began and the one that ended while the service was down among them', async () => {
    const reply = await gateway.api.get<{ sessions: number; unique_listeners: number; tuning_hours: number }>(`/players/${player}/listeners/summary`, { key, query: { start: new Date(T - 60_000).toISOString(), end: new Date(T + 60_000).toISOString() } });
    expect(reply.status, reply.text).toBe(200);
    const heard = listeners.reduce((sum, l) => sum + (l.leave - l.connect) / 1000, 0);
    expect(reply.body.data.sessions).toBe(SCRIPT.length);
    expect(reply.body.data.unique_listeners).toBe(1); // every ffmpeg listens from 127.0.0.1
    expect(Math.abs(reply.body.data.tuning_hours * 3600 - heard)).toBeLessThanOrEqual(SCRIPT.length * 2 * (REPORT_DELAY_MS / 1000));
  });
});
