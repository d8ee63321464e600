/* eslint-disable no-console -- a benchmark reports on stdout */
// The now-playing stream's fan-out (issue 34): BENCH_CLIENTS clients (500) streaming one player's
// `GET /players/{id}/now-playing/events`, then CHANGES track starts reported through remote.php as
// OB Player reports them, one after another: from sending the report until every client has the
// `now_playing` event, and the CPU of the process per change (gateway, services and the clients,
// all in this process: the embedded default). Run: pnpm --filter @airwave/bench now-playing
// (BENCH_CLIENTS, BENCH_CHANGES)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLogger } from '@airwave/logging';
import { startSystem } from '@airwave/server';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 30);
const PASSWORD = 'bench-player-password';
const percentile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

const dir = mkdtempSync(join(tmpdir(), 'airwave-bench-sse-'));
const system = await startSystem({ env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dir, AIRWAVE_ADMIN_PASSWORD: 'bench-admin' }, logger: createLogger({ level: 'silent' }) });
const api = async <T>(method: string, path: string, key: string | null, body?: unknown): Promise<T> => {
  const reply = await fetch(`${system.url}/api/v2${path}`, { method, headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await reply.json()) as { status: boolean; data: T; msg: string };
  if (!json.status) throw new Error(`${method} ${path}: ${json.msg}`);
  return json.data;
};
const { key } = await api<{ key: string }>('POST', '/account/login', null, { username: 'admin', password: 'bench-admin' });
const player = (await api<{ id: number }>('POST', '/players', key, { name: 'Bench FM', timezone: 'Europe/London', password: PASSWORD })).id;

/** Every client's count of `now_playing` events, and a wake-up for whoever waits on them. */
const counts = new Array<number>(CLIENTS).fill(0);
let wake = () => undefined as void;
const aborts: AbortController[] = [];
async function client(i: number) {
  const abort = new AbortController();
  aborts.push(abort);
  const reply = await fetch(`${system.url}/api/v2/players/${player}/now-playing/events`, { headers: { authorization: `Bearer ${key}` }, signal: abort.signal });
  const decoder = new TextDecoder();
  let text = '';
  (async () => {
    for await (const chunk of reply.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      const blocks = text.split('\n\n');
      text = blocks.pop()!;
      counts[i]! += blocks.filter((b) => b.includes('event: now_playing')).length;
      wake();
    }
  })().catch(() => undefined);
}
const allHave = (n: number) => counts.every((c) => c >= n);
const until = (n: number) => new Promise<void>((resolve) => {
  const check = () => (allHave(n) ? resolve() : undefined);
  wake = check;
  check();
});

const opened = performance.now();
for (let i = 0; i < CLIENTS; i += 50) await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => client(i + j)));
await until(1);
console.log(`${CLIENTS} clients connected with the first state in ${Math.round(performance.now() - opened)} ms`);

const latencies: number[] = [];
const cpu = process.cpuUsage();
const hour = Math.floor(Date.now() / 3_600_000) * 3600;
for (let n = 1; n <= CHANGES; n += 1) {
  const started = performance.now();
  const body = `id=${player}&pw=${PASSWORD}&playlist_id=1&show_name=Bench&playlist_end=${hour + 3600}&media_id=&media_end=${hour + n}`;
  const reply = await fetch(`${system.url}/remote.php?action=now_playing`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  await reply.text();
  await until(1 + n);
  latencies.push(performance.now() - started);
}
const used = process.cpuUsage(cpu);
const ms = (v: number) => `${v.toFixed(1)} ms`;
console.log(`${CHANGES} changes, each to ${CLIENTS} clients: p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, max ${ms(Math.max(...latencies))}; CPU of the process per change ${ms((used.user + used.system) / 1000 / CHANGES)}`);
for (const abort of aborts) abort.abort();
await system.close();
rmSync(dir, { recursive: true, force: true });
