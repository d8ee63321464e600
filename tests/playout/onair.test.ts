// On air, listened to, through the whole system (issue 34): the embedded default with its playout
// service airing via Liquidsoap to a private Icecast. Tones uploaded through the gateway, a player
// aired by Airwave, a playlist, a default playlist, shows back to back, a hard start in the middle
// of a track, a gap, an alert, a live show with a source (ffmpeg as the source client) and one
// without (onair-schedule.ts); the mount recorded with ffmpeg, the tone found every 50 ms, every
// transition compared with `GET /players/{id}/rundown` after the stream's constant latency, and
// the as-run log and now playing checked against what aired; last, the resume offset when the
// server is stopped and started again mid-item (onair-resume.ts). Needs liquidsoap, icecast2, ffmpeg
// and sox: under CI their absence fails; elsewhere the suite is skipped with the reason.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareTransitions, detectTones, freePort, haveTools, recordMount, silences, startIcecast, transitions, type Matched, type PrivateIcecast, type Recorder } from '@airwave/playout-testing/listen';
import { createLogger } from '@airwave/logging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';
import { limit } from '../../vitest.shared';
import { measureResume, type Resume } from './onair-resume';
import { AT, CANDIDATES, expectedFromRundown, LIVE_TONE, makeStation, schedule, type Block, type Station } from './onair-schedule';

const missing = await haveTools();
if (missing.length && process.env.CI) throw new Error(`the on-air listening test needs ${missing.join(', ')} (apt-get install liquidsoap icecast2 ffmpeg sox)`);
if (missing.length) process.stderr.write(`skipping the on-air listening test: ${missing.join(', ')} not on the PATH (apt-get install liquidsoap icecast2 ffmpeg sox)\n`);

type AsRun = { media_id: number; context: string; emerg_id: number; unix_timestamp: string };
type Playing = { show_name: string | null; media: { id: number; time_left: number | null } | null };

/** The tone of every 50 ms window, a window every 10 ms; a new tone counts once it holds 150 ms. */
const HOP_MS = 10;
const HOLD = 15;

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

/** ffmpeg sending a tone to a harbor input as an Icecast source client. */
function liveSource(port: number, password: string, frequency: number, seconds: number) {
  const child = spawn('ffmpeg', ['-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
    '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg', '-f', 'mp3', `icecast://source:${password}@127.0.0.1:${port}/live`], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (d: Buffer) => process.env.ONAIR_DEBUG && process.stderr.write(`live source: ${d.toString()}`));
  return () => child.kill('SIGTERM');
}

/** Waits until the mount answers (the engine connected to Icecast). */
async function mountUp(url: string) {
  const deadline = Date.now() + limit(30_000);
  for (;;) {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) }).catch(() => null);
    await res?.body?.cancel().catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 (the engine never reached Icecast): ${res?.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(missing.length > 0)('on air through the whole system, listened to (embedded)', () => {
  let system: TestSystem;
  let ice: PrivateIcecast;
  let recorder: Recorder | undefined;
  let admin: string;
  let dir: string;
  let station: Station;
  let T: number;
  let ids: Awaited<ReturnType<typeof schedule>>;
  let matched: Matched[] = [];
  let latency = 0;
  let maxError = 0;
  let gaps: Array<{ from: number; to: number }> = [];
  let blocks: Block[];
  const playing: { show?: Playing; alert?: Playing; at: number[] } = { at: [] };
  const stops: Array<() => void> = [];
  let resume: Resume | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'airwave-onair-'));
    ice = await startIcecast();
    // Player 1 (the first of a new system) listens for live sources on base + 1.
    const harbor = await freePort();
    const debug = process.env.ONAIR_DEBUG ? { logger: createLogger({ level: 'debug' }) } : {};
    system = await startTestSystem('embedded', { PLAYOUT_ENGINE: 'auto', PLAYOUT_HARBOR_PORT_BASE: String(harbor - 1), PLAYOUT_LEASE_RENEW_MS: '500', ...(process.env.ONAIR_DEBUG ? { LOG_LEVEL: 'debug' } : {}) }, debug);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const mount = ice.url('/onair');
    station = await makeStation(system.api, system.url, admin, dir, { streamUrl: mount, sourcePassword: ice.sourcePassword });
    expect(station.player).toBe(1);
    await mountUp(mount);
    recorder = recordMount(mount);
    await recorder.started;
    // Shows start on whole seconds, far enough ahead for the plan to reach Liquidsoap first.
    T = Math.ceil((Date.now() + Math.min(limit(6000), 20_000)) / 1000) * 1000;
    ids = await schedule(system.api, admin, station, T);
    await sleepUntil(T + 18_500);
    playing.show = (await system.api.get<Playing>(`/players/playing/${station.player}`, { key: admin })).body.data;
    playing.at.push(Date.now());
    await sleepUntil(T + (AT.alert + 1) * 1000);
    playing.alert = (await system.api.get<Playing>(`/players/playing/${station.player}`, { key: admin })).body.data;
    await sleepUntil(T + AT.source * 1000);
    const stopSource = liveSource(harbor, ice.sourcePassword, LIVE_TONE, 8);
    stops.push(stopSource);
    await sleepUntil(T + AT.sourceLeaves * 1000);
    stopSource();
    await sleepUntil(T + AT.listenUntil * 1000);
    const recording = await recorder.stop();
    recorder = undefined;
    const windows = detectTones(recording.samples, { rate: recording.rate, candidates: CANDIDATES, hopMs: HOP_MS });
    if (process.env.ONAIR_DEBUG) process.stderr.write(`${JSON.stringify(transitions(windows, HOLD).map((t) => [(recording.t0 + t.at - T) / 1000, t.to]))}\n`);
    const heard = transitions(windows, HOLD).map((t) => ({ at: recording.t0 + t.at, to: t.to }));
    blocks = (await system.api.get<Block[]>(`/players/${station.player}/rundown`, { key: admin, query: { start: new Date(T - 5000).toISOString(), end: new Date(T + AT.listenUntil * 1000).toISOString() } })).body.data;
    const alert = (await system.api.get<{ start: string; item_duration: number }>(`/alerts/${ids.alert}`, { key: admin })).body.data;
    const expected = expectedFromRundown(blocks, station.tones, ids, { start: Date.parse(alert.start), length: alert.item_duration * 1000 }, T - 1000).filter((e) => e.at < T + AT.end * 1000 + 1);
    ({ matched, latency, maxError } = compareTransitions(expected, heard, { latencyHintMs: 500 }));
    const fromT = windows.filter((w) => recording.t0 + w.at >= T - 2000);
    gaps = silences(fromT, 500, HOP_MS);
  }, limit(180_000));

  afterAll(async () => {
    for (const stop of stops) stop();
    await recorder?.stop().catch(() => undefined);
    await resume?.restarted.close();
    await system?.stop();
    await ice?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    const lines = matched.map((m) => `${m.expected.label} → ${m.expected.to} Hz: ${m.error === undefined ? 'not heard' : `${Math.round(m.error)} ms`}`);
    if (resume) process.stdout.write(`resume after a restart mid-item: off air ${Math.round(resume.offAirMs)} ms; step errors ${resume.errors.map((e) => `${e.tone} Hz ${Math.round(e.error)} ms`).join(', ')}\n`);
    process.stdout.write(`on air: latency ${Math.round(latency)} ms; largest transition error ${Math.round(maxError)} ms; silences > 500 ms: ${gaps.length ? gaps.map((g) => `${Math.round(g.to - g.from)} ms`).join(', ') : 'none'}\n${lines.join('\n')}\n`);
  });

  it('airs every transition of the rundown on time, after the constant latency', () => {
    expect(matched.length).toBeGreaterThanOrEqual(12);
    expect(matched.filter((m) => m.heard === undefined).map((m) => m.expected.label)).toEqual([]);
    expect(maxError).toBeLessThan(limit(500));
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(limit(2000));
  });

  it('never falls silent where nothing scheduled it', () => {
    expect(gaps.filter((g) => g.to - g.from > 2000)).toEqual([]);
  });

  it('names what aired in the as-run log, at its actual start', async () => {
    const monitor = async () =>
      (await system.api.get<{ results: AsRun[] }>('/players/monitor', { key: admin, query: { player_id: station.player, date_start: Math.floor(T / 1000) - 2, date_end: Math.ceil(T / 1000) + AT.listenUntil } })).body.data.results;
    const m = station.media;
    const shown = [m[440], m[550], m[660], m[770], m[880], m[1320], m[990]];
    await expect.poll(async () => {
      const rows = await monitor();
      return shown.filter((id) => !rows.some((r) => r.context === 'show' && r.media_id === id));
    }, { timeout: limit(10_000) }).toEqual([]);
    const rows = await monitor();
    const first = (id: number, context: string) => rows.filter((r) => r.media_id === id && r.context === context).map((r) => Number(r.unix_timestamp) * 1000).sort((a, b) => a - b)[0];
    // Every show item's actual start is its instant in the rundown.
    for (const block of blocks.filter((b) => b.kind === 'show')) {
      for (const item of block.items.filter((i) => i.media_id !== null)) {
        const planned = Date.parse(block.start) + item.offset * 1000;
        expect(Math.abs(first(item.media_id!, 'show')! - planned), `${block.name} at ${block.start}`).toBeLessThan(limit(300));
      }
    }
    const alert = rows.find((r) => r.context === 'emerg');
    expect(alert).toMatchObject({ media_id: m[1100], emerg_id: ids.alert });
    expect(Math.abs(Number(alert!.unix_timestamp) * 1000 - (T + AT.alert * 1000))).toBeLessThan(limit(300));
    // The default playlist filled the gap and the live show nobody connected to.
    const fills = rows.filter((r) => r.context === 'fallback').map((r) => Number(r.unix_timestamp) * 1000);
    for (const gap of [12, 23]) expect(fills.some((t) => Math.abs(t - (T + gap * 1000)) < limit(300)), `the default playlist at T+${gap}`).toBe(true);
  });

  it('says what is on air now: the show and its item, then the alert', () => {
    const show = blocks.find((b) => b.kind === 'show' && b.items[0]?.media_id === station.media[880])!;
    expect(playing.show).toMatchObject({ show_name: show.name, media: expect.objectContaining({ id: station.media[880] }) });
    // 880 began at T+17 and the alert cuts it at T+19: some 0.5 s left at T+18.5.
    expect(Math.abs(playing.show!.media!.time_left! - (T + AT.alert * 1000 - playing.at[0]!) / 1000)).toBeLessThanOrEqual(1);
    expect(playing.alert?.media?.id).toBe(station.media[1100]);
  });

  // Last: it stops the system the tests above read.
  it('resumes the item on air at its offset when the server is stopped and started again mid-item', async () => {
    resume = await measureResume(system, admin, station.player, dir, ice.url('/onair'), latency, mountUp);
    expect(resume.errors.length).toBeGreaterThanOrEqual(1);
    for (const step of resume.errors) expect(Math.abs(step.error), `${step.tone} Hz`).toBeLessThan(limit(1000));
  }, limit(120_000));
});
