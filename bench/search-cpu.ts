/* eslint-disable no-console -- a benchmark reports on stdout */
// Every search form, one client, over an already loaded library: latency (p50/p95/p99) and the CPU
// each call costs the media service (this process: the handler, its queries' client side, the bus
// reply's encoding) and PostgreSQL (the backends of the benchmark's database, from /proc). Less
// sensitive to a loaded machine than throughput: CPU time is counted, not waited for.
//
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db with media.items loaded> pnpm --filter @airwave/bench search-cpu
// (load one with `pnpm --filter @airwave/bench load-items`). BENCH_CALLS (200 per form).
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { createInProcessBus } from '@airwave/bus';
import { media, playlistOperations, type Principal } from '@airwave/contracts';
import { openDatabase, sql } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { mediaService } from '@airwave/media';
import { createMemorySessionStore } from '@airwave/sessions';
import { callOperation, startService } from '@airwave/service-kit';
import { cpuMicros } from './proc';
import { asGateway, seals } from './seals';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to a database with generated media items');
const calls = Number(process.env.BENCH_CALLS ?? 200);
const database = await openDatabase({ url, poolSize: 4 });
const bus = createInProcessBus();
const service = await startService(mediaService, { database, bus, sessions: createMemorySessionStore(), opener: seals.opener, embedded: false, close: async () => undefined }, createLogger({ level: 'silent' }), { DATA_DIR: '/tmp/airwave-bench' });
const dbName = new URL(url).pathname.slice(1);
const principal: Principal = { userId: 1, username: 'bench', groupIds: [1], permissions: ['manage_media'], via: 'system' };
const saved = await database.root.insertInto('media.searches' as never).values({ user_id: 1, kind: 'saved', filters: JSON.stringify([{ filter: 'artist', op: 'contains', val: 'river band' }, { filter: 'year', op: 'lt', val: 2000 }]), description: 'bench', is_default: false } as never).returning('id' as never).executeTakeFirstOrThrow() as { id: number };

const forms: [string, () => Promise<unknown>][] = [
  ['plain text: q=river, l=50', () => callOperation(asGateway(bus), media.search, { q: 'river', l: 50 } as never, { principal })],
  ['prefixes: q=summ gol, l=50', () => callOperation(asGateway(bus), media.search, { q: 'summ gol', l: 50 } as never, { principal })],
  ['rare: q=gold 4711, l=50', () => callOperation(asGateway(bus), media.search, { q: 'gold 4711', l: 50 } as never, { principal })],
  ['advanced: genre = jazz, year ≥ 1990, l=50', () => callOperation(asGateway(bus), media.search, { q: { mode: 'advanced', filters: [{ filter: 'genre', op: 'eq', val: 'jazz' }, { filter: 'year', op: 'gte', val: 1990 }] }, l: 50 } as never, { principal })],
  ['advanced: artist contains "band 42", l=50', () => callOperation(asGateway(bus), media.search, { q: { mode: 'advanced', filters: [{ filter: 'artist', op: 'contains', val: 'band 42' }] }, l: 50 } as never, { principal })],
  ['saved search (validate, saved_search_id)', () => callOperation(asGateway(bus), playlistOperations.playlistValidate, { saved_search_id: saved.id, num_items: 20 } as never, { principal })],
  ['the count (validate, search_query=river, all)', () => callOperation(asGateway(bus), playlistOperations.playlistValidate, { search_query: 'river', num_items_all: true } as never, { principal })],
];

/** The CPU so far of this database's backends. */
async function postgresMicros(): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${dbName}`.execute(database.root);
  return rows.reduce((sum, r) => sum + cpuMicros(r.pid), 0);
}

const lines = ['| Form | p50 | p95 | p99 | media CPU/call | PostgreSQL CPU/call | load average |', '|---|---|---|---|---|---|---|'];
// BENCH_FORMS: only the forms whose label contains one of these (comma-separated).
const chosen = (process.env.BENCH_FORMS ?? '').split(',').filter(Boolean);
for (const [label, call] of forms.filter(([l]) => chosen.length === 0 || chosen.some((c) => l.includes(c)))) {
  for (let i = 0; i < 10; i += 1) await call(); // warm-up: plans, the list-size estimate, JIT
  const load = loadavg()[0]!;
  const times: number[] = [];
  const own = process.cpuUsage();
  const pg = await postgresMicros();
  for (let i = 0; i < calls; i += 1) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  const used = process.cpuUsage(own);
  const pgUsed = (await postgresMicros()) - pg;
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  lines.push(`| ${label} | ${p(0.5)} ms | ${p(0.95)} ms | ${p(0.99)} ms | ${((used.user + used.system) / calls / 1000).toFixed(2)} ms | ${(pgUsed / calls / 1000).toFixed(2)} ms | ${load.toFixed(2)} |`);
}
await database.root.deleteFrom('media.searches' as never).where('id' as never, '=', saved.id as never).execute();
const [{ n }] = (await sql<{ n: number }>`select count(*)::int as n from media.items`.execute(database.root)).rows as [{ n: number }];
console.log(`${n.toLocaleString('en')} items, ${calls} calls per form, one client, in-process bus\n`);
console.log(lines.join('\n'));
await service.stop();
await database.close();
