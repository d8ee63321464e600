// Starts a whole Airwave system for one test suite, isolated from every other run: its own data
// directory (embedded) or its own Postgres database, bus prefix and Redis key prefix (distributed).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteNatsStream } from '@airwave/bus';
import { createTestDatabase } from '@airwave/db';
import { createLogger, type Logger } from '@airwave/logging';
import { startSystem, type RunningSystem } from '@airwave/server';
import { deleteRedisPrefix } from '@airwave/sessions';
import { TrafficCheck } from './openapi-traffic';

export type Mode = 'embedded' | 'distributed';

export const ADMIN_PASSWORD = 'test-admin-password';

const urls = {
  database: process.env.DATABASE_URL,
  nats: process.env.NATS_URL,
  redis: process.env.REDIS_URL,
};

/** Modes this machine can run: embedded always; distributed when the three URLs are given. */
export const modes: Mode[] = urls.database && urls.nats && urls.redis ? ['embedded', 'distributed'] : ['embedded'];

export interface TestSystem extends RunningSystem {
  mode: Mode;
  env: Record<string, string>;
  api: Api;
  stop(): Promise<void>;
}

export async function startTestSystem(mode: Mode, extraEnv: Record<string, string> = {}, options: { logger?: Logger } = {}): Promise<TestSystem> {
  const id = randomBytes(4).toString('hex');
  const cleanups: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    AIRWAVE_ADMIN_PASSWORD: ADMIN_PASSWORD,
    REQUEST_TIMEOUT_MS: '5000',
    ...extraEnv,
  };
  if (mode === 'embedded') {
    const dir = await mkdtemp(join(tmpdir(), 'airwave-test-'));
    env.DATA_DIR = dir;
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
  } else {
    const database = await createTestDatabase(urls.database!, 'api');
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
    env.NATS_URL ??= urls.nats!;
    env.REDIS_URL ??= urls.redis!;
    env.BUS_PREFIX = `t${id}`;
    env.REDIS_PREFIX = `airwave-test:${id}:`;
    cleanups.push(() => deleteRedisPrefix(urls.redis!, env.REDIS_PREFIX!));
    cleanups.push(() => deleteNatsStream(env.NATS_URL!, env.BUS_PREFIX!));
  }
  const system = await startSystem({ env, mode, logger: options.logger ?? createLogger({ level: 'silent' }) });
  return {
    ...system,
    mode,
    env,
    api: new Api(system.url),
    stop: async () => {
      await system.close();
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
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

  constructor(readonly baseUrl: string) {
    this.traffic = new TrafficCheck(baseUrl);
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
    const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
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
