// A whole Airwave system as real, separate processes (one per service and gateway), for fault tests:
// its own Postgres database, bus prefix and Redis key prefix, and optionally its own nats-server and
// redis-server so that the test may stop them. Everything it starts is killed in stop().
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteNatsStream } from '@airwave/bus';
import { createTestDatabase, openDatabase, type Database, type TestDatabase } from '@airwave/db';
import { newGatewayKeyPair } from '@airwave/service-kit';
import { deleteRedisPrefix } from '@airwave/sessions';
import { Api } from '../src/harness';
import { canRunNatsServer, freePort, portOpen, privateNats, terminate, type PrivateNats } from '../src/nats-server';
import { limit } from '../../vitest.shared';

export const root = resolve(import.meta.dirname, '..', '..');
export const redisServerBinary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/sbin/redis-server'].find((p) => existsSync(p));

const urls = { database: process.env.DATABASE_URL, nats: process.env.NATS_URL, redis: process.env.REDIS_URL };

/** Why the fault suite cannot run here (null when it can). */
export const skipReason: string | null = process.env.AIRWAVE_FAULT_TESTS === '0'
  ? 'AIRWAVE_FAULT_TESTS=0'
  : !(urls.database && urls.nats && urls.redis)
    ? 'DATABASE_URL, NATS_URL and REDIS_URL are not all set'
    : !canRunNatsServer
      ? 'no nats-server binary'
      : !redisServerBinary
        ? 'no redis-server binary'
        : null;

export const ADMIN_PASSWORD = 'fault-admin-password';
export type ServiceName = 'account' | 'media' | 'scheduling' | 'modules';
export const serviceNames: ServiceName[] = ['account', 'media', 'scheduling', 'modules'];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The gateway's deadline for a bus request in every fault test (REQUEST_TIMEOUT_MS), scaled by the
 * machine factor: on a busy machine a healthy request must still meet it. HANG_MS: when a test's
 * client gives up on a reply and counts the request as hung.
 */
export const REQUEST_TIMEOUT_MS = limit(3000);
export const HANG_MS = REQUEST_TIMEOUT_MS + limit(4000);

/** Waits for `check`, for at most `timeoutMs` on an idle machine (scaled by the machine factor: vitest.shared.ts); answers the milliseconds it took. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<number> {
  const started = Date.now();
  const allowedMs = limit(timeoutMs);
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > allowedMs) throw new Error(`Timed out after ${allowedMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** A private redis-server on a free port (never the machine's), without persistence. */
export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP: still connected, but answers nothing (until resume). */
  freeze(): void;
  resume(): void;
  dispose(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const api: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(redisServerBinary!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitFor('redis-server', () => portOpen(port), 10_000, 50);
    },
    async stop() {
      if (child) await terminate(child);
      child = undefined;
    },
    freeze() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async dispose() {
      child?.kill('SIGKILL');
      child = undefined;
    },
  };
  await api.start();
  return api;
}

export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  /** Exit code (or signal name) once exited. */
  exited: Promise<number | string | null>;
  alive(): boolean;
}

function spawnProc(name: string, cwd: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let done = false;
  const exited = new Promise<number | string | null>((r) =>
    child.once('exit', (code, signal) => {
      done = true;
      r(code ?? signal);
    }),
  );
  return { name, child, output: () => output, exited, alive: () => !done };
}

export interface Gateway {
  proc: Proc;
  port: number;
  url: string;
  api: Api;
}

export interface ClusterOptions {
  label: string;
  privateNats?: boolean;
  privateRedis?: boolean;
  /** Environment for every process. */
  env?: Record<string, string>;
}

export class Cluster {
  readonly procs: Proc[] = [];
  readonly services = new Map<ServiceName, { proc: Proc; metricsPort: number }[]>();
  readonly gateways: Gateway[] = [];
  env: Record<string, string> = {};
  /** The gateway's key pair, as a deployment makes it: the private half to the gateway only. */
  private readonly gatewayKeys = newGatewayKeyPair();
  database!: Database;
  nats?: PrivateNats;
  redis?: PrivateRedis;
  private testDatabase?: TestDatabase;
  private dataDir = '';

  private constructor(readonly options: ClusterOptions) {}

  /** Creates the database, prefixes and private servers; starts nothing of Airwave yet. */
  static async create(options: ClusterOptions): Promise<Cluster> {
    const cluster = new Cluster(options);
    try {
      await cluster.init();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  private async init() {
    const id = randomBytes(4).toString('hex');
    this.testDatabase = await createTestDatabase(urls.database!, `fault_${this.options.label}`);
    this.database = await openDatabase({ url: this.testDatabase.url });
    if (this.options.privateNats) this.nats = await privateNats();
    if (this.options.privateRedis) this.redis = await privateRedis();
    this.dataDir = mkdtempSync(join(tmpdir(), 'airwave-fault-'));
    this.env = {
      DATABASE_URL: this.testDatabase.url,
      NATS_URL: this.nats?.url ?? urls.nats!,
      REDIS_URL: this.redis?.url ?? urls.redis!,
      BUS_PREFIX: `f${id}`,
      REDIS_PREFIX: `airwave-fault:${id}:`,
      DATA_DIR: this.dataDir,
      AIRWAVE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      SHUTDOWN_TIMEOUT_MS: String(limit(8000)),
      AIRWAVE_GATEWAY_PUBLIC_KEY: this.gatewayKeys.publicKey,
      AIRWAVE_PLAYOUT_KEY: randomBytes(32).toString('base64'),
      ...(this.options.env ?? {}),
    };
  }

  /** Starts one replica of a service and waits until its /readyz answers 200 (its handlers are bound). */
  async startService(name: ServiceName, extraEnv: Record<string, string> = {}): Promise<Proc> {
    const metricsPort = await freePort();
    const proc = spawnProc(name, join(root, 'services', name), { ...this.env, METRICS_PORT: String(metricsPort), ...extraEnv });
    this.procs.push(proc);
    const replicas = this.services.get(name) ?? [];
    replicas.push({ proc, metricsPort });
    this.services.set(name, replicas);
    await this.waitReady(name, proc, metricsPort, 60_000);
    return proc;
  }

  async waitReady(name: string, proc: Proc, metricsPort: number, timeoutMs: number): Promise<number> {
    return waitFor(
      `${name} to be ready`,
      async () => {
        if (!proc.alive()) throw new Error(`${name} exited: ${proc.output().slice(-2000)}`);
        const response = await fetch(`http://127.0.0.1:${metricsPort}/readyz`, { signal: AbortSignal.timeout(limit(3000)) });
        return response.status === 200;
      },
      timeoutMs,
    );
  }

  /** Waits until every running service replica answers /readyz with 200 again; ms taken. */
  async waitAllReady(timeoutMs: number): Promise<number> {
    const started = Date.now();
    for (const [name, replicas] of this.services) {
      for (const { proc, metricsPort } of replicas) if (proc.alive()) await this.waitReady(name, proc, metricsPort, timeoutMs - (Date.now() - started));
    }
    return Date.now() - started;
  }

  /** The playout service (it airs the players whose playout is airwave through Liquidsoap); stop it with SIGTERM, which ends its Liquidsoap processes too. */
  async startPlayout(extraEnv: Record<string, string> = {}): Promise<Proc> {
    const metricsPort = await freePort();
    const proc = spawnProc('playout', join(root, 'services', 'playout'), { ...this.env, METRICS_PORT: String(metricsPort), PLAYOUT_ENGINE: 'auto', ...extraEnv });
    this.procs.push(proc);
    await this.waitReady('playout', proc, metricsPort, 60_000);
    return proc;
  }

  async startServices(): Promise<void> {
    // Account first: it creates the admin user; the rest in parallel.
    await this.startService('account');
    await Promise.all(serviceNames.filter((n) => n !== 'account').map((n) => this.startService(n)));
  }

  async startGateway(extraEnv: Record<string, string> = {}): Promise<Gateway> {
    const port = await freePort();
    const proc = spawnProc('gateway', join(root, 'services', 'gateway'), { ...this.env, AIRWAVE_GATEWAY_KEY: this.gatewayKeys.privateKey, PORT: String(port), ...extraEnv });
    this.procs.push(proc);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      'the gateway to listen',
      async () => {
        if (!proc.alive()) throw new Error(`gateway exited: ${proc.output().slice(-2000)}`);
        return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(limit(2000)) })).ok;
      },
      60_000,
    );
    const gateway = { proc, port, url, api: new Api(url) };
    this.gateways.push(gateway);
    return gateway;
  }

  /** Everything: four services and one gateway. */
  async startAll(): Promise<Gateway> {
    await this.startServices();
    return this.startGateway();
  }

  /** The process ids of every Airwave process started so far (to show that none was restarted). */
  pids(): number[] {
    return this.procs.map((p) => p.child.pid!);
  }

  /** SIGKILLs a process and waits for it to be gone. */
  async kill(proc: Proc, signal: NodeJS.Signals = 'SIGKILL'): Promise<number | string | null> {
    if (proc.alive()) proc.child.kill(signal);
    return proc.exited;
  }

  /** Kills every child process (SIGKILL), drops the database, prefixes and private servers. */
  async stop(): Promise<void> {
    await Promise.all(this.procs.map((proc) => this.kill(proc).catch(() => undefined)));
    const natsUrl = this.env.NATS_URL;
    await this.database?.close().catch(() => undefined);
    await this.testDatabase?.drop().catch(() => undefined);
    if (this.env.REDIS_PREFIX && !this.redis) await deleteRedisPrefix(this.env.REDIS_URL!, this.env.REDIS_PREFIX).catch(() => undefined);
    if (natsUrl && !this.nats) await deleteNatsStream(natsUrl, this.env.BUS_PREFIX!).catch(() => undefined);
    await this.nats?.dispose().catch(() => undefined);
    await this.redis?.dispose().catch(() => undefined);
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

// ---- load

export interface Sample {
  op: string;
  /** Milliseconds since the epoch. */
  start: number;
  end: number;
  /** HTTP status, or 'network' when the connection failed / was refused, or 'hang' past the client's limit. */
  status: number | 'network' | 'hang';
  body?: { status: boolean; msg: string; data: unknown };
  retryAfter?: string | null;
  error?: string;
}

/** One HTTP call that never throws: its outcome as a Sample. The client gives up at hangMs. */
export async function call(
  base: string,
  op: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; hangMs: number },
): Promise<Sample> {
  const start = Date.now();
  const headers: Record<string, string> = {};
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${base}/api/v2${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: AbortSignal.timeout(options.hangMs),
    });
    const text = await response.text();
    let body: Sample['body'];
    try {
      body = JSON.parse(text) as Sample['body'];
    } catch {
      body = undefined;
    }
    return { op, start, end: Date.now(), status: response.status, body, retryAfter: response.headers.get('retry-after'), ...(body ? {} : { error: `non-JSON: ${text.slice(0, 100)}` }) };
  } catch (error) {
    const name = (error as Error).name;
    const hang = name === 'TimeoutError' || name === 'AbortError';
    return { op, start, end: Date.now(), status: hang ? 'hang' : 'network', error: `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}` };
  }
}

/** Runs `clients` loops of `step` until `stop()` says so or `maxPerClient` steps each. */
export async function runLoad(clients: number, step: (client: number, i: number) => Promise<Sample>, stop: () => boolean, options: { maxPerClient?: number; pauseMs?: number } = {}): Promise<Sample[]> {
  const samples: Sample[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; !stop() && i < (options.maxPerClient ?? Infinity); i += 1) {
        samples.push(await step(client, i));
        if (options.pauseMs) await sleep(options.pauseMs);
      }
    }),
  );
  return samples;
}

export const isEnvelope = (body: Sample['body']) =>
  !!body && typeof body === 'object' && typeof body.status === 'boolean' && typeof body.msg === 'string' && 'data' in body;

export function countByStatus(samples: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) counts[String(s.status)] = (counts[String(s.status)] ?? 0) + 1;
  return counts;
}

// ---- summary (printed and written to tests/data/faults-summary.md)

export interface ScenarioSummary {
  scenario: string;
  requests: number;
  byStatus: Record<string, number>;
  writesAcked: number;
  writesChecked: number;
  lost: number;
  notes: string;
}

const summaryFile = join(root, 'tests', 'data', 'faults-summary.md');

export function reportSummary(summary: ScenarioSummary): void {
  const statuses = Object.entries(summary.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  const line = `| ${summary.scenario} | ${summary.requests} | ${statuses} | ${summary.writesAcked} | ${summary.writesChecked} | ${summary.lost} | ${summary.notes} |\n`;
  mkdirSync(join(root, 'tests', 'data'), { recursive: true });
  appendFileSync(summaryFile, line);
  process.stdout.write(`[faults] ${line}`);
}

// ---- checks against the database and the event stream

/** Every outbox row of the given service schemas. */
export async function outboxRows(database: Database, schemas: string[]): Promise<{ schema: string; id: string; subject: string; published: boolean; frame: { payload: Record<string, unknown> } }[]> {
  const rows = [];
  for (const schema of schemas) {
    const found = await database.forSchema(schema).selectFrom('outbox').select(['id', 'subject', 'published_at', 'frame']).execute();
    for (const row of found as { id: string; subject: string; published_at: Date | null; frame: unknown }[]) {
      const frame = (typeof row.frame === 'string' ? JSON.parse(row.frame) : row.frame) as { payload: Record<string, unknown> };
      rows.push({ schema, id: row.id, subject: row.subject, published: row.published_at !== null, frame });
    }
  }
  return rows;
}

/** Ids of every event stored in the prefix's JetStream stream (read from the start), with their counts. */
export async function streamEventIds(natsUrl: string, prefix: string, expected: number, timeoutMs: number): Promise<Map<string, number>> {
  const { connectNatsBus } = await import('@airwave/bus');
  const bus = await connectNatsBus(natsUrl, { prefix });
  const seen = new Map<string, number>();
  try {
    const sub = await bus.subscribe('>', (event) => {
      const id = (event.data as { id: string }).id;
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }, { deliverFrom: 'all' });
    await waitFor('the stream to deliver every event', async () => seen.size >= expected, timeoutMs).catch(() => undefined);
    await sleep(limit(300)); // a duplicate would arrive right behind
    await sub.unsubscribe();
  } finally {
    await bus.drain();
  }
  return seen;
}
