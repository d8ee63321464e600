import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import cors from './cors';
import routeCatalog from './route-catalog';

describe('route catalog', () => {
  it('lists every route added after it, by method, without the HEAD twins', async () => {
    const app = Fastify() as unknown as FastifyInstance;
    await app.register(routeCatalog);
    app.get('/api/v2/players', async () => []);
    app.route({ method: ['PUT', 'DELETE'], url: '/api/v2/players/:id', handler: async () => ({}) });
    await app.ready();
    expect(app.airwaveRoutes).toEqual([
      { method: 'GET', url: '/api/v2/players' },
      { method: 'PUT', url: '/api/v2/players/:id' },
      { method: 'DELETE', url: '/api/v2/players/:id' },
    ]);
    await app.close();
  });
});

describe('CORS', () => {
  async function withOrigins(origins: string[]) {
    const app = Fastify() as unknown as FastifyInstance;
    await app.register(cors, { origins });
    app.get('/api/v2/players', async () => []);
    return app;
  }
  const preflight = (origin: string) => ({
    method: 'OPTIONS' as const,
    url: '/api/v2/players',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

  it('answers the configured origins only, with credentials allowed', async () => {
    const app = await withOrigins(['https://studio.example.org']);
    const allowed = await app.inject(preflight('https://studio.example.org'));
    expect(allowed.headers['access-control-allow-origin']).toBe('https://studio.example.org');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    const other = await app.inject(preflight('https://elsewhere.example.com'));
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('adds no CORS headers at all without configured origins', async () => {
    const app = await withOrigins([]);
    const reply = await app.inject({ url: '/api/v2/players', headers: { origin: 'https://studio.example.org' } });
    expect(Object.keys(reply.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    await app.close();
  });
});
