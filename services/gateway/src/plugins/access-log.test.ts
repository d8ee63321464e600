import { connect } from 'node:net';
import { Readable } from 'node:stream';
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

  describe('a streamed reply whose client closes the connection before the response ends', () => {
    const BYTES = 10;
    /** A file route: BYTES bytes, then (unless `ends`) a stream that never ends, as a file whose end has not reached the response yet. */
    async function fileServer(ends: boolean) {
      const { logger, lines } = capturedLogger();
      const metrics = createMetrics({ service: 'gateway' });
      app = await bareGateway(logger);
      await app.register(accessLog, { logger, metrics });
      app.get('/file', (_request, reply) => {
        app.logIfClosedEarly!(reply);
        const stream = new Readable({ read() {} });
        stream.push(Buffer.alloc(BYTES, 1));
        if (ends) stream.push(null);
        return reply.header('content-length', String(BYTES)).send(stream);
      });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      return { lines: () => lines().filter((l) => l.msg === 'request completed'), metrics, port: Number(new URL(address).port) };
    }
    /** A GET closed by the client as soon as it has the Content-Length bytes (pycurl's way); answers the status line. */
    const getAndClose = (port: number) =>
      new Promise<string>((done, fail) => {
        const socket = connect(port, '127.0.0.1', () => socket.write('GET /file?pw=secret HTTP/1.1\r\nhost: x\r\n\r\n'));
        let received = Buffer.alloc(0);
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk]);
          const head = received.indexOf('\r\n\r\n');
          if (head >= 0 && received.length - head - 4 >= BYTES) {
            socket.destroy();
            done(received.subarray(0, received.indexOf('\r\n')).toString());
          }
        });
        socket.on('error', fail);
      });

    it('is logged once, marked closedEarly, with its status, and counted in the metrics', async () => {
      const server = await fileServer(false);
      expect(await getAndClose(server.port)).toBe('HTTP/1.1 200 OK');
      await expect.poll(() => server.lines().length).toBe(1);
      expect(server.lines()[0]).toMatchObject({ method: 'GET', url: '/file?pw=[redacted]', status: 200, closedEarly: true });
      expect(await server.metrics.registry.metrics()).toMatch(/route="\/file"[^\n]*\} 1/);
    });

    it('is logged once, by onResponse, when the response ended before the client closed', async () => {
      const server = await fileServer(true);
      expect(await getAndClose(server.port)).toBe('HTTP/1.1 200 OK');
      await expect.poll(() => server.lines().length).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.lines()).toEqual([expect.not.objectContaining({ closedEarly: true })]);
    });
  });
});
