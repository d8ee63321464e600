import { createInProcessBus, type Bus } from '@airwave/bus';
import { defineOperation, modules, scheduling } from '@airwave/contracts';
import { createMemorySessionStore, type SessionStore } from '@airwave/sessions';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModuleRoutes } from '../module-routes';
import { operationRunner } from '../operation-runner';
import apiRoutes from './api-routes';
import authentication from './authentication';
import bodyParsing from './body-parsing';
import { bareGateway, capturedLogger, stationManager } from './test-support';

const weatherNow = defineOperation({
  subject: 'modules.weather.now',
  input: z.object({ city: z.string() }),
  output: z.object({ city: z.string() }),
  auth: 'none',
  http: { method: 'GET', path: '/weather/now', summary: 'Weather now', tag: 'Weather' },
});

describe('API routes', () => {
  let app: FastifyInstance;
  let bus: Bus;
  let sessions: SessionStore;
  let sessionKey: string;
  const received: { subject: string; data: unknown }[] = [];
  let installed: string[] = [];

  beforeEach(async () => {
    bus = createInProcessBus({ prefix: `routes-test-${Math.random().toString(36).slice(2)}` });
    sessions = createMemorySessionStore();
    received.length = 0;
    installed = [];
    for (const subject of [scheduling.playerList.subject, scheduling.playerCreate.subject, weatherNow.subject]) {
      await bus.handle(subject, ({ data }) => {
        received.push({ subject, data });
        return { echoed: (data as { input: unknown }).input };
      });
    }
    await bus.handle(modules.active.subject, () => installed);
    await sessions.setProfile({ ...stationManager, permissions: ['manage_players'] });
    sessionKey = (await sessions.create(stationManager.userId)).key;
    const { logger } = capturedLogger();
    const moduleRoutes = new ModuleRoutes(bus, new Map([['weather', [weatherNow]]]), logger);
    app = await bareGateway();
    await app.register(bodyParsing);
    await app.register(authentication, { bus, sessions });
    const runOperation = operationRunner({ bus, sessions, identifyCaller: app.identifyCaller, onModulesChanged: () => moduleRoutes.invalidate() });
    await app.register(apiRoutes, { runOperation, moduleRoutes });
  });
  afterEach(async () => {
    await app.close();
    await bus.drain();
  });

  const auth = () => ({ authorization: `Bearer ${sessionKey}` });

  it("sends an operation over the bus with the caller's principal and answers the service's data in the envelope", async () => {
    const reply = await app.inject({ url: '/api/v2/players?_=171', headers: auth() });
    // jQuery's cache buster is let through; the service's contract drops it.
    expect(reply.json()).toEqual({ status: true, msg: 'OK', data: { echoed: { _: '171' } } });
    expect(received[0]!.data).toMatchObject({ principal: { userId: 4, via: 'session' } });
    expect(reply.headers['x-session-expiry']).toMatch(/^\d+$/);
  });

  it('refuses before any bus hop: no caller, unknown query parameters, invalid input', async () => {
    expect((await app.inject({ url: '/api/v2/players' })).statusCode).toBe(401);
    const misspelt = await app.inject({ url: '/api/v2/players?playr=1', headers: auth() });
    expect([misspelt.statusCode, misspelt.json().msg]).toEqual([400, 'Invalid input: unknown query parameter playr']);
    const invalid = await app.inject({ method: 'POST', url: '/api/v2/players', headers: auth(), payload: { name: 'Studio A', timezone: 'Mars/Olympus' } });
    expect(invalid.statusCode).toBe(400);
    const nul = await app.inject({ method: 'POST', url: '/api/v2/players', headers: auth(), payload: { name: 'Studio\u0000A', timezone: 'UTC' } });
    expect(nul.statusCode).toBe(400);
    expect(received).toEqual([]);
  });

  it('creates through POST /x, PUT /x and PUT /x/0 alike, the new-record id dropped', async () => {
    for (const [method, url, id] of [['POST', '/api/v2/players', undefined], ['PUT', '/api/v2/players', ''], ['PUT', '/api/v2/players/0', 0]] as const) {
      const reply = await app.inject({ method, url, headers: auth(), payload: { name: 'Studio A', timezone: 'UTC', ...(id === undefined ? {} : { id }) } });
      expect(reply.json().data, `${method} ${url}`).toEqual({ echoed: { name: 'Studio A', timezone: 'UTC' } });
    }
    expect(received.map((r) => r.subject)).toEqual(Array(3).fill(scheduling.playerCreate.subject));
  });

  it('reads the data of the form field d with the credentials i and k', async () => {
    const payload = new URLSearchParams({ i: '4', k: sessionKey, d: JSON.stringify({ name: 'Studio B', timezone: 'Europe/London' }) }).toString();
    const reply = await app.inject({ method: 'POST', url: '/api/v2/players', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    expect(reply.json().data).toEqual({ echoed: { name: 'Studio B', timezone: 'Europe/London' } });
  });

  it('answers ping bare, and routes a module only while it is installed', async () => {
    expect((await app.inject({ url: '/api/v2/ping' })).body).toBe('"pong"');
    expect((await app.inject({ url: '/api/v2/weather/now?city=Leeds' })).statusCode).toBe(404);
    installed = ['weather'];
    // An install through another replica is announced; here the cache is dropped as a change would.
    await bus.publish('modules.module.installed', { name: 'weather' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await app.inject({ url: '/api/v2/weather/now?city=Leeds' })).json().data).toEqual({ echoed: { city: 'Leeds' } });
  });
});
