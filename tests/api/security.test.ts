// Security checks as behaviour, through the gateway: headers, CORS from configuration, body and
// upload limits, secrets compared safely and never logged, storage keys that cannot escape the root,
// SQL values that stay values, rate limits, app keys bounded by their owner, and users kept out of
// each other's data.
//
// Already covered elsewhere and not repeated here: login throttling per account and address (and
// forged X-Forwarded-For) in account-throttle.test.ts, reset requests per address in accounts.test.ts
// ("rate limits"); two-factor sign-in in account-two-factor.test.ts; stored values and
// app keys of another user (GET store, DELETE key) in accounts.test.ts; a key presented with another
// user's id in account.test.ts; storage keys in libs/storage/src/storage.test.ts (extended there).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '@airwave/logging';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../src/files';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';
import { startSmtp, tokenOf, type Inbox } from '../src/smtp';

const appKeyHeader = (id: number, key: string) => ({ authorization: `Bearer ${Buffer.from(String(id)).toString('base64')}:${key}` });
const STUDIO = 'https://studio.example.org';

describe('security (embedded)', () => {
  let system: TestSystem;
  let inbox: Inbox;
  let admin: string;
  const logLines: string[] = [];
  const capture = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });

  async function makeUser(username: string, password = `${username}-password`, groupIds?: number[]) {
    const created = await system.api.post<{ id: number }>('/users', {
      key: admin,
      body: { username, password, email: `${username}@example.org`, ...(groupIds ? { group_ids: groupIds } : {}) },
    });
    expect(created.status, created.text).toBe(200);
    return { id: created.body.data.id, key: (await system.api.login(username, password)).key };
  }

  beforeAll(async () => {
    inbox = await startSmtp();
    system = await startTestSystem(
      'embedded',
      { CORS_ORIGINS: `${STUDIO}, http://localhost:3000`, BODY_LIMIT_BYTES: '16384', MAX_UPLOAD_BYTES: '65536', SMTP_URL: inbox.url },
      { logger: createLogger({ level: 'debug', destination: capture }) },
    );
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
    await inbox?.close();
  });

  it('sends the security headers on successes, refusals, unknown routes and bad URLs', async () => {
    const replies = [
      await fetch(`${system.url}/api/v2/ping`),
      await fetch(`${system.url}/api/v2/account/uid`),
      await fetch(`${system.url}/api/v2/account/uid`, { headers: { authorization: `Bearer ${admin}` } }),
      await fetch(`${system.url}/api/v2/no/such/route`),
      await fetch(`${system.url}/api/v2/users/%zz`),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 401, 200, 404, 400]);
    for (const reply of replies) {
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('x-powered-by')).toBeNull();
    }
  });

  describe('CORS', () => {
    it('answers a preflight from a configured origin, and allows its requests', async () => {
      const preflight = await fetch(`${system.url}/api/v2/account/settings`, {
        method: 'OPTIONS',
        headers: { origin: STUDIO, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(STUDIO);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      const reply = await fetch(`${system.url}/api/v2/account/uid`, { headers: { origin: 'http://localhost:3000', authorization: `Bearer ${admin}` } });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(reply.headers.get('access-control-expose-headers')).toContain('x-session-expiry');
    });

    it('gives any other origin no CORS headers', async () => {
      for (const origin of ['https://evil.example.com', 'https://studio.example.org.evil.com', 'null', `${STUDIO}:8443`]) {
        const preflight = await fetch(`${system.url}/api/v2/account/settings`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT' } });
        expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
        const reply = await fetch(`${system.url}/api/v2/account/uid`, { headers: { origin, authorization: `Bearer ${admin}` } });
        expect(reply.headers.get('access-control-allow-origin'), origin).toBeNull();
      }
    });
  });

  describe('size limits', () => {
    it('refuses a JSON or form body past BODY_LIMIT_BYTES with 413 in the envelope', async () => {
      const json = await system.api.post('/account/login', { body: { username: 'admin', password: 'x'.repeat(17_000) } });
      expect(json.status).toBe(413);
      expect(json.body).toEqual({ status: false, msg: 'The request body is too large.', data: { code: 'payload_too_large' } });
      const form = await system.api.post('/account/login', { raw: `username=admin&password=${'x'.repeat(17_000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.status).toBe(413);
      expect(form.body.data).toEqual({ code: 'payload_too_large' });
      // Just under the limit is read (and then judged on its content).
      const under = await system.api.put('/account/store/under', { key: admin, body: { value: 'x'.repeat(15_000) } });
      expect(under.status, under.text).toBe(200);
    });

    it('refuses an upload past MAX_UPLOAD_BYTES with 413 in the envelope and keeps nothing', async () => {
      const uploads = join(system.env.DATA_DIR!, 'media', 'uploads');
      const before = await readdir(uploads).catch(() => []);
      const send = async (body: Buffer) => {
        const response = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' }, body });
        return { status: response.status, body: (await response.json()) as { status: boolean; data: { code: string } } };
      };
      // Declared far past the limit: refused before reading; a little past it: refused while streaming.
      for (const size of [300_000, 70_000]) {
        const file = wav(1);
        const reply = await send(Buffer.concat([file, Buffer.alloc(size - file.length)]));
        expect(reply.status, String(size)).toBe(413);
        expect(reply.body).toMatchObject({ status: false, data: { code: 'payload_too_large' } });
      }
      expect(await readdir(uploads).catch(() => [])).toEqual(before);
      const fits = await send(wav(1));
      expect(fits.status).toBe(200);
    });
  });

  describe('secrets', () => {
    it('refuses an app key with the wrong secret, a near miss, or the right secret under another id', async () => {
      const owner = await makeUser('keyowner', 'keyowner-password', [await keyGroup()]);
      const created = await system.api.post<{ id: number; key: string }>('/account/key', { key: owner.key, body: { name: 'Bot', permissions: [['GET', '/account/uid']] } });
      expect(created.status, created.text).toBe(200);
      const { id, key } = created.body.data;
      expect((await system.api.get('/account/uid', { headers: appKeyHeader(id, key) })).status).toBe(200);
      const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
      for (const wrong of [flip(key, 0), flip(key, key.length - 1), key.slice(0, -1), `${key}A`, key.toUpperCase() === key ? key.toLowerCase() : key.toUpperCase(), 'x']) {
        const reply = await system.api.get('/account/uid', { headers: appKeyHeader(id, wrong) });
        expect(reply.status, wrong).toBe(401);
        expect(reply.body).toMatchObject({ status: false, data: { code: 'unauthenticated' } });
      }
      for (const otherId of [id + 1, 999_999]) expect((await system.api.get('/account/uid', { headers: appKeyHeader(otherId, key) })).status).toBe(401);
      // A session key one character off is no session either.
      expect((await system.api.get('/account/uid', { key: flip(owner.key, owner.key.length - 1) })).status).toBe(401);
    });

    it('never writes passwords, keys or tokens to the log', async () => {
      logLines.length = 0;
      const secrets: string[] = [];
      const user = await makeUser('logged.user', 'Secret-Pass-One-1');
      secrets.push('Secret-Pass-One-1', user.key, ADMIN_PASSWORD, admin);
      // A failed login, with the password in JSON and in a form body.
      expect((await system.api.post('/account/login', { body: { username: 'logged.user', password: 'Wrong-Pass-Two-2' } })).status).toBe(401);
      expect((await system.api.post('/account/login', { raw: 'username=logged.user&password=Wrong-Pass-Three-3', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(401);
      secrets.push('Wrong-Pass-Two-2', 'Wrong-Pass-Three-3');
      // The key in the query string and in cookies, as old clients send it.
      expect((await system.api.get('/account/uid', { query: { i: user.id, k: user.key } })).status).toBe(200);
      expect((await system.api.get('/account/uid', { headers: { cookie: `ob_auth_id=${user.id}; ob_auth_key=${user.key}` } })).status).toBe(200);
      // App key creation and use.
      await system.api.put(`/users/${user.id}`, { key: admin, body: { group_ids: [await keyGroup()] } });
      const appKey = await system.api.post<{ id: number; key: string }>('/account/key', { key: user.key, body: { name: 'Logged bot', permissions: [['GET', '/account/uid']] } });
      expect(appKey.status, appKey.text).toBe(200);
      const header = appKeyHeader(appKey.body.data.id, appKey.body.data.key);
      expect((await system.api.get('/account/uid', { headers: header })).status).toBe(200);
      secrets.push(appKey.body.data.key, header.authorization.slice('Bearer '.length));
      // Password change in the settings.
      expect((await system.api.put('/account/settings', { key: user.key, body: { password: 'Secret-Pass-Four-4', password_again: 'Secret-Pass-Four-4', current_password: 'Secret-Pass-One-1' } })).status).toBe(200);
      secrets.push('Secret-Pass-Four-4');
      // Password reset by mail.
      expect((await system.api.post('/account/forgot', { body: { email: 'logged.user@example.org' } })).status).toBe(200);
      // (the notice of the password change goes to the same address, and may arrive before or after)
      const token = tokenOf(await inbox.waitFor('logged.user@example.org', { subject: 'password reset' }));
      const reset = await system.api.post('/account/reset', { body: { token, password: 'Secret-Pass-Five-5', password_again: 'Secret-Pass-Five-5' } });
      expect(reset.status, reset.text).toBe(200);
      secrets.push(token, 'Secret-Pass-Five-5');
      const fresh = await system.api.login('logged.user', 'Secret-Pass-Five-5');
      secrets.push(fresh.key);
      // An administrator setting a password.
      expect((await system.api.put(`/users/${user.id}`, { key: admin, body: { password: 'Secret-Pass-Six-6' } })).status).toBe(200);
      secrets.push('Secret-Pass-Six-6');

      await new Promise((resolve) => setTimeout(resolve, 200));
      const log = logLines.join('');
      // The log did record these events (so the check below is not vacuous).
      expect(log).toMatch(/Login failed/);
      expect(log).toMatch(/Login succeeded/);
      expect(log).toMatch(/App key created/);
      expect(log).toMatch(/Password changed/);
      expect(log).toMatch(/Password set with a one-time token/);
      expect(log).toMatch(/"url":"\/api\/v2\/account\/uid\?i=\[redacted\]&k=\[redacted\]"/);
      for (const secret of secrets) expect(log.includes(secret), `log holds ${secret.slice(0, 6)}…`).toBe(false);
    });

    it('never writes two-factor secrets, codes, tickets or the encryption key to the log', async () => {
      logLines.length = 0;
      const user = await makeUser('second.factor', 'Factor-Pass-One-1');
      const setup = await system.api.post<{ secret: string; otpauth_uri: string }>('/account/two-factor/setup', { key: user.key, body: { password: 'Factor-Pass-One-1' } });
      expect(setup.status, setup.text).toBe(200);
      const step = Math.floor(Date.now() / 30_000);
      const code = (at: number) => TOTP.generate({ secret: Secret.fromBase32(setup.body.data.secret), timestamp: at * 30_000 + 1 });
      const confirmed = await system.api.post<{ recovery_codes: string[] }>('/account/two-factor/confirm', { key: user.key, body: { code: code(step) } });
      expect(confirmed.status, confirmed.text).toBe(200);
      const challenge = await system.api.post<{ details: { ticket: string } }>('/account/login', { body: { username: 'second.factor', password: 'Factor-Pass-One-1' } });
      const ticket = challenge.body.data.details.ticket;
      expect((await system.api.post('/account/login/two-factor', { body: { ticket, code: code(step - 4) } })).status).toBe(401);
      const session = await system.api.post<{ key: string }>('/account/login/two-factor', { body: { ticket, code: confirmed.body.data.recovery_codes[0] } });
      expect(session.status, session.text).toBe(200);
      const sealingKey = (await readFile(join(system.env.DATA_DIR!, 'encryption.key'), 'utf8')).trim();
      // (The six-digit codes are not looked for: six digits turn up by chance in any log's times.)
      const secrets = [setup.body.data.secret, ticket, session.body.data.key, sealingKey, ...confirmed.body.data.recovery_codes];

      await new Promise((resolve) => setTimeout(resolve, 200));
      const log = logLines.join('');
      expect(log).toMatch(/Login succeeded/);
      for (const secret of secrets) expect(log.includes(secret), `log holds ${secret.slice(0, 6)}…`).toBe(false);
    });
  });

  it('never serves a file outside the storage root, whatever the id', async () => {
    for (const path of ['/downloads/media/..%2F..%2Fetc%2Fpasswd', '/downloads/media/%2Fetc%2Fpasswd', '/downloads/media/1%00', '/downloads/media/1/version/..%2F..%2Fsecret', '/media/thumbnail/..%2Fuploads', '/downloads/media/-1']) {
      const reply = await system.api.get(path, { key: admin });
      expect(reply.status, path).toBe(400);
      expect(reply.body.status).toBe(false);
    }
  });

  describe('SQL values', () => {
    it('matches quotes, backslashes, % and _ in user searches literally', async () => {
      const names: Record<string, string> = { 'pct.user': '100% Club', 'under_score': 'Under Score', 'back.slash': 'C:\\Music', 'o.brien': "O'Brien", 'plain.name': 'Plain Name' };
      for (const [username, name] of Object.entries(names)) {
        expect((await system.api.post('/users', { key: admin, body: { username, name, password: 'long-enough-pw', email: `${username.replace('_', '-')}@sql.example` } })).status).toBe(200);
      }
      const search = async (q: string) => {
        const reply = await system.api.get<{ users: { username: string }[] }>('/users', { key: admin, query: { q } });
        expect(reply.status, q).toBe(200);
        return reply.body.data.users.map((u) => u.username).filter((u) => u in names);
      };
      expect(await search('%')).toEqual(['pct.user']);
      expect(await search('_')).toEqual(['under_score']);
      expect(await search('\\')).toEqual(['back.slash']);
      expect(await search("'")).toEqual(['o.brien']);
      expect(await search("o'b")).toEqual(['o.brien']);
      expect(await search("'; DROP TABLE account.users; --")).toEqual([]);
      expect(await search("' OR '1'='1")).toEqual([]);
      expect((await search('sql.example')).sort()).toEqual(Object.keys(names).sort());
    });

    it('matches them literally in media filters, and nothing breaks', async () => {
      const titles = ['100% Hits', 'snake_case', 'Back\\Slash', "Rock 'n' Roll", 'Plain Song'];
      for (const title of titles) {
        const file = await fetch(`${system.url}/api/v2/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/octet-stream' }, body: wav(1) });
        const upload = ((await file.json()) as { data: { file_id: string; file_key: string } }).data;
        const saved = await system.api.put('/media', { key: admin, body: { media: [{ file_id: upload.file_id, file_key: upload.file_key, title, artist: 'SQL Band' }] } });
        expect(saved.status, saved.text).toBe(200);
      }
      const filter = async (op: string, val: string) => {
        const q = JSON.stringify({ mode: 'advanced', filters: [{ filter: 'artist', op: 'eq', val: 'SQL Band' }, { filter: 'title', op, val }] });
        const reply = await system.api.get<{ media: { title: string }[] }>('/media/search', { key: admin, query: { q } });
        expect(reply.status, `${op} ${val}`).toBe(200);
        return reply.body.data.media.map((m) => m.title).sort();
      };
      expect(await filter('contains', '%')).toEqual(['100% Hits']);
      expect(await filter('contains', '_')).toEqual(['snake_case']);
      expect(await filter('contains', '\\')).toEqual(['Back\\Slash']);
      expect(await filter('contains', "'n'")).toEqual(["Rock 'n' Roll"]);
      expect(await filter('eq', "'; DROP TABLE media.items; --")).toEqual([]);
      expect(await filter('ncontains', '%')).toEqual(titles.filter((t) => !t.includes('%')).sort());
      for (const q of ["'; DROP TABLE media.items; --", '%', '_', '\\', "' OR '1'='1"]) {
        expect((await system.api.get('/media/search', { key: admin, query: { q } })).status, q).toBe(200);
      }
      expect(await filter('contains', '')).toEqual([...titles].sort());
    });
  });

  let keyGroupId: number | undefined;
  async function keyGroup() {
    if (keyGroupId === undefined) {
      const group = await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'Key makers', permissions: ['manage_appkeys', 'create_own_media'] } });
      keyGroupId = group.body.data.id;
    }
    return keyGroupId;
  }

  it('takes a permission away from an app key as soon as its owner loses it', async () => {
    const group = await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'Key admins', permissions: ['manage_appkeys', 'manage_users'] } });
    const owner = await makeUser('key.admin', 'key-admin-password', [group.body.data.id]);
    const created = await system.api.post<{ id: number; key: string }>('/account/key', { key: owner.key, body: { name: 'Directory', permissions: [['GET', '/users'], ['GET', '/account/uid']] } });
    const headers = appKeyHeader(created.body.data.id, created.body.data.key);
    expect((await system.api.get('/users', { headers })).status).toBe(200);
    await system.api.put(`/users/groups/${group.body.data.id}`, { key: admin, body: { permissions: ['manage_appkeys'] } });
    const refused = await system.api.get('/users', { headers });
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('key.admin');
    expect((await system.api.get('/account/uid', { headers })).status).toBe(200);
    // Given back, it works again; the owner disabled, the key stops altogether.
    await system.api.put(`/users/groups/${group.body.data.id}`, { key: admin, body: { permissions: ['manage_appkeys', 'manage_users'] } });
    expect((await system.api.get('/users', { headers })).status).toBe(200);
    await system.api.put(`/users/${owner.id}`, { key: admin, body: { enabled: false } });
    expect((await system.api.get('/account/uid', { headers })).status).toBe(401);
    expect((await system.api.get('/users', { headers })).status).toBe(401);
  });

  it("keeps a user out of another user's saved searches, app keys and stored values", async () => {
    const alice = await makeUser('alice', 'alice-password', [await keyGroup()]);
    const bob = await makeUser('bob', 'bob-password', [await keyGroup()]);
    // Alice: a saved search, an app key and a stored value.
    const q = JSON.stringify({ mode: 'advanced', filters: [{ filter: 'title', op: 'contains', val: 'alice-private-words' }] });
    expect((await system.api.get('/media/search', { key: alice.key, query: { q, save_history: 1 } })).status).toBe(200);
    const history = await system.api.get<{ history: { id: number }[] }>('/media/searches', { key: alice.key });
    const searchId = history.body.data.history[0]!.id;
    expect((await system.api.post('/media/searches', { key: alice.key, body: { id: searchId } })).status).toBe(200);
    const described = await system.api.put(`/media/searches/${searchId}`, { key: alice.key, body: { filters: [{ filter: 'title', op: 'contains', val: 'alice-private-words' }], description: 'alice-private-search' } });
    expect(described.status, described.text).toBe(200);
    const appKey = await system.api.post<{ id: number; key: string }>('/account/key', { key: alice.key, body: { name: 'alice-bot', permissions: [['GET', '/account/uid']] } });
    expect((await system.api.put('/account/store/notes', { key: alice.key, body: { value: 'alice-private-note' } })).status).toBe(200);

    const attempts = [
      await system.api.get('/media/searches', { key: bob.key }),
      await system.api.put(`/media/searches/${searchId}`, { key: bob.key, body: { filters: [], description: 'taken over' } }),
      await system.api.post('/media/searches', { key: bob.key, body: { id: searchId } }),
      await system.api.post('/media/searches/default', { key: bob.key, body: { id: searchId } }),
      await system.api.delete(`/media/searches/default/${searchId}`, { key: bob.key }),
      await system.api.delete(`/media/searches/${searchId}`, { key: bob.key }),
      await system.api.get('/account/key', { key: bob.key }),
      await system.api.put(`/account/key/${appKey.body.data.id}`, { key: bob.key, body: { name: 'taken over', permissions: [['GET', '/users']] } }),
      await system.api.delete(`/account/key/${appKey.body.data.id}`, { key: bob.key }),
      await system.api.get('/account/store/notes', { key: bob.key }),
      await system.api.put('/account/store/notes', { key: bob.key, body: { value: 'bob-note', user_id: alice.id } }),
      await system.api.get('/account/store', { key: bob.key, query: { user_id: alice.id } }),
    ];
    const [searchList, ...rest] = attempts;
    expect(searchList!.status).toBe(200);
    expect(rest.slice(0, 5).map((r) => r.status).every((s) => s === 404 || s === 403)).toBe(true);
    expect(rest[5]!.status).toBe(200);
    expect(rest.slice(6, 8).map((r) => r.status)).toEqual([404, 404]);
    for (const reply of attempts) {
      expect(reply.text).not.toContain('alice-private');
      expect(reply.text).not.toContain('alice-bot');
    }
    // Alice's things are untouched.
    const mine = await system.api.get<{ saved: { id: number; description: string }[] }>('/media/searches', { key: alice.key });
    expect(mine.body.data.saved.map((s) => s.id)).toEqual([searchId]);
    expect(mine.text).not.toContain('taken over');
    expect((await system.api.get('/account/uid', { headers: appKeyHeader(appKey.body.data.id, appKey.body.data.key) })).status).toBe(200);
    expect((await system.api.get('/account/store/notes', { key: alice.key })).body.data).toBe('alice-private-note');
  });

  it('limits password reset requests per address with 429 and Retry-After', async () => {
    let limited: Awaited<ReturnType<typeof system.api.post>> | undefined;
    for (let i = 0; i < 25 && !limited; i += 1) {
      const reply = await system.api.post('/account/forgot', { body: { email: `nobody${i}@example.org` } });
      if (reply.status === 429) limited = reply;
      else expect(reply.status).toBe(200);
    }
    expect(limited?.body).toMatchObject({ status: false, data: { code: 'rate_limited' } });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('security defaults (embedded)', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem('embedded', { LOGIN_FREE_FAILURES_PER_ADDRESS: '5' });
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('sends no CORS headers to any origin when CORS_ORIGINS is unset', async () => {
    const preflight = await fetch(`${system.url}/api/v2/account/login`, { method: 'OPTIONS', headers: { origin: STUDIO, 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const reply = await fetch(`${system.url}/api/v2/ping`, { headers: { origin: STUDIO } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('slows login attempts per client address, across usernames, with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await system.api.post('/account/login', { body: { username: `someone${i}`, password: 'wrong-password' } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // Past its free failures the address waits, even with the right password of another account.
    const limited = await system.api.post('/account/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: false, data: { code: 'rate_limited' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other addresses are not held back.
    expect((await system.api.from('127.0.0.2').post('/account/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })).status).toBe(200);
  });
});
