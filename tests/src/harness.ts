// Starts a whole Airwave system for one test suite, isolated from every other run: its own data
// directory (embedded) or its own Postgres database, bus prefix and Redis key prefix (distributed).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteNatsStream } from '@airwave/bus';
import { createTestDatabase, seedEmbeddedDataDir } from '@airwave/db';
import { createLogger, type Logger } from '@airwave/logging';
import { startSystem, type RunningSystem } from '@airwave/server';
import { deleteRedisPrefix } from '@airwave/sessions';
import { createGateway, type GatewayOptions } from '@airwave/gateway';
import { newGatewayKeyPair, newPlayoutKey } from '@airwave/service-kit';
import { fetchFrom } from './from-address';
import { TrafficCheck } from './openapi-traffic';
import { limit, machineFactor } from '../../vitest.shared';

export type Mode = 'embedded' | 'distributed';

export const ADMIN_PASSWORD = 'test-admin-password';

/** The separate services' key for two-factor secrets (the embedded default makes its own). */
export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

const urls = {
  database: process.env.DATABASE_URL,
  nats: process.env.NATS_URL,
  redis: process.env.REDIS_URL,
};

/** Modes this machine can run: embedded always; distributed when the three URLs are given. */
export const modes: Mode[] = urls.database && urls.nats && urls.redis ? ['embedded', 'distributed'] : ['embedded'];

/**
 * The modes of the suites that check an area's rules (the schedule's recurrences and exceptions,
 * playlists, the rundown, two-factor sign-in, OB Player's day): the embedded default, and every mode
 * with AIRWAVE_API_MODES=all. Both modes run the same gateway, handlers and queries, and the
 * in-process bus sends every request and event through JSON as NATS does; what differs (the
 * transport, PostgreSQL's own concurrency, Redis sessions, replicas) is what the suites run in
 * `modes` check, and the services' own tests run against PostgreSQL (docs/testing.md).
 */
export const ruleModes: Mode[] = process.env.AIRWAVE_API_MODES === 'all' ? modes : ['embedded'];

export interface TestSystem extends RunningSystem {
  mode: Mode;
  env: Record<string, string>;
  api: Api;
  stop(): Promise<void>;
}

/**
 * The login throttle's first delay in the systems tests start: a second on an idle machine, longer
 * on a busy one, so that a test's next attempt still falls inside a delay its last one started.
 */
export const LOGIN_DELAY_SECONDS = Math.ceil(machineFactor);

export async function startTestSystem(mode: Mode, extraEnv: Record<string, string> = {}, options: { logger?: Logger } = {}): Promise<TestSystem> {
  const id = randomBytes(4).toString('hex');
  const cleanups: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AIRWAVE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    REQUEST_TIMEOUT_MS: String(limit(5000)),
    LOGIN_FIRST_DELAY_SECONDS: String(LOGIN_DELAY_SECONDS),
    // The playout airs nothing in API tests unless a test asks (it would start Liquidsoap for every aired player).
    PLAYOUT_ENGINE: 'off',
    // Nor are files analysed unless a test asks (media-analysis.test.ts): an analysis landing part
    // way through a test changes its rundown's items and adds events to its streams.
    MEDIA_ANALYSIS: 'off',
    // Known to the test, so a playout it starts itself (playout-air.test.ts) opens what the scheduling service seals.
    AIRWAVE_PLAYOUT_KEY: newPlayoutKey(),
    ...extraEnv,
  };
  if (mode === 'embedded') {
    const dir = await mkdtemp(join(tmpdir(), 'airwave-test-'));
    env.DATA_DIR = dir;
    await seedEmbeddedDataDir(dir);
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
  } else {
    const database = await createTestDatabase(urls.database!, 'api');
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
    env.NATS_URL ??= urls.nats!;
    env.REDIS_URL ??= urls.redis!;
    env.AIRWAVE_ENCRYPTION_KEY ??= TEST_ENCRYPTION_KEY;
    // A replica started on the same prefix (startReplica) must open this gateway's seals, and the other way round.
    env.AIRWAVE_GATEWAY_KEY ??= newGatewayKeyPair().privateKey;
    env.BUS_PREFIX = `t${id}`;
    env.REDIS_PREFIX = `airwave-test:${id}:`;
    cleanups.push(() => deleteRedisPrefix(urls.redis!, env.REDIS_PREFIX!));
    cleanups.push(() => deleteNatsStream(env.NATS_URL!, env.BUS_PREFIX!));
  }
  const system = await startSystem({ env, mode, logger: options.logger ?? createLogger({ level: 'silent' }) });
  // Closed once, whoever asks first: a test that stops the system (a restart) and the suite's stop.
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= system.close());
  return {
    ...system,
    close,
    mode,
    env,
    api: new Api(system.url),
    stop: async () => {
      await close();
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
}

/**
 * Another replica of a distributed system: its own gateway and service processes' worth of
 * connections against the same database, NATS prefix and Redis prefix, as a second set of
 * production replicas would be. Stopped before the system it joins.
 */
export async function startReplica(system: TestSystem, options: { logger?: Logger } = {}): Promise<{ url: string; api: Api; stop(): Promise<void> }> {
  if (system.mode !== 'distributed') throw new Error('Replicas are for the distributed mode (the embedded default is one process).');
  const replica = await startSystem({ env: { ...system.env, PORT: '0' }, mode: 'distributed', logger: options.logger ?? createLogger({ level: 'silent' }) });
  return { url: replica.url, api: new Api(replica.url), stop: () => replica.close() };
}

/** One more gateway on a running system's bus and session store, with options of its own (trusted proxies). */
export async function startGateway(system: TestSystem, options: Partial<GatewayOptions> = {}): Promise<{ url: string; api: Api; stop(): Promise<void> }> {
  const shared = system.infrastructure[0]!;
  const app = await createGateway({ bus: shared.bus, sealer: system.sealer, sessions: shared.sessions, logger: createLogger({ level: 'silent' }), ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, api: new Api(url), stop: () => app.close() };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: { status: boolean; msg: string; data: T };
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text (sent as-is with the content type given in headers). */
  raw?: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Session key sent as `Authorization: Bearer <key>`. */
  key?: string;
  /**
   * Whether the request is checked against the OpenAPI document (openapi-traffic.ts). Default:
   * when the reply is a success. `false` for a test that sends, on purpose, what the document does
   * not describe and the server still accepts. The reply is always checked.
   */
  validateRequest?: boolean;
}

export class Api {
  private readonly traffic: TrafficCheck;
  private readonly send: (url: URL, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;

  /** `localAddress`: send from this loopback address (127.0.0.2, …), as another client would. */
  constructor(
    readonly baseUrl: string,
    options: { localAddress?: string } = {},
  ) {
    this.traffic = new TrafficCheck(baseUrl);
    this.send = options.localAddress ? fetchFrom(options.localAddress) : (url, init) => fetch(url, init);
  }

  /** The same server, from another loopback address. */
  from(localAddress: string): Api {
    return new Api(this.baseUrl, { localAddress });
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    // Paths under the API may be given without the /api/v2 prefix.
    const url = new URL(`${this.baseUrl}${path.startsWith('/api/') || path.startsWith('/healthz') || path.startsWith('/readyz') ? path : `/api/v2${path}`}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.send(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    const sent = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    // What fetch sends for a text body without a type.
    if (body !== undefined) sent['content-type'] ??= 'text/plain;charset=UTF-8';
    const exchange = { method, url, headers: sent, status: response.status, replyHeaders: response.headers, replyText: text };
    await this.traffic.verify(body === undefined ? exchange : { ...exchange, body }, { validateRequest: options.validateRequest });
    let parsed: ApiResponse<T>['body'];
    try {
      parsed = JSON.parse(text) as ApiResponse<T>['body'];
    } catch {
      throw new Error(`Non-JSON reply ${response.status} from ${method} ${path}: ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('POST', path, options);
  }
  put<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('PUT', path, options);
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  async login(username: string, password: string): Promise<{ id: number; key: string; key_expiry: number }> {
    const response = await this.post<{ id: number; key: string; key_expiry: number }>('/api/v2/account/login', { body: { username, password } });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
    return response.body.data;
  }
}
