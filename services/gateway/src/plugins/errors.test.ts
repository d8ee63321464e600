import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AirwaveError } from '@airwave/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clientErrorHandler, frameworkErrors } from './errors';
import { bareGateway, capturedLogger } from './test-support';

describe('errors in the envelope', () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  it('answers an AirwaveError with its status and code, details kept', async () => {
    app = await bareGateway();
    app.get('/refused', async () => {
      throw new AirwaveError('conflict', 'This timeslot overlaps timeslot 3.', { conflict: { id: 3 } });
    });
    const reply = await app.inject({ url: '/refused' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ status: false, msg: 'This timeslot overlaps timeslot 3.', data: { code: 'conflict', details: { conflict: { id: 3 } } } });
  });

  it('tells a throttled client when to come back, and a client of an unavailable server too', async () => {
    app = await bareGateway();
    app.get('/throttled', async () => {
      throw new AirwaveError('rate_limited', 'Too many attempts.', { retryAfterSeconds: 12.2 });
    });
    app.get('/unavailable', async () => {
      throw new AirwaveError('unavailable', 'The media service is not answering.');
    });
    const throttled = await app.inject({ url: '/throttled' });
    expect([throttled.statusCode, throttled.headers['retry-after']]).toEqual([429, '13']);
    const unavailable = await app.inject({ url: '/unavailable' });
    expect([unavailable.statusCode, unavailable.headers['retry-after']]).toEqual([503, '7']);
  });

  it('answers a database or bus failure under a route as 503 with Retry-After, never 500', async () => {
    app = await bareGateway();
    const failures: Record<string, Error> = {
      '/lost': new Error('Connection terminated unexpectedly'),
      '/restarting': Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      '/serialization': Object.assign(new Error('could not serialize access'), { code: '40001' }),
      '/refused': Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      '/bus-closed': Object.assign(new Error('closed connection'), { name: 'ClosedConnectionError' }),
    };
    for (const [url, error] of Object.entries(failures)) {
      app.get(url, async () => {
        throw error;
      });
    }
    for (const url of Object.keys(failures)) {
      const reply = await app.inject({ url });
      expect([url, reply.statusCode, reply.headers['retry-after'], reply.json().data.code]).toEqual([url, 503, '7', 'unavailable']);
      expect(reply.json().status).toBe(false);
    }
  });

  it('answers anything unexpected as internal (500), logging it without sending it', async () => {
    const { logger, lines } = capturedLogger();
    app = await bareGateway(logger);
    app.get('/broken', async () => {
      throw new Error('relation "players" does not exist');
    });
    const reply = await app.inject({ url: '/broken' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({ status: false, msg: 'Internal error.', data: { code: 'internal' } });
    expect(reply.body).not.toContain('players');
    expect(lines().some((line) => line.msg === 'Unhandled error')).toBe(true);
  });

  it('answers a path no route serves as not_found', async () => {
    app = await bareGateway();
    const reply = await app.inject({ url: '/api/v2/nowhere?x=1' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ status: false, msg: 'No route GET /api/v2/nowhere.', data: { code: 'not_found' } });
  });

  it('answers a URL that cannot be decoded, and headers too large, in the envelope', async () => {
    app = Fastify({ frameworkErrors, clientErrorHandler, maxParamLength: 100 }) as unknown as FastifyInstance;
    app.get('/media/:id', async () => 'never');
    const badUrl = await app.inject({ url: '/media/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().data.code).toBe('bad_request');

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: false, data: { code: 'bad_request' } });
  });

  it('takes a body the client stopped sending for its mistake, not an internal error', async () => {
    const { logger, lines } = capturedLogger();
    app = await bareGateway(logger);
    app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
    let failed: unknown;
    app.post('/upload', async (request) => {
      await pipeline(request.raw, new Writable({ write: (_chunk, _encoding, next) => next() })).catch((error: unknown) => {
        failed = error;
        throw error;
      });
      return { stored: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\nID3 only part');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => setTimeout(resolve, 100));
    });
    expect(failed).toBeDefined();
    expect(lines().filter((line) => line.msg === 'Unhandled error')).toEqual([]);
  });
});
