// The listening scenario of the engine's test and benchmark: a plan of tone files that has every
// case the engine must air on time (back to back, a crossfade, a gap filled by the default
// playlist, a hard start in the middle of a track, an alert, a live show with a source and one
// without, a missing file, and an item already under way when it is planned), aired to a private
// Icecast, recorded, and every heard transition compared with the plan.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiquidsoapEngine } from '@airwave/playout/engine';
import type { Plan, PlannedItem, TrackEvent } from '@airwave/playout/engine';
import { freePort } from '@airwave/playout/engine';
import { compareTransitions, detectTones, silences, transitions, type ExpectedTransition, type Matched, type ToneWindow } from './detect';
import { startIcecast } from './icecast';
import { recordMountWhenUp } from './record';
import type { TitleSample, TitleSegment } from './titles';
import { makeTone } from './tones';

export const FALLBACK_TONE = 1650;
const CANDIDATES = [440, 550, 660, 770, 880, 1100, 1210, 1320, 1430, 1540, FALLBACK_TONE];

export interface ScenarioResult {
  latency: number;
  maxError: number;
  matched: Matched[];
  /** Silences of at least 500 ms after the first sound (none is scheduled). */
  silences: Array<{ from: number; to: number }>;
  events: TrackEvent[];
  plan: Plan;
  /** The Liquidsoap process's CPU seconds and peak RSS (kB) over the aired part. */
  cpuSeconds: number;
  wallSeconds: number;
  rssKb: number;
  windows: ToneWindow[];
  /** Icecast's now-playing title, asked every 250 ms from T - 1.5 s to T + 29.5 s. */
  titles: TitleSample[];
  /** The title that should show at every moment of that span. */
  titleSchedule: TitleSegment[];
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
export async function processUsage(pid: number): Promise<{ cpuSeconds: number; rssKb: number }> {
  const { readFile } = await import('node:fs/promises');
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { cpuSeconds: ticks / 100, rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) };
}

function builder(T: number) {
  let n = 0;
  return (path: string | undefined, start: number, duration: number, extra: Partial<PlannedItem> = {}): PlannedItem => {
    n += 1;
    return {
      key: `listen:${n}`, kind: 'file', path, media_id: n, title: `item ${n}`, artist: 'tones', start: T + start * 1000,
      duration: duration * 1000, cue_in: 0, gain_db: 0, crossfade: 0, hard: false, context: 'show', show_id: 1, show_name: 'tones', ...extra,
    };
  };
}

async function twoTones(dir: string, a: number, b: number): Promise<string> {
  const { execFile } = await import('node:child_process');
  const first = await makeTone(join(dir, `part-${a}.wav`), a, 6);
  const second = await makeTone(join(dir, `part-${b}.wav`), b, 4);
  const out = join(dir, `late-${a}-${b}.wav`);
  await new Promise<void>((resolve, reject) => execFile('sox', [first, second, out], (err) => (err ? reject(err) : resolve())));
  return out;
}

/** ffmpeg as an Icecast source client of a harbor: a sine for `seconds`; returns its stop and its exit. */
export function liveSource(port: number, password: string, frequency: number, seconds: number, mount = '/live') {
  const child = spawn('ffmpeg', ['-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
    '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg', '-f', 'mp3', `icecast://source:${encodeURIComponent(password)}@127.0.0.1:${port}${mount}`], { stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return Object.assign(() => child.kill('SIGTERM'), { exited });
}

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

/** Icecast's title between two instants, asked every 250 ms, with when each question went and its answer came. */
async function titlesDuring(ask: () => Promise<string | undefined>, from: number, to: number): Promise<TitleSample[]> {
  const out: TitleSample[] = [];
  for (let t = from; t <= to; t += 250) {
    await sleepUntil(t);
    if (Date.now() > to) break;
    const sent = Date.now();
    const title = await ask().catch(() => null);
    if (title !== null) out.push({ sent, received: Date.now(), title });
  }
  return out;
}

interface Files {
  fallback: string;
  late: string;
  tones: Record<number, string>;
  missing: string;
}

async function makeFiles(dir: string): Promise<Files> {
  const tone = (f: number, s: number) => makeTone(join(dir, `tone-${f}-${s}.wav`), f, s);
  return {
    fallback: await tone(FALLBACK_TONE, 120),
    late: await twoTones(dir, 1430, 1540),
    tones: Object.fromEntries(await Promise.all([440, 550, 660, 770, 880, 1100, 1320].map(async (f) => [f, await tone(f, 6)] as const))),
    missing: join(dir, 'missing.wav'),
  };
}

/** The plan: planned at U, the shows from T = U + 9 s. */
function scenarioPlan(files: Files, U: number, T: number): Plan {
  const item = builder(T);
  const s = (ms: number) => (ms - T) / 1000;
  const t = files.tones;
  return {
    player_id: 1,
    fallback: [item(files.fallback, 0, 120, { key: 'default:1', context: 'fallback' })],
    items: [
      item(files.late, s(U - 1000), 8), // under way when planned: starts a second or so later, 2 s or so into the file
      item(t[440], 0, 4),
      item(t[550], 4, 4, { crossfade: 1 }),
      item(t[660], 7, 4),
      item(t[770], 13, 5), // after a gap of 2 s (the default playlist)
      item(t[880], 16, 4, { hard: true }), // cuts 770 in the middle
      item(t[1100], 17.5, 1.5, { context: 'emerg', show_name: 'alert' }),
      item(undefined, 20, 3, { kind: 'live', password: 'show-secret' }),
      item(files.missing, 23, 2),
      item(t[1320], 25, 2),
      item(undefined, 27, 2, { kind: 'live', password: 'nobody-connects' }),
    ],
  };
}

function expectedTransitions(U: number, T: number): ExpectedTransition[] {
  const at = (sec: number) => T + sec * 1000;
  return [
    { at: U - 1000 + 6000, to: 1540, label: 'late start: the file continues at its offset' },
    { at: U + 7000, to: FALLBACK_TONE, label: 'gap: default playlist' },
    { at: at(0), to: 440, label: 'first show item' },
    { at: at(4), to: 550, label: 'back to back' },
    { at: at(7.5), to: 660, label: 'crossfade (its middle)' },
    { at: at(11), to: FALLBACK_TONE, label: 'gap: default playlist' },
    { at: at(13), to: 770, label: 'after the gap' },
    { at: at(16), to: 880, label: 'hard start in the middle of 770' },
    { at: at(17.5), to: 1100, label: 'alert' },
    { at: at(19), to: 880, label: 'back from the alert' },
    { at: at(20), to: 1210, label: 'live show with a source' },
    { at: at(23), to: FALLBACK_TONE, label: 'missing file: default playlist' },
    { at: at(25), to: 1320, label: 'after the missing file' },
    { at: at(27), to: FALLBACK_TONE, label: 'live show without a source: default playlist' },
  ];
}

/** What Icecast's title should be from T - 2 s on: the title of whatever airs (the default playlist's is "item 1"). */
function titleSchedule(T: number): TitleSegment[] {
  const title = (n: number) => `tones - item ${n}`;
  const at = (sec: number, n: number, label: string) => ({ from: T + sec * 1000, title: title(n), label });
  return [
    at(-2, 1, 'gap: default playlist'),
    at(0, 3, 'first show item'),
    at(4, 4, 'back to back'),
    at(7, 5, 'crossfade: from its start'),
    at(11, 1, 'gap: default playlist'),
    at(13, 6, 'after the gap'),
    at(16, 7, 'hard start'),
    at(17.5, 8, 'alert'),
    at(19, 7, 'back from the alert'),
    at(20, 9, 'live show with a source'),
    at(23, 1, 'missing file: default playlist'),
    at(25, 11, 'after the missing file'),
    at(27, 1, 'live show without a source: default playlist'),
  ];
}

/** Samples the process's CPU and peak RSS while the scenario airs. */
function usageMeter(pid: number) {
  let peak = 0;
  const started = processUsage(pid);
  const wallStart = Date.now();
  const timer = setInterval(() => void processUsage(pid).then((u) => (peak = Math.max(peak, u.rssKb)), () => undefined), 1000);
  return async () => {
    clearInterval(timer);
    const [before, after] = [await started, await processUsage(pid)];
    return { cpuSeconds: after.cpuSeconds - before.cpuSeconds, wallSeconds: (Date.now() - wallStart) / 1000, rssKb: Math.max(peak, after.rssKb) };
  };
}

/** Airs the scenario and judges it. `startTimeoutMs` bounds Liquidsoap's start on a busy machine. */
export async function runListeningScenario(options: { startTimeoutMs?: number; log?: (m: string) => void; hopMs?: number } = {}): Promise<ScenarioResult> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-listen-'));
  const ice = await startIcecast();
  const harborPort = await freePort();
  const engine = new LiquidsoapEngine({ playerId: 1, startTimeoutMs: options.startTimeoutMs, log: (l, m, f) => options.log?.(`${l} ${m} ${JSON.stringify(f ?? {})}`) });
  const events: TrackEvent[] = [];
  engine.onTrack((e) => events.push(e));
  const stops: Array<() => void> = [];
  try {
    const files = await makeFiles(dir);
    await engine.start({ host: ice.host, port: ice.port, mount: '/listen', password: ice.sourcePassword, harbor: { port: harborPort, mount: '/live', password: 'unused-default' } });
    const recorder = await recordMountWhenUp(ice.url('/listen'), options.startTimeoutMs ?? 60_000);
    const U = Date.now() + 500;
    const T = U + 9000;
    const plan = scenarioPlan(files, U, T);
    await sleepUntil(U);
    await engine.update(plan);
    setTimeout(() => stops.push(liveSource(harborPort, 'show-secret', 1210, 6.5)), Math.max(0, T + 17_000 - Date.now()));
    const usage = usageMeter(engine.pid!);
    const titles = titlesDuring(() => ice.nowPlaying('/listen'), T - 1500, T + 29_500);
    await sleepUntil(T + 30_000);
    const used = await usage();
    const recording = await recorder.stop();
    const hopMs = options.hopMs ?? 50;
    const windows = detectTones(recording.samples, { rate: recording.rate, candidates: CANDIDATES, hopMs });
    const heard = transitions(windows, Math.ceil(150 / hopMs)).map((t) => ({ at: recording.t0 + t.at, to: t.to }));
    const compared = compareTransitions(expectedTransitions(U, T), heard, { latencyHintMs: 500 });
    const firstSound = windows.find((w) => w.tone !== 0)?.at ?? 0;
    return { ...compared, ...used, titles: await titles, titleSchedule: titleSchedule(T), silences: silences(windows.filter((w) => w.at >= firstSound), 500, hopMs), events, plan, windows };
  } finally {
    for (const stop of stops) stop();
    await engine.stop();
    await ice.close();
    await rm(dir, { recursive: true, force: true });
  }
}
