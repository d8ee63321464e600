/* eslint-disable no-console -- a benchmark reports on stdout */
// The production layout for a benchmark that must count every process's CPU: a PostgreSQL cluster,
// a NATS server (JetStream) and a Redis server of the benchmark's own (so no other work on the
// machine is counted with them), and the account, media, scheduling, modules and gateway services,
// each its own process from its bundle as the images run them. Everything listens on 127.0.0.1 and
// is stopped by stop(), also on failure or Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newGatewayKeyPair } from '@airwave/service-kit';
import { cpuMicros } from './proc';

export const SERVICES = ['account', 'media', 'scheduling', 'modules', 'gateway'] as const;

export interface Layout {
  url: string;
  databaseUrl: string;
  /** CPU used so far (µs) by every process of the layout, by name (postgres: the postmaster and all its children). */
  cpu(): Record<string, number>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await Promise.resolve().then(check).catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** The children of a process (PostgreSQL's backends and workers), from /proc. */
function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU time of a process and of its children that have exited (µs): cutime and cstime hold those. */
function cpuWithReaped(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10_000;
  } catch {
    return 0;
  }
}

/** PostgreSQL's binaries: BENCH_PG_BIN, else `pg_config --bindir`. */
const pgBin = () => process.env.BENCH_PG_BIN ?? spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' }).stdout.trim();

export async function startLayout(root: string, options: { logLevel?: string } = {}): Promise<Layout> {
  const scratch = mkdtempSync(join(tmpdir(), 'airwave-bench-layout-'));
  chmodSync(scratch, 0o755);
  const children = new Map<string, ChildProcess>();
  const start = (name: string, command: string, args: string[], cwd = scratch, env: Record<string, string> = {}) => {
    const log = openSync(join(scratch, `${name}.log`), 'a');
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', log, log] });
    closeSync(log);
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (!stopping && code !== 0) console.error(`${name} exited (${code ?? signal}); its log: ${join(scratch, `${name}.log`)}`);
    });
    return child;
  };
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const name of [...[...SERVICES].reverse(), 'redis', 'nats', 'postgres']) {
      const child = children.get(name);
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill(name === 'postgres' ? 'SIGINT' : 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  process.on('exit', () => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')));
  try {
    // PostgreSQL refuses to run as root: as the `postgres` user then.
    const asPostgres = (command: string, args: string[]): [string, string[]] => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);
    const pgData = join(scratch, 'pg');
    mkdirSync(pgData);
    if (process.getuid?.() === 0) spawnSync('chown', ['postgres', pgData]);
    const init = spawnSync(...asPostgres(join(pgBin(), 'initdb'), ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync']), { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    const [pgPort, natsPort, redisPort, gatewayPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    start('postgres', ...asPostgres(join(pgBin(), 'postgres'), ['-D', pgData, '-p', String(pgPort), '-k', pgData, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200']));
    start('nats', 'nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(scratch, 'nats')]);
    start('redis', 'redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    await waitFor('PostgreSQL', () => spawnSync(join(pgBin(), 'pg_isready'), ['-h', '127.0.0.1', '-p', String(pgPort)]).status === 0);
    const gatewayKeys = newGatewayKeyPair();
    const env = {
      DATABASE_URL: databaseUrl,
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      AIRWAVE_ADMIN_PASSWORD: 'bench-admin-password',
      AIRWAVE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AIRWAVE_GATEWAY_PUBLIC_KEY: gatewayKeys.publicKey,
      AIRWAVE_PLAYOUT_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: join(scratch, 'data'),
      HOST: '127.0.0.1',
      LOG_LEVEL: options.logLevel ?? 'warn',
    };
    for (const service of SERVICES) {
      const built = spawnSync('pnpm', ['--filter', `@airwave/${service}`, 'build'], { cwd: root, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(`Cannot bundle ${service}: ${built.stderr}`);
      start(service, process.execPath, ['dist/main.js'], join(root, 'services', service), service === 'gateway' ? { ...env, AIRWAVE_GATEWAY_KEY: gatewayKeys.privateKey, PORT: String(gatewayPort) } : env);
    }
    const url = `http://127.0.0.1:${gatewayPort}`;
    const cpu = () => {
      const used: Record<string, number> = {};
      for (const [name, child] of children) used[name] = child.pid ? cpuMicros(child.pid) : 0;
      // PostgreSQL: the postmaster (under runuser when started as root), its backends and workers
      // alive, and those that have exited (the postmaster's cutime and cstime).
      const launched = children.get('postgres')?.pid;
      if (launched) {
        const postmasters = process.getuid?.() === 0 ? childPids(launched) : [launched];
        used.postgres = postmasters.reduce((sum, pid) => sum + cpuWithReaped(pid) + childPids(pid).reduce((s, c) => s + cpuMicros(c), 0), 0);
      }
      return used;
    };
    return { url, databaseUrl, cpu, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
