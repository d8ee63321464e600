import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import requestContext, { busHeadersOf, securityHeaders } from './request-context';

describe('request context', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  async function start() {
    app = Fastify({ requestIdHeader: 'x-request-id' }) as unknown as FastifyInstance;
    await app.register(requestContext);
    app.get('/seen', async (request) => ({ id: request.id, principal: request.principal, bus: busHeadersOf(request) }));
    return app;
  }

  it("keeps a caller's plain request id and sends it to the services", async () => {
    await start();
    const reply = await app.inject({ url: '/seen', headers: { 'x-request-id': 'studio-42.a_b' } });
    expect(reply.headers['x-request-id']).toBe('studio-42.a_b');
    expect(reply.json()).toMatchObject({ id: 'studio-42.a_b', principal: null, bus: { 'x-request-id': 'studio-42.a_b', 'x-client-address': '127.0.0.1' } });
  });

  it('replaces a request id that could break a log line or a header', async () => {
    await start();
    for (const id of ['has space', 'a"b', 'x'.repeat(129)]) {
      const reply = await app.inject({ url: '/seen', headers: { 'x-request-id': id } });
      expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(reply.json().id).toBe(reply.headers['x-request-id']);
    }
  });

  it("continues the caller's trace, or starts one, and sends the security headers", async () => {
    await start();
    const caller = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const continued = await app.inject({ url: '/seen', headers: { traceparent: caller } });
    expect(continued.headers.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/);
    expect(continued.json().bus.traceparent).toBe(continued.headers.traceparent);
    const started = await app.inject({ url: '/seen' });
    expect(started.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    for (const [name, value] of Object.entries(securityHeaders)) expect(started.headers[name]).toBe(value);
  });
});
