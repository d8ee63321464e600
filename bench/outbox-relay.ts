/* eslint-disable no-console -- a benchmark reports on stdout */
// The outbox relay's cost per event: EVENTS events recorded in the outbox (100 a transaction), then
// the relay started and timed until it has published them all to NATS. CPU of this process (the
// relay) and of PostgreSQL's backends of the benchmark database, per event.
// Run: DATABASE_URL=… NATS_URL=… pnpm --filter @airwave/bench outbox  (BENCH_EVENTS, 5000)
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { connectNatsBus, deleteNatsStream } from '@airwave/bus';
import { createTestDatabase, migrateSchema, openDatabase, sql } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { outboxMigration, recordEvent, startOutboxRelay } from '@airwave/service-kit';
import { cpuMicros } from './proc';

const events = Number(process.env.BENCH_EVENTS ?? 5000);
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const test = await createTestDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'bench_outbox');
const database = await openDatabase({ url: test.url, poolSize: 2 });
const prefix = `benchoutbox${randomBytes(3).toString('hex')}`;
const bus = await connectNatsBus(natsUrl, { prefix });
try {
  await migrateSchema(database, 'bench', { '0001_outbox': outboxMigration });
  const db = database.forSchema('bench');
  for (let start = 0; start < events; start += 100) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(events, start + 100); i += 1) await recordEvent(trx, 'media.item.deleted', { ids: [i + 1], items: [] }, null);
    });
  }
  const backends = async () => (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = ${new URL(test.url).pathname.slice(1)}`.execute(database.root)).rows.map((r) => r.pid);
  const load = loadavg()[0]!;
  const pids = await backends();
  const pg = pids.reduce((sum, pid) => sum + cpuMicros(pid), 0);
  const own = process.cpuUsage();
  const started = performance.now();
  const relay = startOutboxRelay(db, bus, createLogger({ level: 'silent' }), { intervalMs: 60_000 });
  await relay.flush();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(own);
  const pgUsed = (await backends()).reduce((sum, pid) => sum + cpuMicros(pid), 0) - pg;
  await relay.stop();
  console.log(`| ${events} events | ${(events / seconds).toFixed(0)} events/s | relay process ${((used.user + used.system) / events).toFixed(0)} µs | PostgreSQL ${(pgUsed / events).toFixed(0)} µs | load ${load.toFixed(2)} |`);
} finally {
  await bus.drain();
  await deleteNatsStream(natsUrl, prefix);
  await database.close();
  await test.drop();
}
