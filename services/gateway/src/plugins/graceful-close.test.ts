import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import gracefulClose from './graceful-close';

describe('graceful close', () => {
  it('lets a request in flight finish, tells its client to close, and does not wait for keep-alive', async () => {
    // As in the gateway: Fastify's own 503 while closing is off, the plugin answers in the envelope.
    const app = Fastify({ return503OnClosing: false }) as unknown as FastifyInstance;
    await app.register(gracefulClose, { retryAfterSeconds: 3 });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, limit(300)));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const agent = new Agent({ keepAlive: true });
    const reply = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/slow', agent }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body }));
      })
        .on('error', reject)
        .end();
    });
    const late = connect(port, '127.0.0.1');
    const lateReply = new Promise<string>((resolve) => {
      let text = '';
      late.on('data', (chunk) => (text += chunk));
      late.on('close', () => resolve(text));
    });
    late.write('GET /slow HTTP/1.1\r\nHost: x\r\n');
    // Long enough for the server to have read the first request and the late one's first lines (on a
    // busy machine too: a connection whose bytes it has not read yet is idle, and closed at once).
    await new Promise((resolve) => setTimeout(resolve, limit(50)));
    const started = Date.now();
    const closed = app.close();
    // A request whose headers finish arriving while closing, on a connection opened before.
    await new Promise((resolve) => setTimeout(resolve, limit(20)));
    late.write('\r\n');
    await closed;
    const refused = await lateReply;
    expect(refused).toMatch(/^HTTP\/1\.1 503 [^]*retry-after: 3[^]*"code":"unavailable"/i);
    expect(await reply).toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
    // Fastify's keep-alive timeout is 72 s: closing within a second (or what a busy machine makes of one) means the idle sweep closed it.
    expect(Date.now() - started).toBeLessThan(limit(1000));
    agent.destroy();
  });
});
