/* eslint-disable no-console -- a benchmark reports on stdout */
// OB Player's `action=schedule` through the gateway (`POST /remote.php`, issue 31): a player with
// 10 shows of 24 minutes covering the 4 hours a reply answers (OB Player's default hbuffer), each of
// its own 60-item playlist (55 media items of 20 to 27 s, 5 station IDs: every item airs), over a
// generated library; then many players syncing (children with their own station IDs, each its own
// rundown), the CPU of the process per sync. The whole system in this process, distributed (each
// service its own Postgres pool, NATS and Redis connections), as the API tests' distributed mode.
// Run: DATABASE_URL=… NATS_URL=… REDIS_URL=… pnpm bench:remote   (BENCH_PLAYERS, BENCH_ITEMS)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deleteNatsStream } from '@airwave/bus';
import { playerRemote, playlistOperations, scheduling, type Principal } from '@airwave/contracts';
import { createTestDatabase, openDatabase, sql } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { startSystem, type RunningSystem } from '@airwave/server';
import { callOperation, sealingBus } from '@airwave/service-kit';
import { deleteRedisPrefix } from '@airwave/sessions';
import { insertGeneratedItems } from './generated-items';

const urls = { database: process.env.DATABASE_URL!, nats: process.env.NATS_URL!, redis: process.env.REDIS_URL! };
if (!urls.database || !urls.nats || !urls.redis) throw new Error('Set DATABASE_URL, NATS_URL and REDIS_URL');
const LIBRARY = Number(process.env.BENCH_ITEMS ?? 100_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 50);
const REPLIES = 200;
const PASSWORD = 'bench-player-password';
const principal: Principal = { userId: 1, username: 'bench', groupIds: [1], permissions: ['manage_media', 'manage_playlists', 'manage_players', 'manage_timeslots', 'playlists_advanced_permissions'], via: 'system' };
/** Approved items only (every tenth generated item is not): the n-th id not divisible by 10. */
const approved = (n: number) => n + Math.floor(n / 9) + 1;

const percentile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** The schedule: 10 shows of 24 minutes from a minute ago, each of its own 60-item playlist, for one player. */
async function schedule(system: RunningSystem) {
  const call = <O extends Parameters<typeof callOperation>[1]>(op: O, input: unknown) => callOperation(sealingBus(system.infrastructure[0]!.bus, system.sealer), op, input as never, { principal, timeoutMs: 120_000 });
  const stationIds = [approved(1), approved(2), approved(3)];
  const fm = ((await call(scheduling.playerCreate, { name: 'Bench FM', timezone: 'Europe/London', password: PASSWORD, station_ids: stationIds })) as { id: number }).id;
  const first = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  for (let s = 0; s < 10; s += 1) {
    const items = Array.from({ length: 60 }, (_, i) => (i % 12 === 11 ? { type: 'station_id' } : { type: 'media', media_id: approved(1000 + s * 100 + i) }));
    const playlist = ((await call(playlistOperations.playlistCreate, { name: `Show ${s}`, items })) as { id: number }).id;
    await call(scheduling.showCreate, { player_id: fm, mode: 'once', start: new Date(first + s * 24 * 60_000).toISOString(), duration: 24 * 60, item_type: 'playlist', item_id: playlist });
  }
  const children: number[] = [];
  for (let c = 0; c < PLAYERS - 1; c += 1) {
    const child = { name: `Relay ${c}`, timezone: 'Europe/London', password: PASSWORD, parent_player_id: fm, use_parent_schedule: true, station_ids: [approved(10 + c)] };
    children.push(((await call(scheduling.playerCreate, child)) as { id: number }).id);
  }
  return { fm, children };
}

const remote = async (url: string, action: string, player: number) => {
  const reply = await fetch(`${url}/remote.php?action=${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${player}&pw=${PASSWORD}&hbuffer=4` });
  const body = await reply.text();
  if (reply.status !== 200 || body.includes('<error>')) throw new Error(`${action} for ${player}: ${reply.status} ${body.slice(0, 200)}`);
  return body;
};

/** `runs` runs of `work`, one at a time: wall-clock times, and the process's CPU per run (ms). */
async function timed(runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  return { times, cpu: (used.user + used.system) / 1000 / runs };
}

const row = (label: string, { times, cpu }: { times: number[]; cpu: number }) =>
  `| ${label} | ${times.length} | ${percentile(times, 0.5).toFixed(1)} ms | ${percentile(times, 0.95).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${cpu.toFixed(1)} ms |`;

/** One player's schedule replies: the first (its blocks resolved), then REPLIES more (warm), and scheduling's part alone. */
async function oneReply(system: RunningSystem, fm: number) {
  const started = performance.now();
  const body = await remote(system.url, 'schedule', fm);
  const cold = performance.now() - started;
  const replies = await timed(REPLIES, () => remote(system.url, 'schedule', fm));
  const now = Math.floor(Date.now() / 1000);
  const rundown = await timed(REPLIES, () => callOperation(system.infrastructure[0]!.bus, playerRemote.schedule, { id: fm, password: PASSWORD, address: '127.0.0.1', from: now - 60, to: now + 4 * 3600 }));
  console.log(`A reply: ${body.split('<show>').length - 1} shows, ${body.split('<item>').length - 1} items, ${body.length} bytes; the first (10 blocks resolved, the password checked with scrypt) ${cold.toFixed(1)} ms\n`);
  console.log('| Warm, one at a time | runs | p50 | p95 | max | CPU of the process per run |');
  console.log('|---|---|---|---|---|---|');
  console.log(row('`POST /remote.php?action=schedule` (gateway, scheduling, media)', replies));
  console.log(row('scheduling\'s part: `playerRemote.schedule` over the bus', rundown));
}

/** Every player syncs (schedule and emerg) `rounds` times, 8 at once; the process's CPU per sync. */
async function manyPlayers(url: string, players: number[], rounds: number) {
  for (const player of players) await remote(url, 'schedule', player); // first syncs: scrypt, cold blocks
  const queue = Array.from({ length: rounds }, () => players).flat();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const latencies: number[] = [];
  const worker = async () => {
    for (let player = queue.shift(); player !== undefined; player = queue.shift()) {
      const t = performance.now();
      await remote(url, 'schedule', player);
      await remote(url, 'emerg', player);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  const syncs = players.length * rounds;
  const cpuPerSync = (used.user + used.system) / 1000 / syncs;
  console.log(`\n| ${players.length} players, ${rounds} syncs each (schedule + emerg), 8 at once | value |`);
  console.log('|---|---|');
  console.log(`| syncs | ${syncs} in ${(wall / 1000).toFixed(1)} s (${(syncs / (wall / 1000)).toFixed(1)} a second) |`);
  console.log(`| sync latency p50 / p95 | ${percentile(latencies, 0.5).toFixed(1)} ms / ${percentile(latencies, 0.95).toFixed(1)} ms |`);
  console.log(`| CPU of this process per sync (user + system) | ${cpuPerSync.toFixed(2)} ms |`);
  console.log(`| 1,000 players every 2 minutes (8.3 syncs a second) at that cost | ${((cpuPerSync * 1000) / 120 / 1000).toFixed(2)} cores |`);
}

async function main() {
  const id = randomBytes(4).toString('hex');
  const database = await createTestDatabase(urls.database, 'bench_remote');
  const dataDir = mkdtempSync(join(tmpdir(), 'airwave-bench-remote-'));
  const env = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', AIRWAVE_ADMIN_PASSWORD: 'bench-admin-password', DATA_DIR: dataDir, DATABASE_URL: database.url, NATS_URL: urls.nats, REDIS_URL: urls.redis, BUS_PREFIX: `bench${id}`, REDIS_PREFIX: `airwave-bench:${id}:`, AIRWAVE_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  const system = await startSystem({ env, mode: 'distributed', logger: createLogger({ level: 'silent' }) });
  try {
    const db = await openDatabase({ url: database.url, poolSize: 2 });
    await insertGeneratedItems(db, LIBRARY, { owners: 50, vacuum: true });
    // Short items, so that a 24-minute show airs all 60 of its playlist's.
    await sql`update media.items set duration = case when id <= 100 then 10 else 20 + id % 8 end where id <= 3000`.execute(db.root);
    await db.close();
    const { fm, children } = await schedule(system);
    console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${LIBRARY} items, ${new Date().toISOString()}\n`);
    await oneReply(system, fm);
    await manyPlayers(system.url, [fm, ...children], 4);
  } finally {
    await system.close();
    await deleteRedisPrefix(urls.redis, env.REDIS_PREFIX).catch(() => undefined);
    await deleteNatsStream(urls.nats, env.BUS_PREFIX).catch(() => undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
