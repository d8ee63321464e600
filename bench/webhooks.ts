/* eslint-disable no-console -- a benchmark reports on stdout */
// Webhooks (issue 23): how fast events reach receivers, and whether receivers slow the API.
// A system is started (the embedded default; also the separate layout when DATABASE_URL, NATS_URL
// and REDIS_URL are given), with webhooks allowed over http to receivers on this machine. Three
// phases of BENCH_EVENTS player saves through the API, one after the other:
//   none:  no webhook registered;
//   three: three webhooks on three receivers that answer 200 at once;
//   hung:  the same, but one receiver never answers (each attempt waits out the 1 s timeout).
// For each: the API's save latency (median and 95th percentile) and, with webhooks, how long after
// its event an event reached the healthy receivers (from the frame's occurredAt to its arrival:
// median, 95th percentile and the longest).
// Run: pnpm bench:webhooks   Options: BENCH_EVENTS (300).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestDatabase } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { startSystem } from '@airwave/server';

const events = Number(process.env.BENCH_EVENTS ?? 300);
const password = 'bench-admin-password';

interface Receiver {
  url: string;
  /** Milliseconds from each event's occurredAt to its arrival here. */
  lags: number[];
  close(): void;
}

async function receiver(hang: boolean): Promise<Receiver> {
  const lags: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      lags.push(Date.now() - Date.parse((JSON.parse(Buffer.concat(chunks).toString()) as { occurredAt: string }).occurredAt));
      if (!hang) response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    lags,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function call(url: string, method: string, path: string, body: unknown, key?: string) {
  const reply = await fetch(`${url}/api/v2${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
  return ((await reply.json()) as { data: { id: number; key: string } }).data;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function phase(url: string, key: string, label: string, receivers: Receiver[], healthy: Receiver[]) {
  for (const r of receivers) await call(url, 'POST', '/webhooks', { url: r.url, event_types: ['scheduling.player.saved'] }, key);
  const latencies: number[] = [];
  for (const r of healthy) r.lags.length = 0;
  for (let i = 0; i < events; i += 1) {
    const t = performance.now();
    await call(url, 'POST', '/players', { name: `${label} ${i}`, timezone: 'Europe/London' }, key);
    latencies.push(performance.now() - t);
  }
  let lag = '—';
  if (healthy.length > 0) {
    while (healthy.some((r) => r.lags.length < events)) await new Promise((resolve) => setTimeout(resolve, 5));
    const lags = healthy.flatMap((r) => r.lags);
    lag = `${percentile(lags, 50)} ms / ${percentile(lags, 95)} ms / ${Math.max(...lags)} ms`;
  }
  console.log(`| ${label} | ${percentile(latencies, 50).toFixed(1)} ms | ${percentile(latencies, 95).toFixed(1)} ms | ${lag} |`);
  const hooks = (await fetch(`${url}/api/v2/webhooks`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.json())) as { data: { id: number }[] };
  for (const hook of hooks.data) await call(url, 'DELETE', `/webhooks/${hook.id}`, {}, key);
}

async function run(mode: 'embedded' | 'distributed') {
  const env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', AIRWAVE_ADMIN_PASSWORD: password, WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_TIMEOUT_SECONDS: '1' };
  const cleanups: (() => Promise<void> | void)[] = [];
  if (mode === 'embedded') {
    env.DATA_DIR = mkdtempSync(join(tmpdir(), 'airwave-bench-webhooks-'));
    cleanups.push(() => rmSync(env.DATA_DIR!, { recursive: true, force: true }));
  } else {
    const database = await createTestDatabase(process.env.DATABASE_URL!, 'bench');
    cleanups.push(database.drop);
    Object.assign(env, { DATABASE_URL: database.url, NATS_URL: process.env.NATS_URL!, REDIS_URL: process.env.REDIS_URL!, BUS_PREFIX: `b${randomBytes(4).toString('hex')}`, AIRWAVE_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  }
  const system = await startSystem({ env, mode, logger: createLogger({ level: 'silent' }) });
  const { key } = await call(system.url, 'POST', '/account/login', { username: 'admin', password });
  console.log(`\n${mode}, ${events} saves a phase\n`);
  console.log('| Phase | Save p50 | Save p95 | Event to healthy receiver: p50 / p95 / max |');
  console.log('|---|---|---|---|');
  const fast = await Promise.all([receiver(false), receiver(false), receiver(false)]);
  const hung = await receiver(true);
  await phase(system.url, key, 'none', [], []);
  await phase(system.url, key, 'three', fast, fast);
  await phase(system.url, key, 'hung', [fast[0]!, fast[1]!, hung], [fast[0]!, fast[1]!]);
  for (const r of [...fast, hung]) r.close();
  await system.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
}

console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`);
await run('embedded');
if (process.env.DATABASE_URL && process.env.NATS_URL && process.env.REDIS_URL) await run('distributed');
