import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import consolePlugin, { consoleContentSecurityPolicy, consoleDirectory } from './console';
import { bareGateway } from './test-support';

describe('console', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'console-test-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Airwave</title><script src="/assets/index-abc123.js"></script>');
    await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("hi")');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));
  afterEach(() => app.close());

  async function start(root: string | null) {
    app = await bareGateway();
    // The routes the console must not shadow, as the gateway registers them.
    app.get('/api/v2/ping', async () => 'pong');
    app.get('/healthz', async () => ({ alive: true }));
    app.get('/api/v2/docs', async () => 'docs');
    await app.register(consolePlugin, { root });
  }

  it('serves the page at / and at any console path, revalidated, with a content security policy', async () => {
    await start(dist);
    for (const url of ['/', '/media', '/schedule/3?week=2026-03-29', '/settings/']) {
      const reply = await app.inject({ url });
      expect([url, reply.statusCode]).toEqual([url, 200]);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.headers['content-security-policy']).toBe(consoleContentSecurityPolicy);
      expect(reply.body).toContain('/assets/index-abc123.js');
    }
    expect((await app.inject({ method: 'HEAD', url: '/media' })).statusCode).toBe(200);
  });

  it('serves hashed assets for a year, typed', async () => {
    await start(dist);
    const reply = await app.inject({ url: '/assets/index-abc123.js' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.body).toBe('console.log("hi")');
  });

  it('shadows neither the API nor the operational routes; unknown ones stay 404 in the envelope', async () => {
    await start(dist);
    expect((await app.inject({ url: '/api/v2/ping' })).body).toBe('pong');
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ alive: true });
    expect((await app.inject({ url: '/api/v2/docs' })).body).toBe('docs');
    for (const url of ['/api/v2/nothing', '/api/other', '/metrics', '/readyz', '/assets/missing-1.js', '/favicon.ico', '/../package.json']) {
      const reply = await app.inject({ url });
      expect([url, reply.statusCode]).toEqual([url, 404]);
      expect(reply.json()).toMatchObject({ status: false, data: { code: 'not_found' } });
    }
    expect((await app.inject({ method: 'POST', url: '/media' })).statusCode).toBe(404);
  });

  it('says how to build the console when it is not built, and serves nothing else', async () => {
    await start(join(dist, 'missing'));
    const reply = await app.inject({ url: '/' });
    expect(reply.statusCode).toBe(503);
    expect(reply.body).toContain('pnpm --filter @airwave/console build');
    expect((await app.inject({ url: '/media' })).statusCode).toBe(404);
  });

  it("finds the repository's apps/console/dist, or CONSOLE_DIR", () => {
    expect(consoleDirectory(undefined)).toMatch(/apps\/console\/dist$/);
    expect(consoleDirectory('/srv/console')).toBe('/srv/console');
    expect(consoleDirectory(undefined, '/')).toBeNull();
  });
});
