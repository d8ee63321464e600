import { createInProcessBus, type Bus } from '@airwave/bus';
import { accountMore, schedulingCalendar } from '@airwave/contracts';
import { createMemorySessionStore } from '@airwave/sessions';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import authentication from './authentication';
import calendarFeeds from './calendar-feeds';
import { bareGateway, stationManager } from './test-support';

describe('calendar feeds', () => {
  let app: FastifyInstance;
  let bus: Bus;
  const asked: unknown[] = [];
  const token = (id: number, key: string) => `${Buffer.from(String(id)).toString('base64')}:${key}`;

  beforeEach(async () => {
    bus = createInProcessBus({ prefix: `feeds-test-${Math.random().toString(36).slice(2)}` });
    asked.length = 0;
    // App key 12 ("right") may read player 3's feed only.
    await bus.handle(accountMore.keyAuthenticate.subject, ({ data }) => {
      const { id, key } = (data as { input: { id: number; key: string } }).input;
      return id === 12 && key === 'right' ? { profile: stationManager, endpoints: [['GET', '/players/3/schedule.ics']] } : null;
    });
    await bus.handle(schedulingCalendar.playerSchedule.subject, ({ data }) => {
      asked.push(data);
      return 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    });
    app = await bareGateway();
    await app.register(authentication, { bus, sessions: createMemorySessionStore() });
    await app.register(calendarFeeds, { bus });
  });
  afterEach(async () => {
    await app.close();
    await bus.drain();
  });

  it('takes the app key from the URL, and answers text/calendar with the principal passed on', async () => {
    const reply = await app.inject({ url: `/api/v2/players/3/schedule.ics?key=${encodeURIComponent(token(12, 'right'))}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(reply.body).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect(asked).toEqual([{ input: { id: '3' }, principal: expect.objectContaining({ userId: stationManager.userId, via: 'appkey', appKeyId: 12 }) }]);
  });

  it("refuses no credentials, a wrong key, another player's feed, and parameters it does not take", async () => {
    expect((await app.inject({ url: '/api/v2/players/3/schedule.ics' })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/v2/players/3/schedule.ics?key=${encodeURIComponent(token(12, 'wrong'))}` })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/v2/players/4/schedule.ics?key=${encodeURIComponent(token(12, 'right'))}` })).statusCode).toBe(403);
    const extra = await app.inject({ url: `/api/v2/players/3/schedule.ics?key=${encodeURIComponent(token(12, 'right'))}&from=2026` });
    expect([extra.statusCode, extra.json().data.code]).toEqual([400, 'bad_request']);
    const twice = await app.inject({ url: `/api/v2/players/3/schedule.ics?key=a&key=b` });
    expect(twice.statusCode).toBe(400);
    expect(asked).toEqual([]);
  });
});
