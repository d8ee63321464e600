// Events: published once after commit through each service's outbox, never for a rolled-back
// change, and delivered after a NATS outage.
import { connectNatsBus, type IncomingEvent } from '@airwave/bus';
import { openDatabase, migrateSchema } from '@airwave/db';
import { createLogger } from '@airwave/logging';
import { eventRegistry } from '@airwave/contracts';
import { MAX_EVENT_BYTES, outboxMigration, recordEvent, startOutboxRelay } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';
import { canRunNatsServer, privateNats } from '../src/nats-server';
import { limit } from '../../vitest.shared';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, timeoutMs = limit(10_000)) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(50);
  }
}
/** A user's last state as GET /users/{id} answers it (what account.user.deleted carries). */
const lastUser = (id: number) => ({ id, username: `user${id}`, name: '', email: '', display_name: '', enabled: true, group_ids: [2], created: '2026-11-25T08:00:00.000Z', last_access: null });

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

type Payload = Record<string, unknown>;
/** Every key of a value, at any depth. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(keysOf) : value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([key, v]) => [key, ...keysOf(v)]) : [];
const secretLike = /pass|hash|secret|key|totp|token|storage|path/i;
/** A media item as GET /media/{id} answers it, without what depends on the caller (its events leave can_edit out). */
const withoutCanEdit = ({ can_edit: _canEdit, ...item }: Payload) => item;

describe.each(modes)('events carry the entity’s state (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  const received: IncomingEvent[] = [];
  const payloadsOf = (subject: string, match: (payload: Payload) => boolean = () => true) =>
    received
      .filter((e) => e.subject === subject)
      .map((e) => (e.data as { payload: Payload }).payload)
      .filter(match);
  /** The first event of that subject the match accepts, once it has arrived. */
  const next = async (subject: string, match: (payload: Payload) => boolean) => {
    await until(() => payloadsOf(subject, match).length > 0);
    return payloadsOf(subject, match)[0]!;
  };
  const get = async (path: string) => {
    const reply = await system.api.get<Payload>(path, { key: admin });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };
  const newItem = async (title: string) => {
    const upload = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: wav(1) });
    const { file_id, file_key } = ((await upload.json()) as { data: { file_id: string; file_key: string } }).data;
    const saved = await system.api.put<{ id: number }[]>('/media', { key: admin, body: { media: [{ file_id, file_key, title }] } });
    expect(saved.status, saved.text).toBe(200);
    return saved.body.data[0]!.id;
  };
  const newPlayer = async (name: string) => (await system.api.post<{ id: number }>('/players', { key: admin, body: { name, timezone: 'Europe/London' } })).body.data.id;
  const newUser = async (username: string, extra: Payload = {}) => {
    const created = await system.api.post<{ id: number }>('/users', { key: admin, body: { username, password: `${username}-password`, ...extra } });
    expect(created.status, created.text).toBe(200);
    return created.body.data.id;
  };

  beforeAll(async () => {
    system = await startTestSystem(mode);
    await system.infrastructure[0]!.bus.subscribe('>', (event) => {
      received.push(event);
    }, { durable: 'state-events-test', deliverFrom: 'all' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('media.item.saved carries the item as GET /media/{id} answers it, on creation and on an edit', async () => {
    const id = await newItem('Stateful');
    expect(await next('media.item.saved', (p) => p.id === id)).toEqual({ id, created: true, item: withoutCanEdit(await get(`/media/${id}`)) });
    const edited = await system.api.put('/media', { key: admin, body: { media: [{ id, title: 'Stateful, edited', artist: 'Events', version: 1 }] } });
    expect(edited.status, edited.text).toBe(200);
    const now = await get(`/media/${id}`);
    expect(now).toMatchObject({ title: 'Stateful, edited', artist: 'Events', version: 2 });
    expect(await next('media.item.saved', (p) => p.id === id && p.created === false)).toEqual({ id, created: false, item: withoutCanEdit(now) });
  });

  it('media archive, restore and delete carry the ids and each item’s state after the change (deleted: its last)', async () => {
    const first = await newItem('Archived first');
    const second = await newItem('Archived second');
    expect((await system.api.post('/media/archive', { key: admin, body: { id: [second, first] } })).status).toBe(200);
    const archived = [withoutCanEdit(await get(`/media/${first}`)), withoutCanEdit(await get(`/media/${second}`))];
    expect(archived.map((item) => item.is_archived)).toEqual([true, true]);
    // `items` in id order, `ids` theirs.
    expect(await next('media.item.archived', (p) => (p.ids as number[]).includes(first))).toEqual({ ids: [first, second], items: archived });
    expect((await system.api.post('/media/archive/undo', { key: admin, body: { id: [second] } })).status).toBe(200);
    const restored = withoutCanEdit(await get(`/media/${second}`));
    expect(restored).toMatchObject({ is_archived: false, version: 3 });
    expect(await next('media.item.unarchived', (p) => (p.ids as number[]).includes(second))).toEqual({ ids: [second], items: [restored] });
    expect((await system.api.request('DELETE', '/media/archive', { key: admin, body: { id: [first] } })).status).toBe(200);
    expect((await system.api.get(`/media/${first}`, { key: admin })).status).toBe(404);
    expect(await next('media.item.deleted', (p) => (p.ids as number[]).includes(first))).toEqual({ ids: [first], items: [archived[0]] });
  });

  it('a change to many items is published in events of at most 25 items, together naming every item once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await newItem(`Bulk ${i}`));
    expect((await system.api.post('/media/archive', { key: admin, body: { id: [...ids].reverse() } })).status).toBe(200);
    await until(() => payloadsOf('media.item.archived', (p) => (p.ids as number[]).some((id) => ids.includes(id))).flatMap((p) => p.ids as number[]).length >= 30);
    const events = payloadsOf('media.item.archived', (p) => (p.ids as number[]).some((id) => ids.includes(id)));
    expect(events.map((p) => (p.items as unknown[]).length)).toEqual([25, 5]);
    expect(events.flatMap((p) => p.ids as number[])).toEqual(ids);
    for (const p of events) expect((p.items as Payload[]).map((item) => item.id)).toEqual(p.ids);
    expect((events[1]!.items as Payload[]).every((item) => item.is_archived === true)).toBe(true);
    // thirty items made one by one: a hang guard, not a measure (37 s beside the other lane on a slow day)
  }, limit(120_000));

  it('scheduling.player.saved and .deleted carry the player as GET /players/{id} answers it (deleted: its last state)', async () => {
    const id = await newPlayer('State FM');
    expect(await next('scheduling.player.saved', (p) => p.id === id)).toEqual(await get(`/players/${id}`));
    expect((await system.api.put(`/players/${id}`, { key: admin, body: { name: 'State FM 2', description: 'renamed', timezone: 'UTC' } })).status).toBe(200);
    const last = await get(`/players/${id}`);
    expect(last).toMatchObject({ id, name: 'State FM 2', description: 'renamed', timezone: 'UTC' });
    expect(await next('scheduling.player.saved', (p) => p.id === id && p.name === 'State FM 2')).toEqual(last);
    expect((await system.api.delete(`/players/${id}`, { key: admin })).status).toBe(200);
    expect(await next('scheduling.player.deleted', (p) => p.id === id)).toEqual(last);
  });

  it('scheduling.dayparting.saved and .deleted carry the restriction as GET /dayparting/{id} answers it (deleted: its last state)', async () => {
    const body = { description: 'Nights', start_month: 12, start_day: 1, start_time: '22:00', end_month: 2, end_day: 28, end_time: '06:00', filters: [{ filter: 'title', op: 'contains', val: 'late night' }] };
    const saved = await system.api.put<{ id: number }>('/dayparting/0', { key: admin, body });
    expect(saved.status, saved.text).toBe(200);
    const id = saved.body.data.id;
    expect(await next('scheduling.dayparting.saved', (p) => p.id === id)).toEqual(await get(`/dayparting/${id}`));
    expect((await system.api.put(`/dayparting/${id}`, { key: admin, body: { ...body, description: 'Late nights', end_time: '05:00' } })).status).toBe(200);
    const last = await get(`/dayparting/${id}`);
    expect(last).toMatchObject({ id, description: 'Late nights', filters: body.filters });
    expect(await next('scheduling.dayparting.saved', (p) => p.id === id && p.description === 'Late nights')).toEqual(last);
    expect((await system.api.delete(`/dayparting/${id}`, { key: admin })).status).toBe(200);
    expect(await next('scheduling.dayparting.deleted', (p) => p.id === id)).toEqual(last);
  });

  it('account.user.* carry the user as GET /users/{id} answers it (deleted: their last state), never a password hash', async () => {
    const id = await newUser('stateful', { name: 'Stateful', email: 'stateful@example.org' });
    expect(await next('account.user.created', (p) => p.id === id)).toEqual(await get(`/users/${id}`));
    const group = (await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'State group' } })).body.data.id;
    const edited = await system.api.put(`/users/${id}`, { key: admin, body: { display_name: 'S.', password: 'another-password', group_ids: [group, 2] } });
    expect(edited.status, edited.text).toBe(200);
    const after = await get(`/users/${id}`);
    expect(after).toMatchObject({ id, username: 'stateful', display_name: 'S.', enabled: true, group_ids: [2, group] });
    expect(await next('account.user.updated', (p) => p.id === id)).toEqual(after);
    // An edit that leaves the groups alone says what they are all the same.
    expect((await system.api.put(`/users/${id}`, { key: admin, body: { enabled: false } })).status).toBe(200);
    const disabled = await get(`/users/${id}`);
    expect(await next('account.user.updated', (p) => p.id === id && p.enabled === false)).toEqual(disabled);
    // The user's own edit of what GET /users/{id} shows is an update too; a theme alone is not.
    expect((await system.api.put(`/users/${id}`, { key: admin, body: { enabled: true } })).status).toBe(200);
    const own = (await system.api.login('stateful', 'another-password')).key;
    expect((await system.api.put('/account/settings', { key: own, body: { display_name: 'Stateful S.' } })).status).toBe(200);
    const renamed = await get(`/users/${id}`);
    expect(renamed).toMatchObject({ display_name: 'Stateful S.' });
    expect(await next('account.user.updated', (p) => p.id === id && p.display_name === 'Stateful S.')).toEqual(renamed);
    const updates = payloadsOf('account.user.updated', (p) => p.id === id).length;
    expect((await system.api.put('/account/settings', { key: own, body: { theme: 'dark' } })).status).toBe(200);
    expect((await system.api.put(`/users/${id}`, { key: admin, body: { enabled: false } })).status).toBe(200);
    await next('account.user.updated', (p) => p.id === id && p.enabled === false && p.display_name === 'Stateful S.');
    expect(payloadsOf('account.user.updated', (p) => p.id === id)).toHaveLength(updates + 1);
    const last = await get(`/users/${id}`);
    expect((await system.api.delete(`/users/${id}`, { key: admin })).status).toBe(200);
    expect(await next('account.user.deleted', (p) => p.id === id)).toEqual(last);
    const userEvents = ['created', 'updated', 'deleted'].flatMap((verb) => payloadsOf(`account.user.${verb}`));
    expect(userEvents.length).toBeGreaterThanOrEqual(4);
    for (const payload of userEvents) expect(keysOf(payload).filter((key) => secretLike.test(key))).toEqual([]);
    expect(JSON.stringify(userEvents)).not.toMatch(/\$argon2|\$2[aby]\$|another-password|stateful-password/);
  });

  it('publishes nothing for a change that started its transaction and rolled back', async () => {
    // The email address is taken: the row is updated, then the unique index refuses it and it all rolls back.
    await newUser('taken', { email: 'taken@example.org' });
    const user = await newUser('rolled-back');
    const refused = await system.api.put(`/users/${user}`, { key: admin, body: { name: 'Never saved', email: 'taken@example.org' } });
    expect(refused.status, refused.text).toBe(409);
    // A batch whose second item does not exist: the first was locked in the transaction, nothing is written.
    const item = await newItem('Kept as it was');
    const batch = await system.api.put('/media', { key: admin, body: { media: [{ id: item, title: 'Never saved' }, { id: 2_000_000_000, title: 'No such item' }] } });
    expect(batch.status, batch.text).toBe(400);
    // A player that still has a show: locked, counted, refused.
    const player = await newPlayer('Busy FM');
    const show = { player_id: player, mode: 'once', start: '2026-06-01T08:00:00Z', duration: 600, item_type: 'live', item_id: 1 };
    expect((await system.api.post('/shows', { key: admin, body: show })).status).toBe(200);
    expect((await system.api.delete(`/players/${player}`, { key: admin })).status).toBe(409);
    // Later changes of the same services: their events come after any the refused changes had made.
    const marker = await newUser('rollback-marker');
    expect((await system.api.put('/media', { key: admin, body: { media: [{ id: item, title: 'Marker' }] } })).status).toBe(200);
    const markerPlayer = await newPlayer('Marker FM');
    await next('account.user.created', (p) => p.id === marker);
    await next('media.item.saved', (p) => p.id === item && (p.item as Payload).title === 'Marker');
    await next('scheduling.player.saved', (p) => p.id === markerPlayer);
    await sleep(300);
    expect(payloadsOf('account.user.updated', (p) => p.id === user)).toEqual([]);
    expect(payloadsOf('media.item.saved', (p) => p.id === item).map((p) => (p.item as Payload).title)).toEqual(['Kept as it was', 'Marker']);
    expect(payloadsOf('scheduling.player.deleted', (p) => p.id === player)).toEqual([]);
  });

  it('every payload of these events validates against the registry and holds no secret-like key', () => {
    const ours = received.filter((e) => /^(media\.item|scheduling\.player|scheduling\.dayparting|account\.user)\./.test(e.subject));
    expect(ours.length).toBeGreaterThan(15);
    for (const event of ours) {
      const payload = (event.data as { payload: unknown }).payload;
      expect(eventRegistry[event.subject]!.safeParse(payload).success, event.subject).toBe(true);
      expect(keysOf(payload).filter((key) => secretLike.test(key)), event.subject).toEqual([]);
    }
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

      const before = await db.transaction().execute((trx) => recordEvent(trx, 'account.user.deleted', lastUser(1), null));
      relay.kick();
      await until(() => seen.includes(before));
      await relay.flush(); // `before` is marked sent (the consumer can see it before the relay's commit)
      // and the consumer's ack reaches the server before it goes (an ack lost in the outage would
      // have `before` delivered again: at least once, which is the consumer's side, not the outbox's)
      await sleep(limit(500));

      await nats.stop();
      const during = await db.transaction().execute((trx) => recordEvent(trx, 'account.user.deleted', lastUser(2), null));
      relay.kick();
      await sleep(1000);
      const pending = await db.selectFrom('outbox').select('id').where('published_at', 'is', null).execute();
      expect(pending.map((r) => r.id)).toEqual([during]);

      await nats.start();
      await until(() => seen.includes(during), limit(20_000));
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
  }, limit(60_000));
});

describe('the outbox refuses an event too large to publish', () => {
  it('throws 413 payload_too_large and records nothing, so one change cannot hold up every later event', async () => {
    const database = await openDatabase({ memory: true });
    try {
      await migrateSchema(database, 'svc', { outbox_0001: outboxMigration });
      const db = database.forSchema('svc');
      const huge = { ...lastUser(3), name: 'x'.repeat(MAX_EVENT_BYTES) };
      const attempt = db.transaction().execute((trx) => recordEvent(trx, 'account.user.updated', huge, null));
      await expect(attempt).rejects.toMatchObject({ code: 'payload_too_large' });
      // Just under the limit is recorded.
      const fits = { ...lastUser(4), name: 'x'.repeat(MAX_EVENT_BYTES - 2000) };
      await db.transaction().execute((trx) => recordEvent(trx, 'account.user.updated', fits, null));
      const rows = await db.selectFrom('outbox').select('subject').execute();
      expect(rows).toEqual([{ subject: 'account.user.updated' }]);
    } finally {
      await database.close();
    }
  });
});
