/* eslint-disable no-console -- a benchmark reports on stdout */
// A library of generated media items in a database of its own, kept for bench/search-cpu.ts:
// the media schema from the service's own migrations, then BENCH_ITEMS items (bench/generated-items.ts),
// vacuumed and analyzed. Prints the database's URL; drop it with `dropdb` when done.
//
// Run: BENCH_ITEMS=1000000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @airwave/bench load-items
import { createInProcessBus } from '@airwave/bus';
import { createTestDatabase, openDatabase } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { mediaService } from '@airwave/media';
import { createMemorySessionStore } from '@airwave/sessions';
import { startService } from '@airwave/service-kit';
import { insertGeneratedItems } from './generated-items';
import { seals } from './seals';

const count = Number(process.env.BENCH_ITEMS ?? 100_000);
const test = await createTestDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', `items_${count}`);
const database = await openDatabase({ url: test.url, poolSize: 2 });
const started = Date.now();
// The service's start runs the media schema's migrations.
const service = await startService(mediaService, { database, bus: createInProcessBus(), sessions: createMemorySessionStore(), opener: seals.opener, embedded: false, close: async () => undefined }, createLogger({ level: 'silent' }), { DATA_DIR: '/tmp/airwave-bench' });
await service.stop();
await insertGeneratedItems(database, count, { vacuum: true });
await database.close();
console.log(`${count.toLocaleString('en')} items loaded in ${Math.round((Date.now() - started) / 1000)} s: ${test.url}`);
