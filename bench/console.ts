/* eslint-disable no-console -- a benchmark reports on stdout */
// The console's 1-second target (issue 21), in a real browser against the embedded default: the
// time from navigation until (a) the first page of a large media library is in the table (50 rows)
// and (b) a busy player's week is drawn in the calendar (every occurrence of the week), as a user
// who is already logged in (the session key in localStorage) opens /media or /schedule.
//
// One run: generated media items (bench/generated-items.ts) are inserted into a fresh PGlite data
// directory, the embedded server is started on it as `pnpm start` runs it (apps/server, the built
// console from apps/console/dist), a busy player (50 recurring shows over 2026 and 2027, as
// bench/http.ts) is created through the API, then Debian's Chromium (playwright-core, taken from
// apps/console, which depends on it) opens each page BENCH_RUNS times: cold (a new browser context,
// nothing cached) and warm (the same page again in that context: the assets from the HTTP cache).
// Times are the page's own clock (performance.now(), from navigation start) at the animation frame
// in which the rows or events were all in the DOM.
//
// Run: node --import tsx bench/console.ts           (from the repository root; build the console first)
// Options (environment): BENCH_ITEMS (1000000: about 100 s to insert here), BENCH_RUNS (7), AIRWAVE_CHROMIUM (/usr/bin/chromium).
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { createInProcessBus } from '@airwave/bus';
import { openDatabase } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { mediaService } from '@airwave/media';
import { createMemorySessionStore } from '@airwave/sessions';
import { startService } from '@airwave/service-kit';
import type * as Playwright from '../apps/console/node_modules/playwright-core';
import { insertGeneratedItems } from './generated-items';
import { seals } from './seals';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const items = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
const chromiumPath = process.env.AIRWAVE_CHROMIUM ?? '/usr/bin/chromium';
// playwright-core is a dependency of the console (its end-to-end tests), not of the benchmarks.
const { chromium } = createRequire(join(root, 'apps', 'console', 'package.json'))('playwright-core') as typeof Playwright;
const scratch = mkdtempSync(join(tmpdir(), 'airwave-bench-console-'));
let server: ChildProcess | null = null;
process.on('exit', () => {
  server?.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

async function api<T>(base: string, method: string, path: string, key?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api/v2${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { msg: string; data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.msg}`);
  return envelope.data;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

/** The media schema by the media service's own migrations, then `count` generated items. */
async function loadLibrary(dataDir: string, count: number): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    const deps = { database, bus: createInProcessBus(), sessions: createMemorySessionStore(), opener: seals.opener, embedded: false, close: async () => undefined };
    const service = await startService(mediaService, deps, createLogger({ level: 'silent' }), { DATA_DIR: dataDir });
    await service.stop();
    await insertGeneratedItems(database, count, { vacuum: true });
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

async function startServer(dataDir: string): Promise<string> {
  const port = await freePort();
  const log = openSync(join(scratch, 'server.log'), 'a');
  const { DATABASE_URL: _d, NATS_URL: _n, REDIS_URL: _r, ...inherited } = process.env;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: join(root, 'apps', 'server'), env: { ...inherited, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', log, log] });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) return base;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the embedded server did not start; its log: ${join(scratch, 'server.log')}`);
}

const modes = ['daily', 'weekly', 'xdays', 'monthly', 'xweeks'] as const;

/** 50 recurring shows of 25 minutes over 2026 and 2027 (as bench/http.ts); the last player of the schedule page. */
async function busyPlayer(base: string, key: string): Promise<{ id: number; zone: string }> {
  const [item] = (await api<{ media: { id: number }[] }>(base, 'GET', '/media/search?l=1', key)).media;
  const player = await api<{ id: number }>(base, 'POST', '/players', key, { name: 'Busy player', timezone: 'Europe/London' });
  for (let i = 0; i < 50; i += 1) {
    const mode = modes[i % modes.length]!;
    const minutes = i * 28;
    const start = `2026-01-01T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+00:00`;
    await api(base, 'POST', '/shows', key, { player_id: player.id, mode, ...(mode.startsWith('x') ? { x_data: 2 } : {}), start, duration: 25 * 60, stop: '2028-01-01T00:00:00+00:00', item_type: 'media', item_id: item!.id });
  }
  await api(base, 'PUT', '/shows/last-player', key, { player: player.id });
  return { id: player.id, zone: 'Europe/London' };
}

type Ready = (page: Playwright.Page) => Promise<number>;

/** When (ms from navigation start) the last script arrived and the page's data call (`api`) was answered. */
async function phases(page: Playwright.Page, api: string): Promise<{ scripts: number; data: number }> {
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ name: e.name, end: (e as unknown as { responseEnd: number }).responseEnd })));
  const last = (match: (name: string) => boolean) => Math.max(0, ...entries.filter((e) => match(e.name)).map((e) => e.end));
  return { scripts: last((name) => name.endsWith('.js')), data: last((name) => name.includes(api)) };
}

/** Cold and warm times (ms from navigation start) of `path` until `ready` says it is drawn. */
async function measure(browser: Playwright.Browser, base: string, session: unknown, path: string, ready: Ready, api: string) {
  const cold: number[] = [];
  const warm: number[] = [];
  const scripts: number[] = [];
  const data: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, timezoneId: 'UTC', locale: 'en-GB' });
    await context.addInitScript(`localStorage.setItem('airwave.session', ${JSON.stringify(JSON.stringify(session))})`);
    const page = await context.newPage();
    await page.goto(path);
    cold.push(await ready(page));
    const phase = await phases(page, api);
    scripts.push(phase.scripts);
    data.push(phase.data);
    await page.goto(path);
    warm.push(await ready(page));
    await context.close();
  }
  return { cold, warm, scripts, data };
}

/** performance.now() at the first animation frame in which `count` elements match `selector`. */
function whenDrawn(selector: string, count: number): Ready {
  return async (page) => {
    // Runs in the page (this file is compiled without the DOM's types, hence the cast).
    const drawn = (arg: { selector: string; count: number }) => (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<unknown> } }).document.querySelectorAll(arg.selector).length >= arg.count && performance.now();
    const handle = await page.waitForFunction(drawn, { selector, count }, { polling: 'raf', timeout: 30_000 });
    return (await handle.jsonValue()) as number;
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (name: string, values: number[]) => `| ${name} | ${Math.round(median(values))} ms | ${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms | ${values.map(Math.round).join(', ')} |`;

async function main() {
  const dataDir = join(scratch, 'data');
  console.error(`Inserting ${items.toLocaleString('en')} generated media items into PGlite…`);
  const loadSeconds = await loadLibrary(dataDir, items);
  const base = await startServer(dataDir);
  const login = await api<{ id: number; key: string; key_expiry: number }>(base, 'POST', '/account/login', undefined, { username: 'admin', password: 'admin' });
  const player = await busyPlayer(base, login.key);
  const monday = DateTime.now().setZone(player.zone).startOf('week');
  const week = await api<unknown[]>(base, 'GET', `/shows?start=${encodeURIComponent(monday.toISO()!)}&end=${encodeURIComponent(monday.plus({ weeks: 1 }).toISO()!)}&player=${player.id}`, login.key);
  const library = await api<{ num_results: number }>(base, 'GET', '/media/search?l=50', login.key);
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const session = { id: login.id, key: login.key, expiry: login.key_expiry };
    const media = await measure(browser, base, session, '/media', whenDrawn('table[aria-label="Media items"] tbody tr', 50), '/api/v2/media/search');
    const schedule = await measure(browser, base, session, '/schedule', whenDrawn('.fc-timegrid-event-harness .fc-event', week.length), '/api/v2/shows?');
    console.log(`\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`Library: ${items.toLocaleString('en')} generated items (${library.num_results.toLocaleString('en')} approved, the default list), inserted in ${loadSeconds.toFixed(0)} s; busy week: ${week.length} show occurrences of 50 recurring shows (week of ${monday.toISODate()}).`);
    console.log(`Runs: ${runs} of each page; from navigation start (page's performance.now()).\n`);
    console.log('| Page, until | Median | Range | Runs |\n|---|---|---|---|');
    console.log(row('Media, 50 rows of the first page, cold', media.cold));
    console.log(row('Media, cold: the last script loaded', media.scripts));
    console.log(row('Media, cold: the search answered', media.data));
    console.log(row('Media, warm (assets cached)', media.warm));
    console.log(row(`Schedule, the ${week.length} occurrences of the week drawn, cold`, schedule.cold));
    console.log(row('Schedule, cold: the last script loaded', schedule.scripts));
    console.log(row('Schedule, cold: the week answered', schedule.data));
    console.log(row('Schedule, warm (assets cached)', schedule.warm));
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
}

await main();
