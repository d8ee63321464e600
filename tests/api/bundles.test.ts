// The production layout as the images run it: every service from its bundle (`pnpm --filter
// <service> build`: plain `node dist/main.js`, no TypeScript at run time; modules' TypeScript is
// compiled in memory by the gateway and the modules service), against the machine's PostgreSQL,
// NATS and Redis.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { deleteNatsStream } from '@airwave/bus';
import { createTestDatabase, type TestDatabase } from '@airwave/db';
import { deleteRedisPrefix } from '@airwave/sessions';
import { newGatewayKeyPair } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { Api, modes } from '../src/harness';
import { freePort } from '../src/nats-server';
import { limit } from '../../vitest.shared';

const root = resolve(import.meta.dirname, '..', '..');
const bundled = ['account', 'media', 'scheduling', 'modules', 'gateway'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(modes.includes('distributed'))('bundled services (production layout)', () => {
  const children: ChildProcess[] = [];
  const output: string[] = [];
  let database: TestDatabase;
  let api: Api;
  const prefix = `b${randomBytes(4).toString('hex')}`;
  const gatewayKeys = newGatewayKeyPair();
  const env = (extra: Record<string, string>) => ({
    PATH: process.env.PATH!,
    DATABASE_URL: database.url,
    NATS_URL: process.env.NATS_URL!,
    REDIS_URL: process.env.REDIS_URL!,
    BUS_PREFIX: prefix,
    REDIS_PREFIX: `airwave-test:${prefix}:`,
    AIRWAVE_ADMIN_PASSWORD: 'bundled-admin-password',
    LOG_LEVEL: 'warn',
    AIRWAVE_GATEWAY_PUBLIC_KEY: gatewayKeys.publicKey,
    ...extra,
  });
  const start = (cwd: string, args: string[], extra: Record<string, string> = {}) => {
    const child = spawn(process.execPath, args, { cwd, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    for (const service of bundled) {
      const built = spawnSync('pnpm', ['--filter', `@airwave/${service}`, 'build'], { cwd: root, encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
    }
    database = await createTestDatabase(process.env.DATABASE_URL!, 'bundles');
    const port = await freePort();
    for (const service of bundled) start(join(root, 'services', service), ['dist/main.js'], service === 'gateway' ? { PORT: String(port), AIRWAVE_GATEWAY_KEY: gatewayKeys.privateKey } : {});
    api = new Api(`http://127.0.0.1:${port}`);
    // The gateway is ready as soon as its own dependencies are (one service down must not take it
    // out of the load balancer), so wait until every service answers through it.
    let key = '';
    const everyServiceAnswers = async () => {
      if ((await api.get('/readyz')).status !== 200) return false;
      key ||= (await api.login('admin', 'bundled-admin-password')).key;
      const paths = ['/media/formats', '/players', '/modules'];
      return (await Promise.all(paths.map((path) => api.get(path, { key })))).every((r) => r.status === 200);
    };
    for (let i = 0; i < 120; i += 1) {
      if (await everyServiceAnswers().catch(() => false)) return;
      await sleep(250);
    }
    throw new Error(`The system did not become ready:\n${output.join('')}`);
  }, limit(90_000));

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)));
    await deleteRedisPrefix(process.env.REDIS_URL!, `airwave-test:${prefix}:`).catch(() => undefined);
    await deleteNatsStream(process.env.NATS_URL!, prefix).catch(() => undefined);
    await database?.drop();
  });

  it('serves accounts, media and schedules from the bundles, and stops cleanly on SIGTERM', async () => {
    const { key } = await api.login('admin', 'bundled-admin-password');
    expect((await api.get<{ username: string }>('/account/uid', { key })).body.data.username).toBe('admin');
    const upload = await fetch(`${api.baseUrl}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: wav(2) });
    const file = ((await upload.json()) as { data: { file_id: string; file_key: string; duration: number } }).data;
    expect(file.duration).toBeCloseTo(2, 1);
    const saved = await api.put<{ id: number }[]>('/media', { key, body: { media: [{ file_id: file.file_id, file_key: file.file_key, title: 'Bundled ident' }] } });
    expect(saved.status, saved.text).toBe(200);
    const found = await api.get<{ media: { title: string }[] }>('/media/search', { key, query: { q: 'bundled' } });
    expect(found.body.data.media.map((m) => m.title)).toEqual(['Bundled ident']);
    const player = await api.post<{ id: number }>('/players', { key, body: { name: 'FM', timezone: 'Europe/London' } });
    const show = await api.post('/shows', {
      key,
      body: { player_id: player.body.data.id, mode: 'once', start: '2026-06-01T09:00:00+01:00', duration: 60, item_type: 'media', item_id: saved.body.data[0]!.id },
    });
    expect(show.status, show.text).toBe(200);
    // Modules (TypeScript) load in the bundled gateway and modules service, install, validate their
    // input with the process's own zod and appear in the OpenAPI document.
    const modules = await api.get<{ available: { name: string; error: string | null }[] }>('/modules', { key });
    expect(modules.body.data.available.find((m) => m.name === 'notes')?.error).toBeNull();
    expect(modules.body.data.available.find((m) => m.name === 'playlog')?.error).toBeNull();
    expect((await api.put('/modules/notes', { key })).status).toBe(200);
    const note = await api.post<{ text: string }>('/notes', { key, body: { text: 'Transmitter B on standby.' } });
    expect(note.status, note.text).toBe(200);
    expect((await api.get<{ text: string }[]>('/notes', { key })).body.data.map((n) => n.text)).toEqual(['Transmitter B on standby.']);
    const refused = await api.post('/notes', { key, body: { text: '' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: false });
    const doc = await api.get<never>('/openapi.json');
    expect(Object.keys((JSON.parse(doc.text) as { paths: object }).paths)).toContain('/api/v2/notes');

    const account = children[0]!;
    account.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => account.once('exit', r));
    expect(code).toBe(0);
  }, limit(60_000));
});
