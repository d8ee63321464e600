// The walking skeleton end to end: login and the account operations through the gateway, on the
// embedded default and on separate services over NATS + Postgres + Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBlackBoxSystem, apiModes, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD } from '../src/harness';
import { limit } from '../../vitest.shared';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(apiModes)('account through the gateway (%s)', (mode) => {
  let system: BlackBoxSystem;
  let admin: { id: number; key: string; key_expiry: number };
  let loginWindow: [number, number];
  let plain: { id: number; key: string };

  beforeAll(async () => {
    system = await startBlackBoxSystem(mode);
    const before = Math.floor(Date.now() / 1000);
    admin = await system.api.login('admin', ADMIN_PASSWORD);
    loginWindow = [before, Math.ceil(Date.now() / 1000)];
    const created = await system.api.post<{ id: number }>('/users', {
      key: admin.key,
      body: { username: 'dj.plain', password: 'plain-password-1', name: 'Plain DJ', email: 'plain@example.org' },
    });
    expect(created.status).toBe(200);
    plain = { id: created.body.data.id, key: (await system.api.login('dj.plain', 'plain-password-1')).key };
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('answers ping with the bare JSON string "pong", as OpenBroadcaster does', async () => {
    const response = await fetch(`${system.url}/api/v2/ping`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.text()).toBe('"pong"');
  });

  it("takes OpenBroadcaster's X-Auth-ID and X-Auth-Key headers, and refuses them when they do not match", async () => {
    const uid = (headers: Record<string, string>) => system.api.get('/account/uid', { headers });
    const ok = await uid({ 'x-auth-id': String(admin.id), 'x-auth-key': admin.key });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: admin.id, username: 'admin' });
    // The headers come first: a wrong key there is refused even with a valid Authorization header.
    expect((await uid({ 'x-auth-key': 'wrong', authorization: `Bearer ${admin.key}` })).status).toBe(401);
    // Another user's id with this key, a malformed id, an id without a key: 401, never anonymous.
    expect((await uid({ 'x-auth-id': String(plain.id), 'x-auth-key': admin.key })).status).toBe(401);
    expect((await uid({ 'x-auth-id': 'admin', 'x-auth-key': admin.key })).status).toBe(401);
    expect((await uid({ 'x-auth-id': String(admin.id) })).status).toBe(401);
  });

  it('logs in with a 256-bit key expiring in one hour', async () => {
    expect(admin.id).toBeGreaterThan(0);
    expect(Buffer.from(admin.key, 'base64url')).toHaveLength(32);
    // One hour after the moment of login.
    expect(admin.key_expiry).toBeGreaterThanOrEqual(loginWindow[0] + 3600);
    expect(admin.key_expiry).toBeLessThanOrEqual(loginWindow[1] + 3600);
  });

  it('logs in with the right password from a client still sending a session that has ended, and not with a wrong one', async () => {
    const old = (await system.api.login('dj.plain', 'plain-password-1')).key;
    expect((await system.api.post('/account/logout', { key: old })).status).toBe(200);
    const login = (password: string) => system.api.post<{ key: string }>('/account/login', { headers: { authorization: `Bearer ${old}` }, body: { username: 'dj.plain', password } });
    const ok = await login('plain-password-1');
    expect(ok.status, ok.text).toBe(200);
    expect((await system.api.get('/account/uid', { key: ok.body.data.key })).body.data).toMatchObject({ id: plain.id });
    expect((await login('wrong-password')).status).toBe(401);
    // anything else with the ended session is still refused
    expect((await system.api.get('/account/uid', { key: old })).status).toBe(401);
  });

  it('refuses a bad login with 401 and the same message for an unknown user and a wrong password', async () => {
    const wrong = await system.api.post('/account/login', { body: { username: 'admin', password: 'nope' } });
    const unknown = await system.api.post('/account/login', { body: { username: 'nobody-here', password: 'nope' } });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body.status).toBe(false);
    }
    expect(wrong.body.msg).toBe(unknown.body.msg);
    expect(wrong.body.data).toEqual(unknown.body.data);
  });

  it('returns uid, permissions, groups and settings of the admin', async () => {
    const uid = await system.api.get('/account/uid', { key: admin.key });
    expect(uid.body).toMatchObject({ status: true, data: { id: admin.id, username: 'admin' } });
    const permissions = await system.api.get<string[]>('/account/permissions', { key: admin.key });
    expect(permissions.body.data).toEqual(expect.arrayContaining(['manage_users', 'manage_media', 'manage_timeslots', 'manage_appkeys']));
    const groups = await system.api.get('/account/groups', { key: admin.key });
    expect(groups.body.data).toEqual(['Admin']);
    const settings = await system.api.get<Record<string, unknown>>('/account/settings', { key: admin.key });
    expect(settings.status).toBe(200);
    expect(settings.body.data).toMatchObject({ id: admin.id, username: 'admin' });
  });

  it('returns uid, permissions, groups and settings of a plain user', async () => {
    const uid = await system.api.get('/account/uid', { key: plain.key });
    expect(uid.body.data).toEqual({ id: plain.id, username: 'dj.plain' });
    const permissions = await system.api.get('/account/permissions', { key: plain.key });
    expect(permissions.body.data).toEqual(['create_own_media']);
    const groups = await system.api.get('/account/groups', { key: plain.key });
    expect(groups.body.data).toEqual(['Users']);
    const settings = await system.api.get<Record<string, unknown>>('/account/settings', { key: plain.key });
    expect(settings.body.data).toMatchObject({ id: plain.id, username: 'dj.plain', name: 'Plain DJ', email: 'plain@example.org' });
  });

  it('never returns the password hash in settings', async () => {
    const settings = await system.api.get('/account/settings', { key: plain.key });
    expect(settings.text).not.toMatch(/password|scrypt|hash/i);
  });

  it('grants the permissions of a created group, including per-record ones', async () => {
    const group = await system.api.post<{ id: number }>('/users/groups', {
      key: admin.key,
      body: { name: 'Schedulers', permissions: ['manage_timeslots:3', 'manage_shows'] },
    });
    expect(group.status).toBe(200);
    const bad = await system.api.post('/users/groups', { key: admin.key, body: { name: 'Bad', permissions: ['fly_to_moon'] } });
    expect(bad.status).toBe(400);
    const duplicate = await system.api.post('/users/groups', { key: admin.key, body: { name: 'Schedulers' } });
    expect(duplicate.status).toBe(409);
    const user = await system.api.post<{ id: number }>('/users', {
      key: admin.key,
      body: { username: 'scheduler', password: 'scheduler-pass', group_ids: [group.body.data.id] },
    });
    expect(user.status).toBe(200);
    const session = await system.api.login('scheduler', 'scheduler-pass');
    const permissions = await system.api.get('/account/permissions', { key: session.key });
    expect(permissions.body.data).toEqual(['manage_shows', 'manage_timeslots:3']);
  });

  it('refuses a plain user an admin operation with 403', async () => {
    const response = await system.api.post('/users', { key: plain.key, body: { username: 'other', password: 'long-enough-1' } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ status: false, data: { code: 'forbidden' } });
  });

  it('refuses requests without credentials, with an unknown key and with a logged-out key (401)', async () => {
    const none = await system.api.get('/account/uid');
    const unknown = await system.api.get('/account/uid', { key: 'A'.repeat(43) });
    const malformed = await system.api.get('/account/uid', { headers: { authorization: 'Basic abc' } });
    for (const response of [none, unknown, malformed]) {
      expect(response.status).toBe(401);
      expect(response.body.status).toBe(false);
    }
    const session = await system.api.login('dj.plain', 'plain-password-1');
    expect((await system.api.get('/account/uid', { key: session.key })).status).toBe(200);
    const logout = await system.api.post('/account/logout', { key: session.key, body: {} });
    expect(logout.status).toBe(200);
    expect(logout.body.status).toBe(true);
    expect((await system.api.get('/account/uid', { key: session.key })).status).toBe(401);
    // Logging out one session leaves the user's other sessions alone.
    expect((await system.api.get('/account/uid', { key: plain.key })).status).toBe(200);
  });

  it('accepts the credential forms OpenBroadcaster clients send', async () => {
    const cookie = await system.api.get('/account/uid', { headers: { cookie: `ob_auth_id=${plain.id}; ob_auth_key=${plain.key}` } });
    expect(cookie.body.data).toEqual({ id: plain.id, username: 'dj.plain' });
    const query = await system.api.get('/account/uid', { query: { i: plain.id, k: plain.key } });
    expect(query.body.data).toEqual({ id: plain.id, username: 'dj.plain' });
    const body = await system.api.post('/account/logout', { body: { i: plain.id, k: 'B'.repeat(43) } });
    expect(body.status).toBe(401);
    // A key presented with another user's id is refused.
    const mismatched = await system.api.get('/account/uid', { query: { i: admin.id, k: plain.key } });
    expect(mismatched.status).toBe(401);
  });

  it("takes the request data as JSON in OpenBroadcaster's form field d, beside i and k", async () => {
    // A form post without an Authorization header, as OpenBroadcaster's web client sends it.
    const form = new URLSearchParams({ i: String(admin.id), k: admin.key, d: JSON.stringify({ name: 'Form key', permissions: [['GET', '/account/uid']] }) });
    const created = await fetch(`${system.url}/api/v2/account/key`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    const reply = (await created.json()) as { data: { name: string; permissions: unknown } };
    expect(created.status, JSON.stringify(reply)).toBe(200);
    expect(reply.data).toMatchObject({ name: 'Form key', permissions: [['GET', '/account/uid']] });
    // PHP's json_encode of no data is [], and d may come in the query string of a GET.
    const uid = await system.api.get('/account/uid', { query: { i: admin.id, k: admin.key, d: '[]' } });
    expect(uid.status).toBe(200);
    for (const d of ['{"name":', '"text"', '[1,2]', '7']) {
      const bad = await system.api.post('/account/key', { key: admin.key, raw: new URLSearchParams({ d }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(bad.status, d).toBe(400);
      expect(bad.body.msg).toMatch(/^Invalid input: d: /);
    }
  });

  it("accepts what OpenBroadcaster's clients leave empty: a settings password (unchanged) and an app key's name", async () => {
    const saved = await system.api.put('/account/settings', { key: plain.key, body: { display_name: 'DJ Plain', password: '', password_again: '' } });
    expect(saved.status, saved.text).toBe(200);
    // The password did not change: it still logs in.
    expect((await system.api.post('/account/login', { body: { username: 'dj.plain', password: 'plain-password-1' } })).status).toBe(200);
    const key = await system.api.post<{ name: string }>('/account/key', { key: admin.key, body: { permissions: [['GET', '/account/uid']] } });
    expect(key.status, key.text).toBe(200);
    expect(key.body.data.name).toBe('App key');
  });

  it('answers malformed JSON and wrong types with 400 in the envelope', async () => {
    const malformed = await system.api.post('/account/login', { raw: '{"username": "admin", ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ status: false, data: { code: 'bad_request' } });
    const wrongType = await system.api.post('/account/login', { body: { username: 42, password: ['x'] } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.status).toBe(false);
    expect(wrongType.body.msg).toMatch(/username/);
    const notObject = await system.api.post('/account/login', { body: [1, 2] });
    expect(notObject.status).toBe(400);
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    for (const path of ['/api/v2/no/such/route', '/api/v2/account/uid/extra']) {
      const response = await system.api.get(path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: false, data: { code: 'not_found' } });
    }
  });

  it('reports liveness and readiness', async () => {
    expect((await system.api.get('/healthz')).status).toBe(200);
    const ready = await system.api.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ bus: true, sessions: true });
    // A process that runs services reports each; the gateway of the production layout runs none
    // (each service answers its own /readyz on its metrics port).
    if (mode !== 'stack') expect(ready.body.data).toMatchObject({ 'service:account': true, 'service:media': true });
  });
});

describe.each(apiModes)('session expiry (%s)', (mode) => {
  // A session lasts 8 s after its last use (longer on a busy machine, with every wait below).
  const ttlMs = Math.ceil(limit(8000) / 1000) * 1000;
  const at = (fraction: number) => Math.round(ttlMs * fraction);
  let system: BlackBoxSystem;
  beforeAll(async () => {
    system = await startBlackBoxSystem(mode, { SESSION_TTL_SECONDS: String(ttlMs / 1000) });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('slides the expiry forward on use and refuses the key once it has expired', async () => {
    const session = await system.api.login('admin', ADMIN_PASSWORD);
    await sleep(at(5 / 8));
    const used = await system.api.get('/account/uid', { key: session.key });
    expect(used.status).toBe(200);
    const slid = Number(used.headers.get('x-session-expiry'));
    expect(slid).toBeGreaterThanOrEqual(session.key_expiry + Math.floor(at(4 / 8) / 1000));
    await sleep(at(5 / 8)); // 10/8 of its life after login, 5/8 after the last use: alive only because it slid
    expect((await system.api.get('/account/uid', { key: session.key })).status).toBe(200);
    await sleep(at(9 / 8));
    const expired = await system.api.get('/account/uid', { key: session.key });
    expect(expired.status).toBe(401);
    expect(expired.body.status).toBe(false);
  }, limit(40_000));
});
