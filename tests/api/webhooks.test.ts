// Webhooks through the gateway: registration (validated, manage_webhooks only, the secret shown
// once), deliveries signed as Standard Webhooks says (checked by the standardwebhooks library and
// by a separate HMAC here), retries against a receiver that fails then recovers, giving up after
// the retry window, a manual retry, the test event, secret rotation, a hung receiver that never
// holds up the API, and deliveries that survive a restart.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eventPayloads, type EventType } from '@airwave/contracts';
import { createLogger } from '@airwave/logging';
import { startSystem } from '@airwave/server';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Api, modes, startTestSystem, type TestSystem } from '../src/harness';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from '../src/webhook-receiver';
import { limit } from '../../vitest.shared';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(check: () => T | Promise<T>, timeoutMs = limit(15_000)): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(50);
  }
}

/** Standard Webhooks' signature, computed here from the specification (not the server's code). */
function signaturesValid(delivery: ReceivedDelivery, secret: string): boolean {
  const id = String(delivery.headers['webhook-id']);
  const timestamp = String(delivery.headers['webhook-timestamp']);
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${timestamp}.${delivery.body}`).digest();
  return String(delivery.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** What the standardwebhooks library (the specification's reference implementation) reads from a delivery. */
const verifiedByLibrary = (delivery: ReceivedDelivery, secret: string) =>
  new StandardWebhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { id: string; type: string; payload: unknown };

interface Hook {
  id: number;
  secret: string;
}

const settings = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_FIRST_RETRY_SECONDS: '0.2',
  // 2.5 s: attempts at about 0, 0.2, 0.6 and 1.4 s, then given up.
  WEBHOOK_RETRY_HOURS: String(2.5 / 3600),
  WEBHOOK_TIMEOUT_SECONDS: '1',
};

describe.each(modes)('webhooks (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let receiver: WebhookReceiver;

  const register = async (body: Record<string, unknown>): Promise<Hook> => {
    const reply = await system.api.post<Hook>('/webhooks', { key: admin, body: { url: receiver.url, ...body } });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };
  const newPlayer = async (name: string) => {
    const reply = await system.api.post<{ id: number }>('/players', { key: admin, body: { name, timezone: 'Europe/London' } });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data.id;
  };
  const log = async (hook: number, query: Record<string, string> = {}) => {
    const reply = await system.api.get<{ total: number; deliveries: { id: number; event_id: string; event_type: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null }[] }>(
      `/webhooks/${hook}/deliveries`,
      { key: admin, query },
    );
    expect(reply.status, reply.text).toBe(200);
    return reply.body.data;
  };
  const deliveriesOf = (eventId: string) => receiver.received.filter((d) => d.headers['webhook-id'] === eventId);

  beforeAll(async () => {
    system = await startTestSystem(mode, settings);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
  });
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    for (const hook of (await system.api.get<{ id: number }[]>('/webhooks', { key: admin })).body.data) {
      await system.api.delete(`/webhooks/${hook.id}`, { key: admin });
    }
  });

  it('delivers the events a webhook chose, signed, with the event frame as the body', async () => {
    const hook = await register({ event_types: ['scheduling.player.*'], description: 'Now-playing page' });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const player = await newPlayer('Webhook FM');
    await system.api.post('/users', { key: admin, body: { username: 'not-for-the-hook', password: 'a-long-password' } });
    const delivery = await until(() => receiver.received[0]);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(signaturesValid(delivery, hook.secret)).toBe(true);
    const frame = verifiedByLibrary(delivery, hook.secret);
    expect(frame).toMatchObject({ id: delivery.headers['webhook-id'], type: 'scheduling.player.saved', payload: { id: player, name: 'Webhook FM' } });
    expect(() => eventPayloads[frame.type as EventType].parse(frame.payload)).not.toThrow();
    // Another secret does not verify; a changed body does not verify.
    expect(signaturesValid(delivery, `whsec_${Buffer.alloc(32, 1).toString('base64')}`)).toBe(false);
    expect(signaturesValid({ ...delivery, body: delivery.body.replace('Webhook FM', 'Webhook FN') }, hook.secret)).toBe(false);
    expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    // Only the chosen types: the user's creation is not delivered.
    await sleep(500);
    expect(receiver.received.map((d) => JSON.parse(d.body).type)).toEqual(['scheduling.player.saved']);
    const page = await log(hook.id);
    expect(page.total).toBe(1);
    expect(page.deliveries[0]).toMatchObject({ event_id: frame.id, event_type: 'scheduling.player.saved', status: 'delivered', attempts: 1, last_status_code: 200, last_error: null });
    const listed = (await system.api.get<{ id: number; secret?: string; deliveries: unknown }[]>('/webhooks', { key: admin })).body.data;
    expect(listed).toEqual([expect.objectContaining({ id: hook.id, description: 'Now-playing page', deliveries: { pending: 0, delivered: 1, failed: 0 } })]);
    expect(JSON.stringify(listed)).not.toContain(hook.secret.slice(6));
  });

  it('retries a receiver that fails, with the same id and body, until it recovers', async () => {
    const hook = await register({ event_types: ['scheduling.player.saved'] });
    receiver.answers = [503, 500];
    await newPlayer('Flaky FM');
    const third = await until(() => receiver.received[2]);
    const eventId = String(third.headers['webhook-id']);
    expect(deliveriesOf(eventId)).toHaveLength(3);
    expect(new Set(receiver.received.map((d) => d.body)).size).toBe(1);
    for (const delivery of receiver.received) expect(verifiedByLibrary(delivery, hook.secret).id).toBe(eventId);
    // The waits grow: about 0.2 s, then 0.4 s.
    const [a, b, c] = receiver.received.map((d) => d.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(150);
    expect(c - b).toBeGreaterThan(b - a);
    const delivered = await until(async () => (await log(hook.id)).deliveries.find((d) => d.status === 'delivered'));
    expect(delivered).toMatchObject({ attempts: 3, last_status_code: 200, last_error: null });
    await sleep(500);
    expect(receiver.received).toHaveLength(3);
  });

  it('gives a delivery up after the retry window, says why in the log, and sends it again when asked', async () => {
    const hook = await register({ event_types: ['scheduling.player.saved'] });
    receiver.otherwise = 500;
    await newPlayer('Down FM');
    const failed = await until(async () => (await log(hook.id, { status: 'failed' })).deliveries[0], limit(20_000));
    expect(failed.attempts).toBeGreaterThanOrEqual(3);
    expect(failed).toMatchObject({ last_status_code: 500, last_error: 'HTTP 500' });
    const attempts = receiver.received.length;
    await sleep(600);
    expect(receiver.received).toHaveLength(attempts);
    receiver.otherwise = 200;
    const retried = await system.api.post<{ status: string }>(`/webhooks/${hook.id}/deliveries/${failed.id}/retry`, { key: admin });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data.status).toBe('pending');
    expect(await until(async () => (await log(hook.id, { status: 'delivered' })).deliveries[0])).toMatchObject({ id: failed.id, attempts: attempts + 1, last_status_code: 200 });
    expect((await system.api.post(`/webhooks/${hook.id}/deliveries/999999/retry`, { key: admin })).status).toBe(404);
  });

  it('logs a receiver that cannot be reached or does not answer in time', async () => {
    const hook = await register({ event_types: ['scheduling.player.saved'] });
    receiver.otherwise = 'hang';
    await newPlayer('Silent FM');
    const timedOut = await until(async () => (await log(hook.id)).deliveries.find((d) => d.attempts > 0));
    expect(timedOut).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'no answer within 1 s' });
    await receiver.close();
    await system.api.put(`/webhooks/${hook.id}`, { key: admin, body: { url: receiver.url } });
    // A new event's first attempt goes out at once (the hung one's next attempt may be backed off
    // far on a busy machine). An attempt in flight when the receiver closed may end in a reset
    // first; later ones are refused.
    await newPlayer('Closed FM');
    const refused = await until(async () => (await log(hook.id)).deliveries.find((d) => d.last_error?.includes('ECONNREFUSED')), limit(20_000));
    expect(refused.last_error).toMatch(/^could not connect: .*ECONNREFUSED/);
  });

  it('never holds up the API: a change answers while its delivery waits on a hung receiver', async () => {
    await register({ event_types: ['scheduling.player.saved'] });
    receiver.otherwise = 'hang';
    await newPlayer('First FM');
    await until(() => receiver.received[0]);
    // The receiver holds that request open; the API goes on answering at once.
    for (const name of ['Second FM', 'Third FM', 'Fourth FM']) await newPlayer(name);
    expect((await system.api.get('/players', { key: admin })).status).toBe(200);
    receiver.release();
  });

  it('sends a test event on request, and signs with both secrets for a day after a rotation', async () => {
    const hook = await register({ event_types: ['scheduling.player.deleted'] });
    const test = await system.api.post<{ event_type: string; status: string }>(`/webhooks/${hook.id}/test`, { key: admin });
    expect(test.status, test.text).toBe(200);
    expect(test.body.data).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    const first = await until(() => receiver.received[0]);
    expect(verifiedByLibrary(first, hook.secret)).toMatchObject({ type: 'webhook.test', payload: { webhook_id: hook.id } });

    const rotated = await system.api.post<{ id: number; secret: string }>(`/webhooks/${hook.id}/secret`, { key: admin });
    expect(rotated.status, rotated.text).toBe(200);
    const secret = rotated.body.data.secret;
    expect(secret).not.toBe(hook.secret);
    await system.api.post(`/webhooks/${hook.id}/test`, { key: admin });
    const second = await until(() => receiver.received[1]);
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifiedByLibrary(second, secret).type).toBe('webhook.test');
    expect(verifiedByLibrary(second, hook.secret).type).toBe('webhook.test');
    expect(signaturesValid(second, secret) && signaturesValid(second, hook.secret)).toBe(true);
    const shown = (await system.api.get<{ rotated_at: string | null }>(`/webhooks/${hook.id}`, { key: admin })).body.data;
    expect(shown.rotated_at).not.toBeNull();
  });

  it('sends nothing to a disabled webhook, nor events from before it was registered', async () => {
    await newPlayer('Before FM');
    await sleep(300);
    const hook = await register({ event_types: ['scheduling.>'] });
    const off = await system.api.put<{ enabled: boolean }>(`/webhooks/${hook.id}`, { key: admin, body: { enabled: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.enabled).toBe(false);
    await newPlayer('While off FM');
    const test = await system.api.post(`/webhooks/${hook.id}/test`, { key: admin });
    expect(test.status, test.text).toBe(409);
    expect(test.text).toContain('disabled');
    await sleep(600);
    expect(receiver.received).toHaveLength(0);
    expect((await log(hook.id)).total).toBe(0);
    await system.api.put(`/webhooks/${hook.id}`, { key: admin, body: { enabled: 'true' } });
    await newPlayer('After FM');
    const delivery = await until(() => receiver.received[0]);
    expect(JSON.parse(delivery.body).payload.name).toBe('After FM');
    await sleep(400);
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses bad registrations with the field named, and unknown webhooks with 404', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const reply = await system.api.post<{ details?: Record<string, string> }>('/webhooks', { key: admin, body, validateRequest: false });
      expect(reply.status, reply.text).toBe(400);
      expect(reply.text).toContain(field);
    };
    await bad({ url: 'ftp://example.com/hook', event_types: ['media.item.saved'] }, 'url');
    await bad({ url: 'not a url', event_types: ['media.item.saved'] }, 'url');
    await bad({ url: 'https://user:pass@example.com/hook', event_types: ['media.item.saved'] }, 'url');
    await bad({ url: 'https://example.com/hook', event_types: [] }, 'event_types');
    await bad({ url: 'https://example.com/hook', event_types: ['media.nothing.saved'] }, 'matches no event type');
    await bad({ url: 'https://example.com/hook', event_types: ['media.>.saved'] }, 'event_types');
    await bad({ url: 'https://example.com/hook' }, 'event_types');
    expect((await system.api.get('/webhooks', { key: admin })).body.data).toEqual([]);
    expect((await system.api.get('/webhooks/4242', { key: admin })).status).toBe(404);
    expect((await system.api.put('/webhooks/4242', { key: admin, body: { enabled: false } })).status).toBe(404);
    expect((await system.api.delete('/webhooks/4242', { key: admin })).status).toBe(404);
    expect((await system.api.post('/webhooks/4242/test', { key: admin })).status).toBe(404);
    expect((await system.api.post('/webhooks/4242/secret', { key: admin })).status).toBe(404);
    expect((await system.api.get('/webhooks/4242/deliveries', { key: admin })).status).toBe(404);
  });

  it('is for manage_webhooks only, and keeps each change in the audit trail without the secret', async () => {
    const hook = await register({ event_types: ['media.item.*'] });
    await system.api.post('/users', { key: admin, body: { username: 'dj.nohooks', password: 'dj-nohooks-password' } });
    const dj = (await system.api.login('dj.nohooks', 'dj-nohooks-password')).key;
    for (const [method, path] of [
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['GET', `/webhooks/${hook.id}`],
      ['PUT', `/webhooks/${hook.id}`],
      ['DELETE', `/webhooks/${hook.id}`],
      ['POST', `/webhooks/${hook.id}/secret`],
      ['POST', `/webhooks/${hook.id}/test`],
      ['GET', `/webhooks/${hook.id}/deliveries`],
      ['POST', `/webhooks/${hook.id}/deliveries/1/retry`],
    ] as const) {
      expect((await system.api.request(method, path, { key: dj, body: method === 'GET' ? undefined : { url: 'https://example.com', event_types: ['media.>'] } })).status, `${method} ${path}`).toBe(403);
      expect((await system.api.request(method, path, {})).status, `${method} ${path}`).toBe(401);
    }
    await system.api.delete(`/webhooks/${hook.id}`, { key: admin });
    const trail = await until(async () => {
      const entries = (await system.api.get<{ entries: { type: string; details: { id: number } }[] }>('/users/audit', { key: admin, query: { type: 'modules.webhook', limit: 500 } })).body.data.entries;
      const ofThisHook = entries.filter((entry) => entry.details.id === hook.id);
      return ofThisHook.length >= 2 ? ofThisHook : null;
    });
    expect(trail.map((e) => e.type)).toEqual(['modules.webhook.deleted', 'modules.webhook.saved']);
    expect(trail[1]!.details).toMatchObject({ id: hook.id, url: receiver.url, event_types: ['media.item.*'] });
    expect(JSON.stringify(trail)).not.toContain(hook.secret.slice(6));
  });

  // Last: it stops the suite's system and starts it again on the same data.
  it('delivers after a restart what was pending when the server stopped', async () => {
    const hook = await register({ event_types: ['scheduling.player.saved'] });
    receiver.otherwise = 503;
    await newPlayer('Restart FM');
    await until(() => receiver.received[0]);
    await system.close();
    const attemptsBefore = receiver.received.length;
    receiver.otherwise = 200;
    const again = await startSystem({ env: system.env, mode, logger: createLogger({ level: 'silent' }) });
    try {
      const api = new Api(again.url);
      const key = (await api.login('admin', ADMIN_PASSWORD)).key;
      const delivered = await until(async () => {
        const page = (await api.get<{ deliveries: { status: string; attempts: number }[] }>(`/webhooks/${hook.id}/deliveries`, { key })).body.data;
        return page.deliveries[0]?.status === 'delivered' ? page.deliveries : null;
      }, limit(60_000));
      expect(delivered).toHaveLength(1);
      expect(receiver.received.length).toBeGreaterThan(attemptsBefore);
      expect(new Set(receiver.received.map((d) => d.headers['webhook-id'])).size).toBe(1);
      // The suite's afterEach cleans up through this system's gateway; afterAll stops both.
      const first = system;
      system = { ...first, api, close: () => again.close(), stop: async () => (await again.close(), await first.stop()) };
      admin = key;
    } catch (error) {
      await again.close();
      throw error;
    }
  });
});

describe('webhooks where only https:// is allowed (the default)', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem('embedded');
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('refuses an http:// URL, on registration and on a change, and takes an https:// one', async () => {
    const admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const plain = await system.api.post('/webhooks', { key: admin, body: { url: 'http://receiver.example/hook', event_types: ['modules.module.purged'] } });
    expect(plain.status, plain.text).toBe(400);
    expect(plain.text).toContain('WEBHOOK_ALLOW_HTTP');
    const secure = await system.api.post<{ id: number }>('/webhooks', { key: admin, body: { url: 'https://receiver.example/hook', event_types: ['modules.module.purged'] } });
    expect(secure.status, secure.text).toBe(200);
    const changed = await system.api.put(`/webhooks/${secure.body.data.id}`, { key: admin, body: { url: 'http://receiver.example/hook' } });
    expect(changed.status, changed.text).toBe(400);
    expect((await system.api.get<{ url: string }>(`/webhooks/${secure.body.data.id}`, { key: admin })).body.data.url).toBe('https://receiver.example/hook');
  });
});

describe('webhooks after the encryption key changed', () => {
  let system: TestSystem;
  afterAll(async () => {
    await system?.stop();
  });

  it('logs why a delivery cannot be signed, and sends nothing', async () => {
    system = await startTestSystem('embedded', settings);
    const receiver = await startWebhookReceiver();
    try {
      const admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
      const hook = await system.api.post<{ id: number }>('/webhooks', { key: admin, body: { url: receiver.url, event_types: ['scheduling.player.saved'] } });
      expect(hook.status, hook.text).toBe(200);
      await system.close();
      // Restarted with another key than the one that sealed the secret (DATA_DIR/encryption.key).
      const again = await startSystem({ env: { ...system.env, AIRWAVE_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64') }, mode: 'embedded', logger: createLogger({ level: 'silent' }) });
      const first = system;
      system = { ...first, stop: async () => (await again.close(), await first.stop()) };
      const api = new Api(again.url);
      const key = (await api.login('admin', ADMIN_PASSWORD)).key;
      expect((await api.post(`/webhooks/${hook.body.data.id}/test`, { key })).status).toBe(200);
      const logged = await until(async () => (await api.get<{ deliveries: { attempts: number; last_error: string | null }[] }>(`/webhooks/${hook.body.data.id}/deliveries`, { key })).body.data.deliveries.find((d) => d.attempts > 0));
      expect(logged.last_error).toContain('AIRWAVE_ENCRYPTION_KEY');
      expect(receiver.received).toHaveLength(0);
      // Replacing the secret mends it: the new secret alone signs (the old one cannot be read).
      const secret = (await api.post<{ secret: string }>(`/webhooks/${hook.body.data.id}/secret`, { key })).body.data.secret;
      expect((await api.post(`/webhooks/${hook.body.data.id}/test`, { key })).status).toBe(200);
      const delivery = await until(() => receiver.received[0]);
      expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(verifiedByLibrary(delivery, secret).type).toBe('webhook.test');
    } finally {
      await receiver.close();
    }
  });
});
