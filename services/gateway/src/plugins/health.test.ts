import { createInProcessBus, type Bus } from '@airwave/bus';
import { healthOf } from '@airwave/contracts';
import { createMemorySessionStore } from '@airwave/sessions';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import health from './health';
import { bareGateway } from './test-support';

describe('health', () => {
  let app: FastifyInstance;
  let bus: Bus;
  afterEach(async () => {
    await app.close();
    await bus.drain();
  });

  async function start(mediaHealthy: boolean | 'silent', database: () => Promise<void>) {
    bus = createInProcessBus({ prefix: `health-test-${Math.random().toString(36).slice(2)}`, requestTimeoutMs: 300 });
    if (mediaHealthy !== 'silent') await bus.handle(healthOf('media').subject, () => ({ ok: mediaHealthy }));
    app = await bareGateway();
    await app.register(health, { bus, sessions: createMemorySessionStore(), retryAfterSeconds: 7, readinessChecks: { database }, requiredServices: ['media'] });
  }

  it('is alive and ready when the bus, the sessions, the database and the services answer', async () => {
    await start(true, async () => {});
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: true, msg: 'OK', data: { alive: true } });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ bus: true, sessions: true, database: true, 'service:media': true });
  });

  it('is not ready (503, Retry-After) naming what failed: an unhealthy or silent service, a database down', async () => {
    await start(false, async () => {
      throw new Error('connection refused');
    });
    const reply = await app.inject({ url: '/readyz' });
    expect([reply.statusCode, reply.headers['retry-after']]).toEqual([503, '7']);
    expect(reply.json()).toMatchObject({ status: false, data: { bus: true, sessions: true, database: false, 'service:media': false } });
    await app.close();
    await bus.drain();
    await start('silent', async () => {});
    expect((await app.inject({ url: '/readyz' })).json().data['service:media']).toBe(false);
  });
});
