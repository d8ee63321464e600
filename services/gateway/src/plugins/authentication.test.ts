import { createInProcessBus, type Bus } from '@airwave/bus';
import { account, accountMore } from '@airwave/contracts';
import { createMemorySessionStore, type SessionStore } from '@airwave/sessions';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import authentication from './authentication';
import { bareGateway, stationManager } from './test-support';

describe('authentication', () => {
  let app: FastifyInstance;
  let bus: Bus;
  let sessions: SessionStore;
  const appKeyChecks: unknown[] = [];

  beforeEach(async () => {
    bus = createInProcessBus({ prefix: `auth-test-${Math.random().toString(36).slice(2)}` });
    sessions = createMemorySessionStore();
    appKeyChecks.length = 0;
    // The account service's answers: app key 12 (key "right") may read the schedule only.
    await bus.handle(accountMore.keyAuthenticate.subject, ({ data }) => {
      appKeyChecks.push(data);
      const { id, key } = (data as { input: { id: number; key: string } }).input;
      return id === 12 && key === 'right' ? { profile: stationManager, endpoints: [['GET', '/timeslots']] } : null;
    });
    await bus.handle(account.principal.subject, () => stationManager);
    app = await bareGateway();
    await app.register(authentication, { bus, sessions });
    app.all('/api/v2/*', async (request) => ({ caller: await app.identifyCaller(request, (request.query ?? {}) as Record<string, unknown>) }));
  });
  afterEach(async () => {
    await app.close();
    await bus.drain();
  });

  it('is nobody without credentials, and 401 with malformed or unknown ones', async () => {
    expect((await app.inject({ url: '/api/v2/timeslots' })).json()).toEqual({ caller: null });
    for (const headers of [{ authorization: 'Basic x' }, { 'x-auth-id': 'x', 'x-auth-key': 'k' }, { authorization: 'Bearer unknown' }]) {
      const reply = await app.inject({ url: '/api/v2/timeslots', headers });
      expect([reply.statusCode, reply.json().data.code], JSON.stringify(headers)).toEqual([401, 'unauthenticated']);
    }
  });

  it("reads a session from OpenBroadcaster's X-Auth headers, and refuses it for another user's id", async () => {
    const session = await sessions.create(stationManager.userId);
    const reply = await app.inject({ url: '/api/v2/timeslots', headers: { 'x-auth-id': '4', 'x-auth-key': session.key } });
    expect(reply.json().caller).toMatchObject({ principal: { userId: 4, via: 'session', sessionId: session.id }, expiresAt: expect.any(Number) });
    const other = await app.inject({ url: '/api/v2/timeslots', headers: { 'x-auth-id': '5', 'x-auth-key': session.key } });
    expect(other.statusCode).toBe(401);
  });

  it("lets an app key act as its owner on the endpoints it was given only", async () => {
    const token = `${Buffer.from('12').toString('base64')}:right`;
    const allowed = await app.inject({ url: '/api/v2/timeslots?start=1', headers: { authorization: `Bearer ${token}` } });
    expect(allowed.json().caller).toEqual({ principal: { ...stationManager, via: 'appkey', appKeyId: 12 } });
    const elsewhere = await app.inject({ method: 'DELETE', url: '/api/v2/timeslots', headers: { authorization: `Bearer ${token}` } });
    expect([elsewhere.statusCode, elsewhere.json().data.code]).toEqual([403, 'forbidden']);
    const wrong = await app.inject({ url: '/api/v2/timeslots', headers: { authorization: `Bearer ${Buffer.from('12').toString('base64')}:wrong` } });
    expect(wrong.statusCode).toBe(401);
    expect(appKeyChecks).toHaveLength(3);
  });
});
