import { createMetrics } from '@airwave/metrics';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import accessLog, { redactUrl } from './access-log';
import { bareGateway, capturedLogger } from './test-support';

describe('access line and metrics', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  it('writes one line per request, with the ids, the status and the caller, and no secrets', async () => {
    const { logger, lines } = capturedLogger();
    app = await bareGateway(logger);
    await app.register(accessLog, { logger });
    app.get('/api/v2/account/settings', async (request) => {
      request.principal = { userId: 9, username: 'dj', groupIds: [], permissions: [], via: 'session' };
      return {};
    });
    const reply = await app.inject({ url: '/api/v2/account/settings?i=9&k=secret-key&_=1', headers: { 'x-request-id': 'req-1' } });
    const line = lines().find((entry) => entry.msg === 'request completed')!;
    expect(line).toMatchObject({ level: 30, reqId: 'req-1', method: 'GET', status: 200, userId: 9, url: '/api/v2/account/settings?i=[redacted]&k=[redacted]&_=1' });
    expect(line.traceId).toBe(reply.headers.traceparent!.toString().split('-')[1]);
    expect(JSON.stringify(lines())).not.toContain('secret-key');
  });

  it('removes every credential from a URL', () => {
    expect(redactUrl('/x?key=a&token=b&password=c&K=d&kind=e#f')).toBe('/x?key=[redacted]&token=[redacted]&password=[redacted]&K=[redacted]&kind=e#f');
  });

  it('counts requests by route in the metrics it serves, and has no /metrics without them', async () => {
    const { logger } = capturedLogger();
    const metrics = createMetrics({ service: 'gateway' });
    app = await bareGateway(logger);
    await app.register(accessLog, { logger, metrics });
    app.get('/api/v2/media/:id', async () => ({}));
    await app.inject({ url: '/api/v2/media/5' });
    await app.inject({ url: '/api/v2/media/6' });
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(text).toMatch(/route="\/api\/v2\/media\/:id"[^\n]*\} 2/);

    const plain = await bareGateway(logger);
    await plain.register(accessLog, { logger });
    expect((await plain.inject({ url: '/metrics' })).statusCode).toBe(404);
    await plain.close();
  });
});
