/* eslint-disable no-console -- a benchmark reports on stdout */
// A dynamic item's picks over a 100,000-item library (bench/generated-items.ts), on Postgres
// (DATABASE_URL) and on embedded PGlite: EXPLAIN ANALYZE of the query that read and sorted every
// match (before) and of the bucket query that replaces it (services/media/src/playlists/picks.ts,
// written out here as it runs: one bucket of 1024, `genre = Jazz`, 1 pick), then media.internal.resolve-playlist
// of a 60-item playlist (50 media items, 5 dynamic items, 5 station IDs) timed over 22 seeds, and
// media.internal.resolve-playlists of 22 seeds at once.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @airwave/bench picks
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInProcessBus } from '@airwave/bus';
import { playlistOperations, playlistResolution, type Principal } from '@airwave/contracts';
import { createTestDatabase, openDatabase, sql, type Database } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { mediaService } from '@airwave/media';
import { createMemorySessionStore } from '@airwave/sessions';
import { callOperation, startService } from '@airwave/service-kit';
import { insertGeneratedItems } from './generated-items';
import { asGateway, seals } from './seals';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('Set DATABASE_URL to a Postgres server');
const LIBRARY = 100_000;
const principal: Principal = { userId: 1, username: 'bench', groupIds: [1], permissions: ['manage_media', 'manage_playlists'], via: 'system' };
const seed = '1:1780275600000';
const matches = sql`is_approved = true and is_archived = false and type in ('audio', 'video', 'image') and lower(genre) = 'jazz'`;
const before = sql`select id, type, title, artist, duration from media.items where ${matches} order by md5(${`${seed}:11:`} || id::text), id limit 51`;
const hash = sql`((id::bigint * 2654435761) & 4294967295)`;
// One bucket of 1024 (a range of the hash; the plan is the same for each), as picks.ts reads it.
const first = 37;
const after = sql`select id, type, title, artist, duration from media.items
  where (${hash} >= ${sql.lit(first * 2 ** 22)} and ${hash} < ${sql.lit((first + 1) * 2 ** 22)}) and ${matches} and id <> all('{1,2,3}'::int[])
  order by array_position(${sql.val([first])}::int[], (${hash} >> 22)::int), md5(${`${seed}:11:`} || id::text), id limit 1`;

async function explain(database: Database, query: ReturnType<typeof sql>) {
  for (let i = 0; i < 3; i += 1) await query.execute(database.root);
  const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(database.root);
  return plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
}

async function resolveTimes(database: Database, dataDir: string) {
  const bus = createInProcessBus();
  const deps = { database, bus, sessions: createMemorySessionStore(), opener: seals.opener, embedded: false, close: async () => undefined };
  const service = await startService(mediaService, deps, createLogger({ level: 'silent' }), { DATA_DIR: dataDir });
  try {
    await insertGeneratedItems(database, LIBRARY, { owners: 50, vacuum: true });
    const call = (op: Parameters<typeof callOperation>[1], input: unknown) => callOperation(asGateway(bus), op, input as never, { principal, timeoutMs: 120_000 });
    const approved = (n: number) => n + Math.floor(n / 9) + 1;
    const items = Array.from({ length: 60 }, (_, i) =>
      i % 12 === 5 ? { type: 'station_id' } : i % 12 === 11 ? { type: 'dynamic', query: { mode: 'advanced', filters: [{ filter: 'genre', op: 'eq', val: 'Jazz' }] }, num_items: 1 } : { type: 'media', media_id: approved(i * 97) },
    );
    const { id } = (await call(playlistOperations.playlistCreate, { name: 'Bench', items })) as { id: number };
    const request = (s: number) => ({ playlist_id: id, seed: `1:${1780268400000 + s * 3_600_000}`, support: { audio: true, video: true, images: true }, station_ids: [2, 3, 4], station_id_image_duration: 10, excluded_by: [], max_duration: 3600 });
    const timed = async (run: () => Promise<unknown>) => {
      const t = performance.now();
      await run();
      return performance.now() - t;
    };
    const one: number[] = [];
    for (let s = 0; s < 22; s += 1) one.push(await timed(() => call(playlistResolution.resolvePlaylist, request(s))));
    const batch: number[] = [];
    for (let k = 0; k < 5; k += 1) batch.push(await timed(() => call(playlistResolution.resolvePlaylists, { requests: Array.from({ length: 22 }, (_, s) => request(100 * k + s)) })));
    one.sort((a, b) => a - b);
    batch.sort((a, b) => a - b);
    return { p50: one[11]!.toFixed(1), p95: one[20]!.toFixed(1), batch: batch[2]!.toFixed(1) };
  } finally {
    await service.stop();
  }
}

async function run(label: string, database: Database, dataDir: string) {
  const times = await resolveTimes(database, dataDir);
  console.log(`\n### ${label}\n\nresolve-playlist (60 items, 5 dynamic), 22 seeds one by one: p50 ${times.p50} ms, p95 ${times.p95} ms; resolve-playlists of the 22 at once: median of 5 ${times.batch} ms\n`);
  console.log(`Before (every match read and sorted):\n\n${await explain(database, before)}\n`);
  console.log(`After (one bucket):\n\n${await explain(database, after)}`);
}

const scratch = mkdtempSync(join(tmpdir(), 'airwave-picks-'));
const test = await createTestDatabase(baseUrl, 'picks');
const postgres = await openDatabase({ url: test.url, poolSize: 4 });
try {
  await run('PostgreSQL', postgres, scratch);
} finally {
  await postgres.close();
  await test.drop();
}
const pglite = await openDatabase({ dataDir: join(scratch, 'pglite') });
try {
  await run('PGlite (embedded)', pglite, scratch);
} finally {
  await pglite.close();
  rmSync(scratch, { recursive: true, force: true });
}
