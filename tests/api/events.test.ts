// Events: published once after commit through each service's outbox, never for a rolled-back
// change, and delivered after a NATS outage.
import { connectNatsBus, type IncomingEvent } from '@airwave/bus';
import { openDatabase, migrateSchema } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { eventRegistry } from '@airwave/contracts';
import { outboxMigration, recordEvent, startOutboxRelay } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { canRunNatsServer, privateNats } from '../src/nats-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(50);
  }
}

describe.each(modes)('schedule exception events (%s)', (mode) => {
  let system: TestSystem;
  const received: IncomingEvent[] = [];
  beforeAll(async () => {
    system = await startTestSystem(mode);
    await system.infrastructure[0]!.bus.subscribe('scheduling.>', (event) => {
      received.push(event);
    }, { durable: 'exception-events-test', deliverFrom: 'all' });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('publishes every exception change with the exception as its payload, and nothing for a refused one', async () => {
    const admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const player = (await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Events FM', timezone: 'Europe/London' } })).body.data.id;
    const body = { player_id: player, mode: 'weekly', start: '2026-03-01 08:00:00', duration: 3600, stop: '2026-04-30', item_type: 'live', item_id: 1 };
    const show = (await system.api.post<{ id: number }>('/shows', { key: admin, body })).body.data.id;
    const saved = await system.api.post<{ id: number }>(`/shows/${show}/exceptions`, { key: admin, body: { original_start: '2026-03-29 08:00:00', start: '2026-03-29 10:00:00' } });
    expect(saved.status, saved.text).toBe(200);
    expect((await system.api.post(`/shows/${show}/exceptions`, { key: admin, body: { original_start: '2026-03-29 08:00:00', skip: true } })).status).toBe(409);
    expect((await system.api.delete(`/shows/${show}/exceptions/${saved.body.data.id}`, { key: admin })).status).toBe(200);
    await until(() => received.some((e) => e.subject === 'scheduling.show.exception.deleted'));
    await sleep(300);
    const exceptionEvents = received.filter((e) => e.subject.startsWith('scheduling.show.exception.'));
    expect(exceptionEvents.map((e) => e.subject)).toEqual(['scheduling.show.exception.saved', 'scheduling.show.exception.deleted']);
    // A show's events carry its state, as GET /shows/{id} answers it.
    const showSaved = received.find((e) => e.subject === 'scheduling.show.saved')!.data as { payload: unknown };
    expect(showSaved.payload).toMatchObject({ id: show, player_id: player, mode: 'weekly', start: '2026-03-01T08:00:00+00:00', duration: 3600, item_type: 'live', exceptions: [] });
    expect((await system.api.delete(`/shows/${show}`, { key: admin })).status).toBe(200);
    await until(() => received.some((e) => e.subject === 'scheduling.show.deleted'));
    const gone = received.find((e) => e.subject === 'scheduling.show.deleted')!.data as { payload: unknown };
    expect(gone.payload).toMatchObject({ id: show, mode: 'weekly', stop: '2026-04-30T23:59:59+01:00' });
    // Each frame carries its place in the service's outbox: the later change, the higher.
    const sequences = received.filter((e) => e.subject.startsWith('scheduling.')).map((e) => (e.data as { sequence: number }).sequence);
    expect(sequences.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
    for (const event of exceptionEvents) {
      const frame = event.data as { payload: unknown };
      expect(eventRegistry[event.subject]!.safeParse(frame.payload).success).toBe(true);
    }
    expect((exceptionEvents[0]!.data as { payload: unknown }).payload).toMatchObject({
      id: saved.body.data.id,
      series_id: show,
      player_id: player,
      original_start: '2026-03-29T08:00:00+01:00',
      start: '2026-03-29T10:00:00+01:00',
      skip: false,
      item_type: null,
    });
  });
});

describe.each(modes)('account events (%s)', (mode) => {
  let system: TestSystem;
  const received: IncomingEvent[] = [];
  let admin: string;
  beforeAll(async () => {
    system = await startTestSystem(mode);
    // A durable consumer, as an internal service would subscribe.
    await system.infrastructure[0]!.bus.subscribe('account.>', (event) => {
      received.push(event);
    }, { durable: 'events-test', deliverFrom: 'all' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('publishes account.user.created once, with id, time, actor and a valid payload', async () => {
    const created = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'evented', password: 'evented-password' } });
    await until(() => received.some((e) => e.subject === 'account.user.created'));
    await sleep(300);
    const events = received.filter((e) => e.subject === 'account.user.created');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      type: 'account.user.created',
      actor: { username: 'admin' },
      payload: { id: created.body.data.id, username: 'evented' },
    });
    const frame = events[0]!.data as { id: string; occurredAt: string };
    expect(frame.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(frame.occurredAt))).toBe(false);
  });

  it('publishes nothing for a rolled-back change', async () => {
    const adminId = (await system.api.get<{ id: number }>('/account/uid', { key: admin })).body.data.id;
    const refused = await system.api.put(`/users/${adminId}`, { key: admin, body: { group_ids: [2] } });
    expect(refused.status).toBe(409);
    const marker = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'marker', password: 'marker-password' } });
    await until(() => received.some((e) => (e.data as { payload: { id: number } }).payload.id === marker.body.data.id));
    expect(received.filter((e) => e.subject === 'account.user.updated' && (e.data as { payload: { id: number } }).payload.id === adminId)).toEqual([]);
  });
});

(canRunNatsServer && process.env.DATABASE_URL ? describe : describe.skip)('outbox through a NATS outage', () => {
  it('delivers events recorded while NATS was down once it is back, exactly once', async () => {
    const nats = await privateNats();
    const database = await openDatabase({ memory: true });
    const logger = createLogger({ level: 'silent' });
    try {
      await migrateSchema(database, 'svc', { outbox_0001: outboxMigration });
      const db = database.forSchema('svc');
      const bus = await connectNatsBus(nats.url, { prefix: 'outage' });
      const consumerBus = await connectNatsBus(nats.url, { prefix: 'outage' });
      const seen: string[] = [];
      await consumerBus.subscribe('account.user.*', (event) => {
        seen.push((event.data as { id: string }).id);
      }, { durable: 'outage-test', deliverFrom: 'all' });
      const relay = startOutboxRelay(db, bus, logger, { intervalMs: 200 });

      const before = await db.transaction().execute((trx) => recordEvent(trx, 'account.user.deleted', { id: 1 }, null));
      relay.kick();
      await until(() => seen.includes(before));
      await relay.flush(); // `before` is marked sent (the consumer can see it before the relay's commit)

      await nats.stop();
      const during = await db.transaction().execute((trx) => recordEvent(trx, 'account.user.deleted', { id: 2 }, null));
      relay.kick();
      await sleep(1000);
      const pending = await db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute();
      expect(pending.map((r) => r.id)).toEqual([during]);

      await nats.start();
      await until(() => seen.includes(during), 20_000);
      await sleep(500);
      expect(seen.filter((id) => id === during)).toHaveLength(1);
      expect(seen.filter((id) => id === before)).toHaveLength(1);
      await relay.stop();
      await bus.drain();
      await consumerBus.drain();
    } finally {
      await database.close();
      await nats.dispose();
    }
  }, 60_000);
});
