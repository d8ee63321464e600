// The crash scenario (issue 41), run by the test (crash.test.ts) and by the benchmark
// (bench/onair-crash.ts): the embedded default in its own process, as `pnpm start` runs it, airing
// through Liquidsoap to a private Icecast the crash station's playlist show (crash-station.ts);
// mid-item, SIGKILL of the player's Liquidsoap, of the server, then of both; the mount recorded
// across its outages and compared with the rundown every 10 ms (crash-analysis.ts).
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareTransitions, recordSegments, startIcecast, transitions, type PrivateIcecast, type Recording, type SegmentedRecorder } from '@airwave/playout-testing/listen';
import { freePort } from '@airwave/playout/engine';
import { limit } from '../../vitest.shared';
import { ADMIN_PASSWORD } from '../src/harness';
import { startServerProcess, type ServerProcess } from '../src/server-process';
import { expectedSpans, heardGrid, heardTones, segmentLatency, total, wrongRuns, type Heard, type RundownBlock, type Run, type ToneSpan } from './crash-analysis';
import { CANDIDATES, DEFAULT_TONE, ITEMS, makeCrashStation, scheduleShow, type CrashStation } from './crash-station';

const STEP_MS = 10;
/** How long after each kill the scenario looks for the way back on air. */
const RECOVERY_MS = 20_000;
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

export type KillName = 'liquidsoap' | 'server' | 'both';

export interface Kill {
  name: KillName;
  at: number;
  /** The server's restart: ms from the kill until it answered again. */
  restartMs?: number;
}

export interface KillFigures {
  kill: Kill;
  /** Anything but the rundown's tone after the kill (no stream, silence, another tone), in runs of 50 ms or more. */
  offAirMs: number;
  /** Where the last of those runs ended (Unix ms, rundown time). */
  backAt: number;
  /**
   * The killed item's change of tone, heard minus planned (after the latency): the offset it
   * resumed at; undefined when it was never heard, null when it fell inside the outage (then what
   * aired on the way back is judged by `offAirMs`: any other tone counts as off air).
   */
  stepErrorMs: number | null | undefined;
  /** What was heard instead of the rundown after the kill. */
  detail: string;
}

export interface CrashFigures {
  kills: KillFigures[];
  latencies: number[];
  transitions: { max: number; matched: number; missed: string[] };
  /** Audio the rundown does not have, outside the kills. */
  unplanned: Run[];
  /** Log lines of cuts and replaced pushes after the show began (nothing changed the schedule then). */
  spurious: string[];
}

/** The pid of the Liquidsoap airing the player, from the playout's records. */
async function airingLiquidsoap(dataDir: string, player: number): Promise<number> {
  const dir = join(dataDir, 'playout-cache', 'engines');
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    const record = JSON.parse(await readFile(join(dir, name), 'utf8')) as { pid: number; player_id: number | null };
    if (record.player_id === player) return record.pid;
  }
  throw new Error(`no Liquidsoap recorded for player ${player}`);
}

async function mountUp(url: string) {
  const deadline = Date.now() + limit(60_000);
  for (;;) {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) }).catch(() => null);
    await res?.body?.cancel().catch(() => undefined);
    if (res?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} never answered 200`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Every segment's windows in rundown time (its listener time minus its own latency). A segment
 * that heard no change of tone to match (a short one, a single item) takes the median latency of
 * the others.
 */
function placeHeard(segments: Recording[], spans: ToneSpan[]): { heard: Heard[]; latencies: number[] } {
  const own = segments.map((segment) => segmentLatency(segment, spans, CANDIDATES));
  const known = own.filter((l): l is number => l !== null).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 150;
  const latencies = own.map((l) => l ?? median);
  const heard = segments.flatMap((segment, i) => heardTones(segment, CANDIDATES, { windowMs: 20, hopMs: STEP_MS }).map((h) => ({ at: h.at - latencies[i]!, tone: h.tone })));
  return { heard: heard.sort((a, b) => a.at - b.at), latencies };
}

/** Off air after a kill (anything but the rundown's tone, silence and no stream included) and the killed item's change of tone. */
function measureKill(kill: Kill, grid: Array<number | null>, spans: ToneSpan[], from: number): KillFigures {
  const start = Math.floor((kill.at - from) / STEP_MS);
  const window = grid.slice(start, start + RECOVERY_MS / STEP_MS);
  const runs = wrongRuns(window, spans, from + start * STEP_MS, STEP_MS, { guardMs: 0, audioOnly: false });
  // runs under 50 ms are the hand-overs between items (measured with the transitions), not the crash
  const off = runs.filter((r) => r.to - r.from >= 50);
  const item = ITEMS.find((i) => i.name === kill.name)!;
  const step = spans.find((s) => s.tone === item.steps[1]!.frequency)!;
  const i = grid.findIndex((tone, n) => tone === step.tone && grid.slice(n, n + 15).every((x) => x === step.tone));
  const backAt = off.at(-1)?.to ?? kill.at;
  return {
    kill,
    offAirMs: total(off),
    backAt,
    stepErrorMs: backAt > step.from ? null : i < 0 ? undefined : from + i * STEP_MS - step.from,
    detail: `${kill.name}: ${runs.map((r) => `+${r.from - kill.at}..+${r.to - kill.at} ms heard ${r.heard ?? 'no stream'} for ${r.expected}`).join('; ')}`,
  };
}

/** The cuts and replaced pushes the engine logged from `since` on. */
async function spuriousChanges(dataDir: string, since: number): Promise<string[]> {
  const logs = await Promise.all((await readdir(dataDir)).filter((n) => n.startsWith('server-')).map((n) => readFile(join(dataDir, n), 'utf8')));
  return logs
    .flatMap((log) => log.split('\n'))
    .filter((line) => /plan changed: (item on air cut short|queued items replaced)/.test(line) && Date.parse((JSON.parse(line) as { time: string }).time) >= since);
}

interface Running {
  dir: string;
  dataDir: string;
  ice: PrivateIcecast;
  server?: ServerProcess;
  recorder?: SegmentedRecorder;
}

/** Airs the show, kills at its three instants, and answers what the listener heard against the rundown. */
async function airAndKill(run: Running): Promise<CrashFigures> {
  const key = async () => (await run.server!.api.login('admin', ADMIN_PASSWORD)).key;
  const admin = await key();
  const mount = run.ice.url('/crash');
  const station: CrashStation = await makeCrashStation(run.server!.api, admin, run.dir, { streamUrl: mount, sourcePassword: run.ice.sourcePassword });
  await mountUp(mount);
  run.recorder = recordSegments(mount);
  const T = Math.ceil((Date.now() + Math.min(limit(6000), 20_000)) / 1000) * 1000;
  const seconds = Math.ceil(ITEMS.reduce((sum, i) => sum + i.steps.reduce((s, x) => s + x.seconds, 0), 0));
  await scheduleShow(run.server!.api, admin, station, T, seconds);
  const window = { start: new Date(T - 3000).toISOString(), end: new Date(T + (seconds + 6) * 1000).toISOString() };
  const rundown = async () => (await run.server!.api.get<RundownBlock[]>(`/players/${station.player}/rundown`, { key: await key(), query: window })).body.data;
  const show = (await rundown()).find((b) => b.kind === 'show')!;
  const startOf = (name: string) => Date.parse(show.start) + Math.round(show.items.find((i) => i.media_id === station.ids[name])!.offset * 1000);
  const kills: Kill[] = [];
  for (const name of ['liquidsoap', 'server', 'both'] as const) {
    await sleepUntil(startOf(name) + 3000);
    const liquidsoap = name === 'server' ? 0 : await airingLiquidsoap(run.dataDir, station.player);
    const kill: Kill = { name, at: Date.now() };
    if (liquidsoap) process.kill(liquidsoap, 'SIGKILL');
    if (name !== 'liquidsoap') {
      await run.server!.kill();
      await run.server!.start();
      kill.restartMs = Date.now() - kill.at;
    }
    kills.push(kill);
  }
  await sleepUntil(T + (seconds + 5) * 1000);
  const segments = await run.recorder.stop();
  run.recorder = undefined;
  const spans = expectedSpans(await rundown(), station.steps, DEFAULT_TONE).filter((s) => s.to > T - 2000);
  const { heard, latencies } = placeHeard(segments, spans);
  const from = T - 2000;
  const grid = heardGrid(heard, from, T + (seconds + 4) * 1000, STEP_MS);
  const figures = kills.map((kill) => measureKill(kill, grid, spans, from));
  const inKill = (t: number) => figures.some((f) => t >= f.kill.at - 500 && t < f.backAt + 1000);
  const expected = spans.slice(1).map((s) => ({ at: s.from, to: s.tone, label: s.label })).filter((e) => e.at >= T && !inKill(e.at));
  const heardChanges = transitions(heard.map((h) => ({ at: h.at, tone: h.tone, level: 0 })), 15).map((t) => ({ at: t.at, to: t.to }));
  const compared = compareTransitions(expected, heardChanges, { searchMs: 1000 });
  return {
    kills: figures,
    latencies,
    transitions: { max: compared.maxError, matched: compared.matched.filter((m) => m.error !== undefined).length, missed: compared.matched.filter((m) => m.error === undefined).map((m) => m.expected.label ?? '') },
    unplanned: wrongRuns(grid, spans, from, STEP_MS, { guardMs: 40, audioOnly: true }).filter((r) => !inKill(r.from)),
    spurious: await spuriousChanges(run.dataDir, T),
  };
}

/** Runs the whole scenario on a fresh data directory and Icecast; `keep` leaves the directory (logs) behind. */
export async function runCrashScenario(options: { keep?: boolean } = {}): Promise<CrashFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-crash-'));
  const run: Running = { dir, dataDir: join(dir, 'data'), ice: await startIcecast() };
  try {
    await mkdir(run.dataDir);
    const env = {
      AIRWAVE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      PLAYOUT_ENGINE: 'auto',
      PLAYOUT_LEASE_RENEW_MS: '500',
      PLAYOUT_HARBOR_PORT_BASE: String((await freePort()) - 1),
      REQUEST_TIMEOUT_MS: String(limit(5000)),
    };
    run.server = await startServerProcess(env, run.dataDir, await freePort());
    return await airAndKill(run);
  } finally {
    await run.recorder?.stop().catch(() => undefined);
    await run.server?.stop().catch(() => undefined);
    await run.ice.close();
    if (!options.keep) await rm(dir, { recursive: true, force: true });
  }
}

/** The figures as the test and the benchmark print them. */
export function describeFigures(f: CrashFigures): string {
  const kills = f.kills.map((k) => `kill -9 of ${k.kill.name}: off air ${k.offAirMs} ms${k.kill.restartMs ? ` (server answering again ${k.kill.restartMs} ms after the kill)` : ''}; ${k.stepErrorMs === null ? 'its change of tone fell inside the outage' : `resumed offset error ${k.stepErrorMs ?? 'not heard'} ms`}`);
  const unplanned = f.unplanned.length ? f.unplanned.map((r) => `${r.to - r.from} ms of ${r.heard} Hz for ${r.expected} Hz`).join('; ') : 'none';
  return [
    ...f.kills.map((k) => k.detail),
    `crashes: latency ${f.latencies.map(Math.round).join(', ')} ms per segment; largest transition error ${Math.round(f.transitions.max)} ms over ${f.transitions.matched} transitions`,
    ...kills,
    `spurious cuts and replaced pushes: ${f.spurious.length}`,
    `audio the rundown does not have (outside the kills): ${unplanned}`,
  ].join('\n');
}
