/* eslint-disable no-console -- a benchmark reports on stdout */
// Search latency over a large generated library, on real Postgres (DATABASE_URL).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench:media 100000 1000000
// (each size in its own fresh database; default: 100,000 then 1,000,000).
import { performance } from 'node:perf_hooks';
import { createInProcessBus } from '@airwave/bus';
import { media, type Principal } from '@airwave/contracts';
import { createTestDatabase, openDatabase } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { mediaService } from '@airwave/media';
import { createMemorySessionStore } from '@airwave/sessions';
import { callOperation, startService } from '@airwave/service-kit';
import { insertGeneratedItems } from './generated-items';
import { asGateway, seals } from './seals';

const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('Set DATABASE_URL to a Postgres server');

for (const count of sizes.length ? sizes : [100_000, 1_000_000]) await run(count, baseUrl);

async function run(count: number, baseUrl: string) {
  const test = await createTestDatabase(baseUrl, 'bench');
  const database = await openDatabase({ url: test.url, poolSize: 4 });
  const bus = createInProcessBus();
  const logger = createLogger({ level: 'silent' });
  try {
    const service = await startService(mediaService, { database, bus, sessions: createMemorySessionStore(), opener: seals.opener, embedded: false, close: async () => undefined }, logger, { DATA_DIR: '/tmp/airwave-bench' });
    const started = performance.now();
    await insertGeneratedItems(database, count, { owners: 50, vacuum: true });
    const loadSeconds = (performance.now() - started) / 1000;

    const principal: Principal = { userId: 1, username: 'bench', groupIds: [1], permissions: ['manage_media'], via: 'system' };
    const queries: [string, unknown][] = [
      ['simple: one word', { mode: 'simple', string: 'river' }],
      ['simple: two words, prefix', { mode: 'simple', string: 'summ dream' }],
      ['simple: accent-insensitive', { mode: 'simple', string: 'cafe senor' }],
      ['simple: rare word + number', { mode: 'simple', string: 'gold 4711' }],
      ['advanced: genre + year range', { mode: 'advanced', filters: [{ filter: 'genre', op: 'eq', val: 'jazz' }, { filter: 'year', op: 'gte', val: 1990 }] }],
      ['advanced: artist contains', { mode: 'advanced', filters: [{ filter: 'artist', op: 'contains', val: 'band 42' }] }],
    ];
    const lines = [`| Query (${count.toLocaleString('en')} items) | p50 | p95 | p99 | num_results |`, '|---|---|---|---|---|'];
    for (const [label, q] of queries) {
      const times: number[] = [];
      let results = '';
      for (let i = 0; i < 60; i += 1) {
        const t = performance.now();
        const reply = await callOperation(asGateway(bus), media.search, { q: q as never, l: 50, o: (i % 3) * 50 }, { principal });
        times.push(performance.now() - t);
        results = `${reply.num_results}${reply.num_results_exact ? '' : ' (estimate)'}`;
      }
      times.sort((a, b) => a - b);
      const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      lines.push(`| ${label} | ${p(0.5)} ms | ${p(0.95)} ms | ${p(0.99)} ms | ${results} |`);
    }
    console.log(`Loaded ${count} items in ${loadSeconds.toFixed(1)} s\n`);
    console.log(lines.join('\n'));
    await service.stop();
  } finally {
    await database.close();
    await test.drop();
  }
}
