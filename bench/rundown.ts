/* eslint-disable no-console -- a benchmark reports on stdout */
// The rundown of a 24-hour day: 20 one-hour shows of 60-item playlists (50 media items, 5 dynamic
// items, 5 station IDs) over a 100,000-item library, the 4 hours between them filled by a default
// playlist; on real Postgres (DATABASE_URL), the media and scheduling services on one in-process bus.
// Cold: the first rundown of a day (every block resolved and stored); warm: the same day again.
// Short fill: a player without shows whose default playlist is one 60-second item (1,440 default
// blocks a day): cold, warm, and again after its blocks were made stale (what a show added asks).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench:rundown
import { performance } from 'node:perf_hooks';
import { createInProcessBus } from '@airwave/bus';
import { playlistOperations, scheduling, type Principal } from '@airwave/contracts';
import { createTestDatabase, openDatabase, sql } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { mediaService } from '@airwave/media';
import { schedulingService } from '@airwave/scheduling';
import { createMemorySessionStore } from '@airwave/sessions';
import { callOperation, startService } from '@airwave/service-kit';
import { insertGeneratedItems } from './generated-items';
import { asGateway, seals } from './seals';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('Set DATABASE_URL to a Postgres server');
const LIBRARY = 100_000;
const DAYS = Number(process.env.DAYS ?? 10);
const principal: Principal = { userId: 1, username: 'bench', groupIds: [1], permissions: ['manage_media', 'manage_playlists', 'manage_players', 'manage_timeslots', 'playlists_advanced_permissions'], via: 'system' };

const test = await createTestDatabase(baseUrl, 'bench');
const database = await openDatabase({ url: test.url, poolSize: 4 });
const bus = createInProcessBus();
const deps = { database, bus, sessions: createMemorySessionStore(), opener: seals.opener, embedded: false, close: async () => undefined };
const logger = createLogger({ level: 'silent' });
const services = [await startService(mediaService, deps, logger, { DATA_DIR: '/tmp/airwave-bench' }), await startService(schedulingService, deps, logger, {})];
const call = <O extends Parameters<typeof callOperation>[1]>(op: O, input: unknown) => callOperation(asGateway(bus), op, input as never, { principal, timeoutMs: 120_000 });
try {
  await insertGeneratedItems(database, LIBRARY, { owners: 50, vacuum: true });
  // Approved items only (every tenth is not): ids not divisible by 10.
  const approved = (n: number) => n + Math.floor(n / 9) + 1;
  const playlistOf = async (name: string, first: number) => {
    const items: unknown[] = [];
    for (let i = 0; i < 60; i += 1) {
      if (i % 12 === 5) items.push({ type: 'station_id' });
      else if (i % 12 === 11) items.push({ type: 'dynamic', query: { mode: 'advanced', filters: [{ filter: 'genre', op: 'eq', val: 'Jazz' }] }, num_items: 1 });
      else items.push({ type: 'media', media_id: approved(first + i * 97) });
    }
    return ((await call(playlistOperations.playlistCreate, { name, items })) as { id: number }).id;
  };
  const fill = await playlistOf('Fill', 50_000);
  const player = ((await call(scheduling.playerCreate, { name: 'Bench FM', timezone: 'Europe/London', station_ids: [approved(1), approved(2), approved(3)], default_playlist_id: fill })) as { id: number }).id;
  const first = Date.parse('2027-06-01T00:00:00+01:00');
  for (let s = 0; s < 20; s += 1) {
    const playlist = await playlistOf(`Show ${s}`, s * 3000);
    // 20 one-hour shows from 02:00 to 22:00, every day for DAYS days.
    await call(scheduling.showCreate, { player_id: player, mode: 'daily', start: new Date(first + (2 + s) * 3_600_000).toISOString(), stop: new Date(first + DAYS * 86_400_000).toISOString(), duration: 3600, item_type: 'playlist', item_id: playlist });
  }
  const dayOf = (d: number) => ({ id: player, start: String((first + d * 86_400_000) / 1000), end: String((first + (d + 1) * 86_400_000) / 1000) });
  const time = async (input: unknown) => {
    const t = performance.now();
    const blocks = (await call(scheduling.playerRundown, input)) as { items: unknown[] }[];
    return { ms: performance.now() - t, blocks: blocks.length, items: blocks.reduce((n, b) => n + b.items.length, 0) };
  };
  const cold = [];
  for (let d = 0; d < DAYS; d += 1) cold.push(await time(dayOf(d)));
  const warm = [];
  for (let i = 0; i < 100; i += 1) warm.push(await time(dayOf(i % DAYS)));
  const report = (label: string, runs: { ms: number; blocks: number; items: number }[]) => {
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`| ${label} | ${runs.length} | ${p(0.5)} ms | ${p(0.95)} ms | ${times.at(-1)!.toFixed(1)} ms | ${runs[0]!.blocks} blocks, ${runs[0]!.items} items |`);
  };
  console.log(`| Rundown of a day (${LIBRARY.toLocaleString('en')} items) | runs | p50 | p95 | max | answer |`);
  console.log('|---|---|---|---|---|---|');
  report('cold: first call for the day (every block resolved)', cold);
  report('warm: the day again (from rundown_blocks)', warm);
  const minute = approved(77_777);
  await sql`update media.items set duration = 60 where id = ${minute}`.execute(database.root);
  const shortFill = ((await call(playlistOperations.playlistCreate, { name: 'Minute', items: [{ type: 'media', media_id: minute }] })) as { id: number }).id;
  const short = ((await call(scheduling.playerCreate, { name: 'Short FM', timezone: 'Europe/London', default_playlist_id: shortFill })) as { id: number }).id;
  const shortDay = (d: number) => ({ ...dayOf(d), id: short });
  const shortDays = Math.min(DAYS, 5);
  const shortCold = [];
  for (let d = 0; d < shortDays; d += 1) shortCold.push(await time(shortDay(d)));
  const shortWarm = [];
  for (let i = 0; i < 20; i += 1) shortWarm.push(await time(shortDay(i % shortDays)));
  const shortStale = [];
  for (let d = 0; d < shortDays; d += 1) {
    await sql`update scheduling.rundown_blocks set stale = true where player_id = ${short}`.execute(database.root);
    shortStale.push(await time(shortDay(d)));
  }
  report('short fill (60 s), cold', shortCold);
  report('short fill (60 s), warm', shortWarm);
  report('short fill (60 s), every block stale', shortStale);
} finally {
  for (const service of services.reverse()) await service.stop();
  await database.close();
  await test.drop();
}
