/* eslint-disable no-console -- a benchmark reports on stdout */
// HTTP throughput of the whole server, beside a bare Fastify route, with autocannon. One run starts
//   (a) the embedded default, as `pnpm start` runs it (PGlite, in-process bus, in-memory sessions),
//       its data in a temporary directory;
//   (b) the separate services (account, media, scheduling, modules, gateway), each its own process,
//       on NATS_URL, a fresh database on DATABASE_URL (dropped afterwards) and REDIS_URL, with a
//       unique BUS_PREFIX and REDIS_PREFIX (cleaned up afterwards);
//   (c) a bare Fastify route (bench/bare-fastify.ts), one process for the whole run;
// and reports requests/second and p50/p99 latency of an authenticated GET /api/v2/account/uid,
// GET /api/v2/media/search over generated items and GET /api/v2/shows (a week of 50 recurring
// entries), plus the RSS of every process after start-up and after the load.
//
// The ratio to bare Fastify is measured in pairs: every run of a system is flanked by bare Fastify
// runs (bare, system, bare, system, …, bare) and divided by the mean of the two around it, so a
// change of the machine's pace (on a shared 2-core machine, bare Fastify alone moved between 18,000
// and 53,000 req/s from one hour to the next) hits both sides of a ratio alike. The report gives
// the median ratio of the pairs and the lowest and highest.
//
// Run: pnpm bench:http            (from the repository root)
// Options (environment): BENCH_SECONDS (10 per run), BENCH_CONNECTIONS (50), BENCH_ITEMS (100000),
//   BENCH_EMBEDDED_ITEMS (BENCH_ITEMS), BENCH_TARGETS (embedded,distributed),
//   BENCH_ENDPOINTS (uid,search,shows), BENCH_REPEAT (3: runs of every endpoint, each between two
//   bare Fastify runs; the run with the median ratio is reported, every ratio goes to the notes),
//   BENCH_SHOW_EXCEPTIONS (0: exceptions added to the busy player's shows, spread over July, a
//   third each skipped, moved two minutes earlier and airing another item), BENCH_PROFILE=1 (run the gateway and the embedded server with `node --cpu-prof`) or a list of
//   process names (`gateway,scheduling`, `embedded`); profiles under bench/profiles/<process>-<time>/,
//   one per thread: the largest is the main thread.
//   DATABASE_URL / NATS_URL / REDIS_URL default to the machine's postgres://postgres@127.0.0.1:5432/test,
//   nats://127.0.0.1:4222 and redis://127.0.0.1:6379.
// Every target listens on 127.0.0.1 only, every load run is bounded in time, and every process
// started here is stopped at the end, also on failure or Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createInProcessBus, deleteNatsStream } from '@airwave/bus';
import { createTestDatabase, openDatabase, sql, type Database } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { mediaService } from '@airwave/media';
import { createMemorySessionStore, deleteRedisPrefix } from '@airwave/sessions';
import { startService } from '@airwave/service-kit';
import { insertGeneratedItems } from './generated-items';
import { endpoints, savedFilters, type Endpoint, type Setup } from './http-endpoints';
import { cpuMicros } from './proc';
import { seals } from './seals';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_ROOT: another checkout whose server and services are measured (a `before` worktree), with this harness.
// The items are loaded with this checkout's media migrations: a checkout without one of them refuses
// the schema at start ("exited (1)"); run that checkout's own harness instead.
const targetRoot = resolve(process.env.BENCH_ROOT ?? root);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const items = Number(process.env.BENCH_ITEMS ?? 100_000);
const embeddedItems = Number(process.env.BENCH_EMBEDDED_ITEMS ?? items);
const targets = (process.env.BENCH_TARGETS ?? 'embedded,distributed').split(',');
// BENCH_PROFILE=1: the gateway (and the embedded server); or a list of process names (gateway,scheduling,…).
const profiled = new Set(process.env.BENCH_PROFILE === '1' ? ['gateway', 'embedded'] : (process.env.BENCH_PROFILE ?? '').split(',').filter(Boolean));
const only = (process.env.BENCH_ENDPOINTS ?? 'uid,search,prefix,advanced,saved,count,save').split(',');
const repeat = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const urls = {
  database: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  nats: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};
const ADMIN_PASSWORD = 'bench-admin-password';
const profileDir = join(root, 'bench', 'profiles');

// ---- processes: every child is tracked and killed on the way out, whatever happens
const children = new Set<ChildProcess>();
const scratch = mkdtempSync(join(tmpdir(), 'airwave-bench-http-'));
const cleanups: (() => Promise<void>)[] = [];

function killAll(signal: NodeJS.Signals) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on('exit', () => killAll('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    void shutdown().finally(() => process.exit(130));
  });
}

let shutDown = false;
async function shutdown() {
  if (shutDown) return;
  shutDown = true;
  await Promise.all([...children].map((child) => stopChild(child)));
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  rmSync(scratch, { recursive: true, force: true });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Starts `node <script>` (a bundle) or `node --import tsx <script>` (TypeScript) in `cwd`, as the images do; logs go to a file. */
function startProcess(name: string, cwd: string, script: string, env: Record<string, string>, options: { profile?: boolean } = {}): ChildProcess {
  const log = openSync(join(scratch, `${name}.log`), 'a');
  const args = [...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, `${name}-${Date.now()}`)}`] : []), script];
  // Never the bench's own infrastructure URLs: the embedded target must run on PGlite, the in-process
  // bus and in-memory sessions (and must not write into the database the URLs point at).
  const { DATABASE_URL: _d, NATS_URL: _n, REDIS_URL: _r, ...inherited } = process.env;
  const child = spawn(process.execPath, args, { cwd, env: { ...inherited, ...env }, stdio: ['ignore', log, log] });
  closeSync(log);
  children.add(child);
  child.once('exit', (code, signal) => {
    if (!shutDown && code !== 0) console.error(`${name} exited (${code ?? signal}); its log: ${join(scratch, `${name}.log`)}`);
  });
  return child;
}

/**
 * The machine's servers a target uses, by name (none for the embedded default). PostgreSQL: the
 * backends serving the benchmark's database and the server's own processes (WAL writer,
 * checkpointer, …), not other databases' backends (the machine is shared). NATS and Redis are
 * counted whole (one process each, shared with whoever else uses them meanwhile).
 */
let serverPids: () => Promise<Record<string, number[]>> = async () => ({});

function machineServerPids(database: Database, name: string): () => Promise<Record<string, number[]>> {
  const pids = (process: string) =>
    (spawnSync('pgrep', ['-x', process], { encoding: 'utf8' }).stdout ?? '')
      .split('\n')
      .filter(Boolean)
      .map(Number);
  return async () => {
    const rows = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${name} or backend_type <> 'client backend'`.execute(database.root);
    return { 'nats-server': pids('nats-server'), 'redis-server': pids('redis-server'), postgres: rows.rows.map((r) => r.pid) };
  };
}

/** CPU used so far by each of the system's processes, the machine's servers and the load generator. */
async function cpuSnapshot(processes: Record<string, ChildProcess>): Promise<Record<string, number>> {
  const snapshot: Record<string, number> = {};
  for (const [name, child] of Object.entries(processes)) snapshot[name] = child.pid ? cpuMicros(child.pid) : 0;
  if ('bare Fastify' in processes) return snapshot;
  for (const [name, pids] of Object.entries(await serverPids())) snapshot[name] = pids.reduce((sum, pid) => sum + cpuMicros(pid), 0);
  const own = process.cpuUsage();
  snapshot['autocannon (bench process)'] = own.user + own.system;
  return snapshot;
}

/** CPU microseconds per request by process between two snapshots. */
function cpuPerRequest(before: Record<string, number>, after: Record<string, number>, requests: number): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((name) => [name, Math.max(0, (after[name]! - (before[name] ?? 0)) / Math.max(1, requests))]));
}

/** Resident set size of a process, in MB. */
function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// Start-up compiles the server's TypeScript (tsx): at load average 20 on two cores the embedded
// server took over 90 s to be ready, hence the bound.
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

// ---- the HTTP client used to set things up
interface Envelope<T> {
  status: boolean;
  msg: string;
  data: T;
}
async function api<T>(base: string, method: string, path: string, key?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api/v2${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.msg}`);
  return envelope.data;
}

// ---- data: generated media items (bench/generated-items.ts) and a busy player

/** Creates the media schema with the media service's own migrations, then inserts `count` items. */
async function loadMedia(database: Database, count: number, dataDir: string) {
  const service = await startService(
    mediaService,
    { database, bus: createInProcessBus(), sessions: createMemorySessionStore(), opener: seals.opener, embedded: false, close: async () => undefined },
    createLogger({ level: 'silent' }),
    { DATA_DIR: dataDir },
  );
  await service.stop();
  await insertGeneratedItems(database, count);
}

const modes = ['daily', 'weekly', 'xdays', 'monthly', 'xweeks'] as const;
const weekStart = '2026-07-01T00:00:00Z';
const weekEnd = '2026-07-08T00:00:00Z';

/** A player with 50 recurring shows over 2026 (as bench/scheduling.ts), created through the API. */
async function createBusyPlayer(base: string, key: string): Promise<number> {
  const [item] = (await api<{ media: { id: number }[] }>(base, 'GET', '/media/search?l=1', key)).media;
  if (!item) throw new Error('No approved media item to schedule');
  const player = await api<{ id: number }>(base, 'POST', '/players', key, { name: 'Busy player', timezone: 'Europe/London' });
  for (let i = 0; i < 50; i += 1) {
    const mode = modes[i % modes.length]!;
    const minutes = i * 28;
    const start = `2026-01-01T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+00:00`;
    await api(base, 'POST', '/shows', key, {
      player_id: player.id,
      mode,
      ...(mode === 'xdays' || mode === 'xweeks' ? { x_data: 2 } : {}),
      start,
      duration: 25 * 60,
      stop: '2027-01-01T00:00:00+00:00',
      item_type: 'media',
      item_id: item.id,
    });
  }
  await addShowExceptions(base, key, player.id, item.id, Number(process.env.BENCH_SHOW_EXCEPTIONS ?? 0));
  const week = await api<unknown[]>(base, 'GET', `/shows?start=${weekStart}&end=${weekEnd}&player=${player.id}`, key);
  if (week.length < 100) throw new Error(`Expected a busy week, got ${week.length} occurrences`);
  return player.id;
}

/** What the calls need: the busy player (only for `shows`), a saved search and items to edit. */
async function prepare(base: string, key: string): Promise<Setup> {
  const player = only.includes('shows') ? await createBusyPlayer(base, key) : 0;
  const q = encodeURIComponent(JSON.stringify({ mode: 'advanced', filters: savedFilters }));
  await api(base, 'GET', `/media/search?l=1&save_history=1&q=${q}`, key);
  const { history } = await api<{ history: { id: number }[] }>(base, 'GET', '/media/searches', key);
  await api(base, 'POST', '/media/searches', key, { id: history[0]!.id });
  const { media } = await api<{ media: { id: number }[] }>(base, 'GET', '/media/search?l=500&sort_by=title', key);
  return { weekStart, weekEnd, player, savedSearch: history[0]!.id, itemIds: media.map((item) => item.id) };
}

/** `count` exceptions on occurrences spread over July (the benchmark's week among them). */
async function addShowExceptions(base: string, key: string, player: number, itemId: number, count: number) {
  if (count === 0) return;
  const july = await api<{ id: number; start: string }[]>(base, 'GET', `/shows?start=2026-07-01T00:00:00Z&end=2026-08-01T00:00:00Z&player=${player}`, key);
  const step = Math.max(1, Math.floor(july.length / count));
  for (let n = 0; n < count && n * step < july.length; n += 1) {
    const { id, start } = july[n * step]!;
    const change = [{ skip: true }, { start: Date.parse(start) / 1000 - 120 }, { item_type: 'media', item_id: itemId }][n % 3];
    await api(base, 'POST', `/shows/${id}/exceptions`, key, { original_start: start, ...change });
  }
}

// ---- load
interface Figures {
  /** The machine's 1-minute load average as the run began. */
  loadAverage: number;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Non-2xx answers, then connection errors and timeouts. */
  non2xx: number;
  errors: number;
  bad: number;
}
/** One load run on `url`, with the CPU time each of `processes` spent per request during it. */
async function loadWithCpu(processes: Record<string, ChildProcess>, url: string, headers: Record<string, string> = {}, endpoint?: Endpoint) {
  const before = await cpuSnapshot(processes);
  const figures = await load(url, headers, seconds, endpoint);
  return { figures, cpu: cpuPerRequest(before, await cpuSnapshot(processes), figures.total) };
}

/** The middle value by `key` (the lower of the two middle ones for an even count). */
const medianBy = <T>(values: T[], key: (value: T) => number): T => [...values].sort((a, b) => key(a) - key(b))[Math.floor((values.length - 1) / 2)]!;

/** One load run with its CPU per request by process. */
interface Run {
  figures: Figures;
  cpu: Record<string, number>;
}

/** The bare Fastify yardstick: one process, measured between the runs of every system. */
interface Yardstick {
  child: ChildProcess;
  url: string;
  rss: number;
  /** Every bare run of the benchmark, in order. */
  runs: Run[];
}

/**
 * BENCH_REPEAT runs of `measure`, each between two runs of bare Fastify (bare, system, bare, …,
 * bare): a run's ratio divides its rate by the mean of the bare runs just before and just after it.
 * Returns the run with the median ratio and every run's rate and ratio.
 */
async function pairedRuns(yardstick: Yardstick, measure: () => Promise<Run>): Promise<{ result: Run; ratio: number; rates: number[]; ratios: number[]; bareRates: number[] }> {
  const measureBare = async () => {
    const run = await loadWithCpu({ 'bare Fastify': yardstick.child }, yardstick.url);
    yardstick.runs.push(run);
    return run;
  };
  const bares: Run[] = [await measureBare()];
  const runs: { run: Run; ratio: number }[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const run = await measure();
    const after = await measureBare();
    runs.push({ run, ratio: run.figures.rps / ((bares.at(-1)!.figures.rps + after.figures.rps) / 2) });
    bares.push(after);
  }
  const middle = medianBy(runs, (run) => run.ratio);
  return {
    result: middle.run,
    ratio: middle.ratio,
    rates: runs.map(({ run }) => Math.round(run.figures.rps)),
    ratios: runs.map(({ ratio }) => ratio),
    bareRates: bares.map((run) => Math.round(run.figures.rps)),
  };
}

async function load(url: string, headers: Record<string, string> = {}, duration = seconds, endpoint?: Endpoint): Promise<Figures> {
  const loadAverage = loadavg()[0]!;
  const write = endpoint?.body;
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: write ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(write ? { requests: [{ method: endpoint.method ?? 'PUT', setupRequest: (request) => ({ ...request, body: write((n += 1)) }) }] } : {}),
  });
  return {
    loadAverage,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

interface SystemResult {
  label: string;
  figures: Record<string, Figures>;
  rss: { name: string; started: number; loaded: number }[];
  /** CPU microseconds per request by process, per endpoint. */
  cpu: Record<string, Record<string, number>>;
  /** Per endpoint: the median ratio to bare Fastify, and the lowest and highest of the pairs. */
  ratios: Record<string, { median: number; low: number; high: number }>;
  notes: string[];
}

async function measureSystem(
  label: string,
  base: string,
  processes: Record<string, ChildProcess>,
  key: string,
  setup: Setup,
  yardstick: Yardstick,
  notes: string[],
): Promise<SystemResult> {
  await sleep(2000); // let start-up work (outbox relays, JIT) settle
  const started = Object.fromEntries(Object.entries(processes).map(([name, child]) => [name, rssMb(child)]));
  const headers = { authorization: `Bearer ${key}` };
  const calls = endpoints(setup);
  await load(`${base}/api/v2/account/uid`, headers, 2); // warm-up
  const figures: Record<string, Figures> = {};
  const cpu: Record<string, Record<string, number>> = {};
  const ratios: SystemResult['ratios'] = {};
  for (const name of only) {
    const endpoint = calls[name];
    if (!endpoint) throw new Error(`Unknown endpoint ${name} (BENCH_ENDPOINTS): one of ${Object.keys(calls).join(', ')}`);
    const paired = await pairedRuns(yardstick, () => loadWithCpu(processes, `${base}/api/v2${endpoint.path}`, headers, endpoint));
    figures[name] = paired.result.figures;
    cpu[name] = paired.result.cpu;
    ratios[name] = { median: paired.ratio, low: Math.min(...paired.ratios), high: Math.max(...paired.ratios) };
    notes.push(
      `${name}: load average ${paired.result.figures.loadAverage.toFixed(2)} as the reported run began; ${repeat} run${repeat > 1 ? 's' : ''} at ${paired.rates.join(', ')} req/s (ratios ${paired.ratios.map((r) => r.toFixed(3)).join(', ')}), bare Fastify around them at ${paired.bareRates.join(', ')} req/s`,
    );
    console.error(
      `  ${label} ${name}: ${figures[name]!.rps.toFixed(0)} req/s, p50 ${figures[name]!.p50} ms, p99 ${figures[name]!.p99} ms, ${figures[name]!.bad} bad; ratio ${paired.ratio.toFixed(3)} (${paired.ratios.map((r) => r.toFixed(3)).join(', ')})`,
    );
  }
  await sleep(2000);
  const rss = Object.entries(processes).map(([name, child]) => ({ name, started: started[name]!, loaded: rssMb(child) }));
  return { label, figures, rss, cpu, ratios, notes };
}

// ---- the targets
async function startYardstick(): Promise<Yardstick> {
  const port = await freePort();
  const child = startProcess('bare-fastify', join(root, 'bench'), 'bare-fastify.ts', { PORT: String(port) });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor('bare Fastify', async () => (await fetch(url)).ok);
  await load(url, {}, 2); // warm-up
  return { child, url, rss: rssMb(child), runs: [] };
}

async function embedded(yardstick: Yardstick): Promise<SystemResult> {
  const dataDir = join(scratch, 'embedded-data');
  mkdirSync(dataDir, { recursive: true });
  const loadStarted = performance.now();
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await loadMedia(database, embeddedItems, dataDir);
  } finally {
    await database.close();
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const port = await freePort();
  // As `pnpm start` runs it: apps/server's start script, default LOG_LEVEL, admin/admin.
  const server = startProcess('embedded', join(targetRoot, 'apps', 'server'), 'src/main.ts', { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }, { profile: profiled.has('embedded') });
  const base = `http://127.0.0.1:${port}`;
  await waitFor('the embedded server', async () => (await fetch(`${base}/readyz`)).ok);
  const { key } = await api<{ key: string }>(base, 'POST', '/account/login', undefined, { username: 'admin', password: 'admin' });
  const setup = await prepare(base, key);
  serverPids = async () => ({});
  const result = await measureSystem('embedded', base, { 'airwave (all in one)': server }, key, setup, yardstick, [
    `${embeddedItems.toLocaleString('en')} media items loaded into PGlite in ${loadSeconds.toFixed(1)} s`,
  ]);
  await stopChild(server);
  return result;
}

async function distributed(yardstick: Yardstick): Promise<SystemResult> {
  const id = randomBytes(4).toString('hex');
  const database = await createTestDatabase(urls.database, 'bench_http');
  cleanups.push(database.drop);
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    NATS_URL: urls.nats,
    REDIS_URL: urls.redis,
    BUS_PREFIX: `bench${id}`,
    REDIS_PREFIX: `airwave-bench:${id}:`,
    AIRWAVE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    DATA_DIR: join(scratch, 'distributed-data'),
    HOST: '127.0.0.1',
  };
  cleanups.push(() => deleteRedisPrefix(urls.redis, env.REDIS_PREFIX!));
  cleanups.push(() => deleteNatsStream(urls.nats, env.BUS_PREFIX!));
  const loadStarted = performance.now();
  const db = await openDatabase({ url: database.url, poolSize: 2 });
  try {
    await loadMedia(db, items, env.DATA_DIR!);
  } finally {
    await db.close();
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const port = await freePort();
  const processes: Record<string, ChildProcess> = {};
  // As the images run them: every service from its bundle.
  for (const service of ['account', 'media', 'scheduling', 'modules', 'gateway']) {
    const built = spawnSync('pnpm', ['--filter', `@airwave/${service}`, 'build'], { cwd: targetRoot, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`Cannot bundle ${service}: ${built.stderr}`);
    const gateway = service === 'gateway';
    processes[service] = startProcess(service, join(targetRoot, 'services', service), 'dist/main.js', gateway ? { ...env, PORT: String(port) } : env, { profile: profiled.has(service) });
  }
  const base = `http://127.0.0.1:${port}`;
  let key = '';
  // Every service answering through the gateway (the gateway is ready before they are).
  await waitFor('the separate services', async () => {
    key ||= (await api<{ key: string }>(base, 'POST', '/account/login', undefined, { username: 'admin', password: ADMIN_PASSWORD })).key;
    await Promise.all(['/media/formats', '/players', '/modules'].map((path) => api(base, 'GET', path, key)));
    return true;
  });
  const setup = await prepare(base, key);
  const watcher = await openDatabase({ url: database.url, poolSize: 1 });
  cleanups.push(() => watcher.close());
  serverPids = machineServerPids(watcher, new URL(database.url).pathname.slice(1));
  const result = await measureSystem('separate services', base, processes, key, setup, yardstick, [
    `${items.toLocaleString('en')} media items loaded into PostgreSQL in ${loadSeconds.toFixed(1)} s`,
  ]);
  await Promise.all(Object.values(processes).map((child) => stopChild(child)));
  return result;
}

// ---- report
const f0 = (n: number) => n.toFixed(0);
const median = (values: number[]) => medianBy(values, (value) => value);

function report(yardstick: Yardstick, systems: SystemResult[]) {
  const lines: string[] = [];
  const bareRates = yardstick.runs.map((run) => run.figures.rps);
  lines.push(`${seconds} s per run, ${connections} connections, autocannon in the bench process, every target on 127.0.0.1.`);
  lines.push('Every run of a system lies between two bare Fastify runs; its ratio divides by their mean. The ratio column is the');
  lines.push(`median of the ${repeat} pair${repeat > 1 ? 's' : ''} (lowest – highest), req/s to p99 are those of the run with the median ratio.`);
  lines.push('');
  lines.push('| Target | Endpoint | req/s | p50 | p99 | ratio to bare Fastify (lowest – highest) | non-2xx / errors | load average |');
  lines.push('|---|---|---|---|---|---|---|---|');
  const bareBad = yardstick.runs.reduce((sum, run) => [sum[0]! + run.figures.non2xx, sum[1]! + run.figures.errors], [0, 0]);
  lines.push(
    `| bare Fastify (${bareRates.length} runs) | GET / | ${f0(median(bareRates))} (median; ${f0(Math.min(...bareRates))} – ${f0(Math.max(...bareRates))}) | ${median(yardstick.runs.map((run) => run.figures.p50))} ms | ${median(yardstick.runs.map((run) => run.figures.p99))} ms | 1 | ${bareBad[0]} / ${bareBad[1]} | |`,
  );
  const names = Object.fromEntries(Object.entries(endpoints({ weekStart, weekEnd, player: 0, savedSearch: 0, itemIds: [] })).map(([name, e]) => [name, e.label]));
  for (const system of systems) {
    for (const [name, figures] of Object.entries(system.figures)) {
      const ratio = system.ratios[name]!;
      lines.push(
        `| ${system.label} | ${names[name]} | ${f0(figures.rps)} | ${figures.p50} ms | ${figures.p99} ms | ${ratio.median.toFixed(3)} (${ratio.low.toFixed(3)} – ${ratio.high.toFixed(3)}) | ${figures.non2xx} / ${figures.errors} | ${figures.loadAverage.toFixed(2)} |`,
      );
    }
  }
  lines.push('');
  lines.push('| Process | RSS after start-up | RSS after the load |');
  lines.push('|---|---|---|');
  lines.push(`| bare Fastify | ${f0(yardstick.rss)} MB | — |`);
  for (const system of systems) for (const p of system.rss) lines.push(`| ${system.label}: ${p.name} | ${f0(p.started)} MB | ${f0(p.loaded)} MB |`);
  lines.push('');
  lines.push("CPU per request (µs of user + system time, from /proc, over each run; the machine's servers counted whole):");
  lines.push('');
  lines.push('| Target | Endpoint | CPU per request by process | server total (µs) |');
  lines.push('|---|---|---|---|');
  const cpuLine = (cpu: Record<string, number>) =>
    Object.entries(cpu)
      .filter(([, us]) => us >= 0.5)
      .map(([name, us]) => `${name} ${f0(us)}`)
      .join(', ');
  // The server side only: the load generator's own CPU is listed, not summed.
  const cpuTotal = (cpu: Record<string, number>) => Object.entries(cpu).reduce((sum, [name, us]) => (name.startsWith('autocannon') ? sum : sum + us), 0);
  const bareCpu = yardstick.runs.map((run) => run.cpu);
  const bareMedian = Object.fromEntries(Object.keys(bareCpu[0] ?? {}).map((name) => [name, median(bareCpu.map((cpu) => cpu[name] ?? 0))]));
  lines.push(`| bare Fastify (median of ${bareCpu.length} runs) | GET / | ${cpuLine(bareMedian)} | ${f0(cpuTotal(bareMedian))} |`);
  for (const system of systems) {
    for (const [name, cpu] of Object.entries(system.cpu)) lines.push(`| ${system.label} | ${names[name]} | ${cpuLine(cpu)} | ${f0(cpuTotal(cpu))} |`);
  }
  lines.push('');
  for (const system of systems) for (const note of system.notes) lines.push(`- ${system.label}: ${note}`);
  console.log(lines.join('\n'));
}

try {
  if (profiled.size > 0) mkdirSync(profileDir, { recursive: true });
  const yardstick = await startYardstick();
  const systems: SystemResult[] = [];
  if (targets.includes('embedded')) systems.push(await embedded(yardstick));
  if (targets.includes('distributed')) systems.push(await distributed(yardstick));
  report(yardstick, systems);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await shutdown();
}
