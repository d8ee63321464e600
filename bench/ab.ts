/* eslint-disable no-console -- a benchmark reports on stdout */
// A/B of the embedded default: two checkouts' servers run side by side and take turns under the
// same load (authenticated GET /api/v2/account/uid), so a slow phase of the machine hits both alike.
// On a shared 2-core machine, single runs of the same code differ by 20 % and more; alternating short
// bursts is what tells a 10 % change from noise. Reports each side's rate per burst, the median
// rate and the median CPU time of its process per request.
//
// Run: pnpm --filter @airwave/bench ab <checkout A> [checkout B, default: this one]
// Options (environment): BENCH_BURSTS (8 per side), BENCH_SECONDS (4 per burst),
//   BENCH_CONNECTIONS (50), AB_ENV_A / AB_ENV_B (JSON of extra environment for one side, e.g.
//   '{"LOG_LEVEL":"warn"}' to compare settings of one checkout), AB_MAIN_A / AB_MAIN_B (the entry
//   point in apps/server, default src/main.ts under tsx; a .js file such as a bundle made with
//   `node tools/bundle.mjs src/main.ts --outdir dist` runs with plain node). Each side runs
//   `node --import tsx apps/server/src/main.ts` of its checkout (dependencies installed) on PGlite
//   in a temporary directory; the machine's DATABASE_URL, NATS_URL and REDIS_URL are never passed on.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMicros } from './proc';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [checkoutA, checkoutB = here] = process.argv.slice(2).filter((arg) => arg !== '--');
if (!checkoutA) {
  console.error('usage: pnpm --filter @airwave/bench ab <checkout A> [checkout B]');
  process.exit(2);
}
const bursts = Number(process.env.BENCH_BURSTS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PASSWORD = 'bench-admin-password';
const scratch = mkdtempSync(join(tmpdir(), 'airwave-bench-ab-'));

interface Side {
  name: 'A' | 'B';
  checkout: string;
  child: ChildProcess;
  base: string;
  headers: Record<string, string>;
  bursts: { rate: number; cpuPerRequest: number; bad: number }[];
}

const sides: Side[] = [];
const { DATABASE_URL: _d, NATS_URL: _n, REDIS_URL: _r, ...inherited } = process.env;
try {
  for (const [index, [name, checkout]] of ([['A', resolve(checkoutA)], ['B', resolve(checkoutB)]] as const).entries()) {
    const extra = JSON.parse(process.env[`AB_ENV_${name}`] ?? '{}') as Record<string, string>;
    const port = 18_700 + index + Math.floor(Math.random() * 200) * 2;
    const log = openSync(join(scratch, `${name}.log`), 'a');
    const main = process.env[`AB_MAIN_${name}`] ?? 'src/main.ts';
    const child = spawn(process.execPath, [...(main.endsWith('.ts') ? ['--import', 'tsx'] : []), main], {
      cwd: join(checkout, 'apps', 'server'),
      env: { ...inherited, DATA_DIR: join(scratch, `data-${name}`), PORT: String(port), HOST: '127.0.0.1', AIRWAVE_ADMIN_PASSWORD: PASSWORD, ...extra },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    sides.push({ name, checkout, child, base: `http://127.0.0.1:${port}`, headers: {}, bursts: [] });
  }
  for (const side of sides) {
    const started = Date.now();
    for (;;) {
      if (side.child.exitCode !== null) throw new Error(`side ${side.name} exited; its log: ${join(scratch, `${side.name}.log`)}`);
      if (await fetch(`${side.base}/readyz`).then((r) => r.ok, () => false)) break;
      if (Date.now() - started > 90_000) throw new Error(`side ${side.name} not ready in 90 s`);
      await new Promise((r) => setTimeout(r, 300));
    }
    const login = (await (
      await fetch(`${side.base}/api/v2/account/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
    ).json()) as { data: { key: string } };
    side.headers = { authorization: `Bearer ${login.data.key}` };
    await autocannon({ url: `${side.base}/api/v2/account/uid`, headers: side.headers, connections, duration: 2 }); // warm-up
  }
  for (let round = 0; round < bursts; round += 1) {
    // A first in even rounds, B first in odd ones.
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const before = cpuMicros(side.child.pid!);
      const result = await autocannon({ url: `${side.base}/api/v2/account/uid`, headers: side.headers, connections, duration: seconds });
      side.bursts.push({ rate: result.requests.average, cpuPerRequest: (cpuMicros(side.child.pid!) - before) / result.requests.total, bad: result.non2xx + result.errors });
    }
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  console.log(`A/B, embedded default, GET /api/v2/account/uid, ${bursts} bursts of ${seconds} s per side, ${connections} connections`);
  for (const side of sides) {
    const rates = side.bursts.map((b) => Math.round(b.rate));
    console.log(
      `${side.name} (${side.checkout}): median ${median(rates)} req/s, ${median(side.bursts.map((b) => b.cpuPerRequest)).toFixed(1)} µs CPU/request; ` +
        `bursts ${rates.join(', ')}; non-2xx/errors ${side.bursts.reduce((n, b) => n + b.bad, 0)}`,
    );
  }
} finally {
  for (const side of sides) side.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(scratch, { recursive: true, force: true });
}
