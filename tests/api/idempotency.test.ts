// Safe retries (issue 32): a write sent with an Idempotency-Key runs once per user and key; a retry
// gets the first reply (Idempotent-Replayed: true), the same key with another body is 422, a retry
// while the first still runs is 409, another user's same key is theirs alone; the typed client
// sends a key on every write.
import { randomUUID } from 'node:crypto';
import { createClient } from '@airwave/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModes, startBlackBoxSystem, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD } from '../src/harness';

type Player = { id: number; name: string };

describe.each(apiModes)('Idempotency-Key (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: string;
  let other: string;
  const create = (name: string, key: string | undefined, session = admin) =>
    system.api.post<Player>('/players', { key: session, body: { name, timezone: 'UTC' }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const named = async (name: string) => (await system.api.get<Player[]>('/players', { key: admin })).body.data.filter((p) => p.name === name);

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    const group = (await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'idempotent players', permissions: ['manage_players'] } })).body.data.id;
    await system.api.post('/users', { key: admin, body: { username: 'second-operator', password: 'second-operator-pw', group_ids: [group] } });
    other = (await system.api.login('second-operator', 'second-operator-pw')).key;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('creates once and answers a retry with the first reply', async () => {
    const key = randomUUID();
    const first = await create('Retried FM', key);
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await create('Retried FM', `"${key}"`);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(first.text);
    expect(await named('Retried FM')).toHaveLength(1);
  });

  it('refuses the same key with another body (422) and keeps keys per user', async () => {
    const key = randomUUID();
    expect((await create('Keyed once', key)).status).toBe(200);
    const reused = await create('Something else', key);
    expect([reused.status, reused.body.status, (reused.body.data as unknown as { code: string }).code]).toEqual([422, false, 'unprocessable']);
    expect(await named('Something else')).toEqual([]);
    // Another user's same key is another key.
    const theirs = await create('Keyed once', key, other);
    expect([theirs.status, theirs.headers.get('idempotent-replayed')]).toEqual([200, null]);
    expect(await named('Keyed once')).toHaveLength(2);
  });

  it('runs a write once however its retries interleave with it, each answered 409 or the first reply', async () => {
    // Retries every 5 ms until the first answers: whether any arrives while it still runs depends on
    // who wins the race (all of them came after it once in CI), so this asserts what holds in every
    // interleaving; the 409 while it runs is held deterministically in the gateway's own test
    // (services/gateway/src/idempotency.test.ts).
    const key = randomUUID();
    const body = { username: 'concurrent-user', password: 'concurrent-user-pw' };
    const send = () => system.api.post('/users', { key: admin, body, headers: { 'idempotency-key': key } });
    const first = send();
    let answered = false;
    void first.finally(() => (answered = true));
    const retries: ReturnType<typeof send>[] = [];
    while (!answered && retries.length < 400) {
      retries.push(send());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const replies = await Promise.all([first, ...retries]);
    const outcomes = replies.map((r) =>
      r.status === 200 ? (r.headers.get('idempotent-replayed') ? 'replayed' : 'ran') : `${r.status} ${/Idempotency-Key/.test(r.body.msg) ? 'in progress' : r.body.msg}`,
    );
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'ran' && o !== 'replayed' && o !== '409 in progress')).toEqual([]);
    expect((await system.api.login('concurrent-user', 'concurrent-user-pw')).key).toBeTruthy();
  });

  it('replays a refusal and a deletion, and ignores no write without a key', async () => {
    const key = randomUUID();
    const missing = await system.api.delete('/players/987654', { key: admin, headers: { 'idempotency-key': key } });
    expect(missing.status).toBe(404);
    const again = await system.api.delete('/players/987654', { key: admin, headers: { 'idempotency-key': key } });
    expect([again.status, again.headers.get('idempotent-replayed'), again.text]).toEqual([404, 'true', missing.text]);

    const id = (await create('Deleted once', undefined)).body.data.id;
    const deleteKey = randomUUID();
    const deleted = await system.api.delete(`/players/${id}`, { key: admin, headers: { 'idempotency-key': deleteKey } });
    expect(deleted.status).toBe(200);
    const retried = await system.api.delete(`/players/${id}`, { key: admin, headers: { 'idempotency-key': deleteKey } });
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    const fresh = await system.api.delete(`/players/${id}`, { key: admin, headers: { 'idempotency-key': randomUUID() } });
    expect(fresh.status).toBe(404);

    // Without a key, every write runs.
    await create('Unkeyed FM', undefined);
    await create('Unkeyed FM', undefined);
    expect(await named('Unkeyed FM')).toHaveLength(2);
  });

  it('refuses a malformed key with 400 and changes nothing', async () => {
    for (const key of ['x'.repeat(256), 'with space', '""']) {
      const reply = await create('Malformed key FM', key);
      expect([reply.status, (reply.body.data as unknown as { code: string }).code]).toEqual([400, 'bad_request']);
    }
    expect(await named('Malformed key FM')).toEqual([]);
  });

  it('gets a key from the typed client on every write, and one given is reused across retries', async () => {
    const sent: (string | null)[] = [];
    const client = createClient({
      baseUrl: system.url,
      fetch: (url, init) => {
        sent.push(new Headers(init?.headers).get('idempotency-key'));
        return fetch(url, init);
      },
    });
    await client.login('admin', ADMIN_PASSWORD);
    await client.scheduling.playerList({});
    const key = randomUUID();
    const first = await client.scheduling.playerCreate({ name: 'Client retried FM', timezone: 'UTC' }, { idempotencyKey: key });
    const retried = await client.scheduling.playerCreate({ name: 'Client retried FM', timezone: 'UTC' }, { idempotencyKey: key });
    expect(retried).toEqual(first);
    expect(await named('Client retried FM')).toHaveLength(1);
    // login (a write: a key), the list (a read: none), the two creations (the given key).
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.slice(1)).toEqual([null, key, key]);
  });
});
