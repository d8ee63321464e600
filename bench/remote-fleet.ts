/* eslint-disable no-console -- a benchmark reports on stdout */
// A fleet of OB Players on the production layout (issue 31): BENCH_PLAYERS (1,000) players each
// syncing every 2 minutes as OB Player does (`schedule` with hbuffer=4, `emerg`, `playlog_status`),
// against separate processes (bench/layout.ts: the gateway and the account, media, scheduling and
// modules services from their bundles, over a PostgreSQL cluster, a NATS server and a Redis server
// of the bench's own), and the CPU per sync summed over every one of those processes.
//
// The schedule is bench/remote.ts's: a player with 10 shows of 24 minutes covering the 4 hours a
// reply answers, each its own 60-item playlist over a generated library, an alert in force; the
// other players are its children (use_parent_schedule and use_parent_alert, each its own station
// ID, so each has its own rundown). The children are inserted with the parent's password hash (one
// scrypt check per process start instead of one per player: the fleet's first minute is not what
// is measured). Then every player syncs once (the first syncs: every rundown resolved), then the
// load: player i syncs at i × 120 s / players and every 120 s after, for BENCH_MINUTES (2) minutes,
// open loop (a sync starts on time whether the last has answered or not).
//
// Run: pnpm bench:remote-fleet   (BENCH_PLAYERS, BENCH_MINUTES, BENCH_ITEMS (20,000), BENCH_PG_BIN)
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDatabase, sql } from '@airwave/db';
import { insertGeneratedItems } from './generated-items';
import { startLayout, type Layout } from './layout';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1000);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 2);
const LIBRARY = Number(process.env.BENCH_ITEMS ?? 20_000);
const PERIOD_MS = 120_000;
const IDLE_MS = 20_000;
const PASSWORD = 'bench-player-password';
const ACTIONS = ['schedule', 'emerg', 'playlog_status'] as const;
/** Approved items only (every tenth generated item is not): the n-th id not divisible by 10. */
const approved = (n: number) => n + Math.floor(n / 9) + 1;
const percentile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function api<T>(url: string, key: string, method: string, path: string, body?: unknown): Promise<T> {
  const reply = await fetch(`${url}/api/v2${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = (await reply.json()) as { data: T; msg: string };
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${envelope.msg}`);
  return envelope.data;
}

async function login(url: string): Promise<string> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const reply = await fetch(`${url}/api/v2/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }) });
      if (reply.ok) {
        const key = ((await reply.json()) as { data: { key: string } }).data.key;
        await Promise.all(['/media/formats', '/players', '/modules'].map((path) => api(url, key, 'GET', path)));
        return key;
      }
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('the services did not answer through the gateway');
    await sleep(500);
  }
}

/** The parent's schedule through the API, then its children in one statement each (with its password hash). */
async function fleet(layout: Layout, key: string): Promise<number[]> {
  const call = <T>(method: string, path: string, body?: unknown) => api<T>(layout.url, key, method, path, body);
  const parent = (await call<{ id: number }>('POST', '/players', { name: 'Bench FM', timezone: 'Europe/London', password: PASSWORD, station_ids: [approved(1), approved(2), approved(3)] })).id;
  const first = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  for (let s = 0; s < 10; s += 1) {
    const items = Array.from({ length: 60 }, (_, i) => (i % 12 === 11 ? { type: 'station_id' } : { type: 'media', media_id: approved(1000 + s * 100 + i) }));
    const playlist = (await call<{ id: number }>('POST', '/playlists', { name: `Show ${s}`, items })).id;
    await call('POST', '/shows', { player_id: parent, mode: 'once', start: new Date(first + s * 24 * 60_000).toISOString(), duration: 24 * 60, item_type: 'playlist', item_id: playlist });
  }
  await call('POST', '/alerts', { name: 'Storm', player_id: parent, item_id: approved(4), frequency: 300, start: new Date(first).toISOString(), stop: new Date(first + 48 * 3600_000).toISOString() });
  const db = await openDatabase({ url: layout.databaseUrl, poolSize: 1 });
  try {
    const children = await sql<{ id: number }>`
      insert into scheduling.players (name, description, timezone, password_hash, parent_player_id, use_parent_schedule, use_parent_alert)
      select 'Relay ' || g, '', 'Europe/London', p.password_hash, p.id, true, true
      from generate_series(1, ${PLAYERS - 1}) g, scheduling.players p where p.id = ${parent}
      returning id`.execute(db.root);
    const ids = children.rows.map((row) => row.id);
    await sql`insert into scheduling.player_station_ids (player_id, position, media_id) select id, 0, n + n / 9 + 1 from (select id, 10 + id % 500 as n from unnest(${ids}::integer[]) id) s`.execute(db.root);
    return [parent, ...ids];
  } finally {
    await db.close();
  }
}

const remote = async (url: string, action: string, player: number) => {
  const reply = await fetch(`${url}/remote.php?action=${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'OpenBroadcaster Player' }, body: `id=${player}&pw=${PASSWORD}&hbuffer=4` });
  const body = await reply.text();
  if (reply.status !== 200 || body.includes('<error>')) throw new Error(`${action} for ${player}: ${reply.status} ${body.slice(0, 200)}`);
  return body;
};

/** One sync as OB Player makes it: schedule, emerg, playlog_status; the time of each. */
async function sync(url: string, player: number, times: Record<string, number[]>) {
  const started = performance.now();
  for (const action of ACTIONS) {
    const t = performance.now();
    await remote(url, action, player);
    times[action]!.push(performance.now() - t);
  }
  times.sync!.push(performance.now() - started);
}

const cpuDelta = (before: Record<string, number>, after: Record<string, number>) => Object.fromEntries(Object.keys(after).map((name) => [name, (after[name]! - (before[name] ?? 0)) / 1000]));

/** Every player's first sync, 8 at once: every rundown resolved. A sync that fails (a 503 when the deadline passes) is tried again later, as OB Player would at its next sync. */
async function firstSyncs(layout: Layout, players: number[]) {
  const times: Record<string, number[]> = { sync: [], schedule: [], emerg: [], playlog_status: [] };
  const queue = [...players];
  let failed = 0;
  const before = layout.cpu();
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let player = queue.shift(); player !== undefined; player = queue.shift()) {
      await sync(layout.url, player, times).catch((error: unknown) => {
        failed += 1;
        if (failed > players.length) throw error;
        queue.push(player);
      });
    }
  }));
  return { wall: performance.now() - started, cpu: cpuDelta(before, layout.cpu()), times, failed };
}

/** The steady load: each player every PERIOD_MS, spread evenly, open loop. */
async function steady(layout: Layout, players: number[]) {
  const times: Record<string, number[]> = { sync: [], schedule: [], emerg: [], playlog_status: [] };
  let inFlight = 0;
  let most = 0;
  let failed = 0;
  const runs: Promise<void>[] = [];
  const total = Math.round((MINUTES * 60_000 * players.length) / PERIOD_MS);
  const before = layout.cpu();
  const started = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = (n * PERIOD_MS) / players.length;
    const wait = started + due - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight += 1;
    most = Math.max(most, inFlight);
    runs.push(
      sync(layout.url, players[n % players.length]!, times)
        .catch(() => void (failed += 1))
        .finally(() => void (inFlight -= 1)),
    );
  }
  await Promise.all(runs);
  return { wall: performance.now() - started, cpu: cpuDelta(before, layout.cpu()), times, total, most, failed };
}

function report(label: string, run: { wall: number; cpu: Record<string, number>; times: Record<string, number[]> }, syncs: number) {
  const sum = Object.values(run.cpu).reduce((a, b) => a + b, 0);
  console.log(`\n${label}: ${syncs} syncs in ${(run.wall / 1000).toFixed(1)} s (${(syncs / (run.wall / 1000)).toFixed(2)} a second), load average ${loadavg()[0]!.toFixed(1)}\n`);
  console.log('| Process | CPU per sync | share |');
  console.log('|---|---|---|');
  for (const [name, ms] of Object.entries(run.cpu).sort((a, b) => b[1] - a[1])) console.log(`| ${name} | ${(ms / syncs).toFixed(2)} ms | ${((100 * ms) / Math.max(sum, 1e-9)).toFixed(0)} % |`);
  console.log(`| **all** | **${(sum / syncs).toFixed(2)} ms** | ${(sum / run.wall).toFixed(2)} cores over the run |`);
  console.log('\n| Request | p50 | p95 | max |');
  console.log('|---|---|---|---|');
  for (const [name, values] of Object.entries(run.times)) console.log(`| ${name === 'sync' ? 'the sync (3 requests)' : name} | ${percentile(values, 0.5).toFixed(1)} ms | ${percentile(values, 0.95).toFixed(1)} ms | ${Math.max(...values).toFixed(1)} ms |`);
}

async function main() {
  const layout = await startLayout(root);
  try {
    const key = await login(layout.url);
    const db = await openDatabase({ url: layout.databaseUrl, poolSize: 1 });
    await insertGeneratedItems(db, LIBRARY, { owners: 50, vacuum: true });
    await sql`update media.items set duration = case when id <= 100 then 10 else 20 + id % 8 end where id <= 3000`.execute(db.root);
    await db.close();
    const players = await fleet(layout, key);
    console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${LIBRARY} items, ${players.length} players, ${new Date().toISOString()}`);
    const idleBefore = layout.cpu();
    await sleep(IDLE_MS);
    const idle = cpuDelta(idleBefore, layout.cpu());
    console.log(`\nIdle (no request for ${IDLE_MS / 1000} s): ${Object.entries(idle).map(([name, ms]) => `${name} ${((ms / IDLE_MS) * 1000).toFixed(1)}`).join(', ')} ms of CPU a second`);
    const first = await firstSyncs(layout, players);
    report(`First syncs (every rundown resolved), 8 at once (${first.failed} failed and were tried again)`, first, players.length + first.failed);
    const load = await steady(layout, players);
    report(`Steady: every player every ${PERIOD_MS / 1000} s for ${MINUTES} min, open loop (at most ${load.most} syncs in flight, ${load.failed} failed)`, load, load.total);
  } finally {
    await layout.stop();
  }
}

await main();
