// Production mode: separate processes fail fast on bad configuration, and readiness follows NATS.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { newGatewayKeyPair } from '@airwave/service-kit';
import { modes, startTestSystem, type TestSystem } from '../src/harness';
import { limit } from '../../vitest.shared';

const root = resolve(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

describe('production processes', () => {
  it('a service exits at once with a clear message when DATABASE_URL is unreachable', () => {
    const started = Date.now();
    const result = spawnSync(tsx, ['src/main.ts'], {
      cwd: join(root, 'services', 'account'),
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: 'postgres://airwave:hunter2@127.0.0.1:1/airwave',
        NATS_URL: 'nats://127.0.0.1:4222',
        REDIS_URL: 'redis://127.0.0.1:6379',
        AIRWAVE_ADMIN_PASSWORD: 'x',
        AIRWAVE_GATEWAY_PUBLIC_KEY: newGatewayKeyPair().publicKey,
      },
      encoding: 'utf8',
      timeout: limit(30_000),
    });
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/Cannot reach PostgreSQL at postgres:\/\/airwave:\*\*\*@127\.0\.0\.1:1\/airwave/);
    expect(result.stdout + result.stderr).not.toContain('hunter2');
    expect(Date.now() - started).toBeLessThan(limit(20_000));
  });

  it('a service refuses to start without the URLs of production mode', () => {
    const result = spawnSync(tsx, ['src/main.ts'], {
      cwd: join(root, 'services', 'media'),
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
      timeout: limit(30_000),
    });
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/Production mode needs DATABASE_URL, NATS_URL, REDIS_URL/);
  });

  it("a service refuses to start without the gateway's public key, and the gateway without its key (no default)", () => {
    const urls = { DATABASE_URL: 'postgres://airwave:x@127.0.0.1:1/airwave', NATS_URL: 'nats://127.0.0.1:4222', REDIS_URL: 'redis://127.0.0.1:6379' };
    const service = spawnSync(tsx, ['src/main.ts'], { cwd: join(root, 'services', 'media'), env: { PATH: process.env.PATH, ...urls }, encoding: 'utf8', timeout: limit(30_000) });
    expect(service.status).toBe(1);
    expect(service.stdout + service.stderr).toMatch(/AIRWAVE_GATEWAY_PUBLIC_KEY is not set/);
    const gateway = spawnSync(tsx, ['src/main.ts'], { cwd: join(root, 'services', 'gateway'), env: { PATH: process.env.PATH, ...urls }, encoding: 'utf8', timeout: limit(30_000) });
    expect(gateway.status).toBe(1);
    expect(gateway.stdout + gateway.stderr).toMatch(/needs AIRWAVE_GATEWAY_KEY/);
    const malformed = spawnSync(tsx, ['src/main.ts'], { cwd: join(root, 'services', 'gateway'), env: { PATH: process.env.PATH, ...urls, AIRWAVE_GATEWAY_KEY: 'c2hvcnQ=' }, encoding: 'utf8', timeout: limit(30_000) });
    expect(malformed.status).toBe(1);
    expect(malformed.stdout + malformed.stderr).toMatch(/AIRWAVE_GATEWAY_KEY: must be 32 bytes in base64/);
  });

  it('a bad configuration value is named in the error', () => {
    const result = spawnSync(tsx, ['src/main.ts'], {
      cwd: join(root, 'apps', 'server'),
      env: { PATH: process.env.PATH, PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'airwave-cfg-')) },
      encoding: 'utf8',
      timeout: limit(30_000),
    });
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/PORT: /);
  });
});

const natsServer = '/usr/sbin/nats-server';
const canRunNats = modes.includes('distributed') && existsSync(natsServer);

async function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

(canRunNats ? describe : describe.skip)('readiness follows NATS (own nats-server)', () => {
  let nats: ChildProcess | undefined;
  let system: TestSystem | undefined;
  const storeDir = mkdtempSync(join(tmpdir(), 'airwave-nats-'));
  afterAll(async () => {
    await system?.stop();
    nats?.kill('SIGKILL');
    rmSync(storeDir, { recursive: true, force: true });
  });

  const startNats = (port: number) => spawn(natsServer, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (await check()) return true;
      await sleep(250);
    }
    return false;
  };

  it('reports 503 while NATS is stopped and 200 once it is back', async () => {
    const port = await freePort();
    nats = startNats(port);
    await sleep(500);
    // The deadline scaled by the machine factor: CI saw the login after a cold start pass 1.5 s on a busy machine.
    system = await startTestSystem('distributed', { NATS_URL: `nats://127.0.0.1:${port}`, REQUEST_TIMEOUT_MS: String(limit(1500)) });
    const api = system.api;
    expect((await api.get('/readyz')).status).toBe(200);
    const { key } = await api.login('admin', system.env.AIRWAVE_ADMIN_PASSWORD!);

    nats.kill('SIGTERM');
    await new Promise((r) => nats!.once('exit', r));
    expect(await waitFor(async () => (await api.get('/readyz')).status === 503, 10_000)).toBe(true);
    // A call that crosses the bus (GET /account/uid is answered from the session the gateway holds).
    const during = await api.get('/account/settings', { key });
    expect(during.status).toBe(503);
    expect(during.body.status).toBe(false);
    expect(during.headers.get('retry-after')).toBeTruthy();

    nats = startNats(port);
    expect(await waitFor(async () => (await api.get('/readyz')).status === 200, 20_000)).toBe(true);
    expect((await api.get('/account/settings', { key })).status).toBe(200);
  }, limit(60_000));
});
