// Login throttling that slows without locking out (issue 22, docs/decisions/accounts.md): the
// lockout attack on a known username no longer keeps the owner out while the attacker is slowed,
// client addresses cannot be forged past the gateway (X-Forwarded-For counts only from a trusted
// proxy), past the per-account ceiling a known address or a reset link still signs in, and the
// counters are shared by gateway replicas in the separate layout. Each client is a loopback address
// of its own (127.0.0.x), as the gateway sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, LOGIN_DELAY_SECONDS, modes, startGateway, startReplica, startTestSystem, type Api, type TestSystem } from '../src/harness';
import { startSmtp, tokenOf, type Inbox } from '../src/smtp';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CEILING = 14;

type AuditPage = { total: number; entries: { type: string; user_id: number | null; address: string | null; details: Record<string, unknown> }[] };

describe.each(modes)('login throttle (%s)', (mode) => {
  let system: TestSystem;
  let inbox: Inbox;
  let admin: string;

  async function makeUser(username: string) {
    const created = await system.api.post<{ id: number }>('/users', { key: admin, body: { username, password: `${username}-password`, email: `${username}@example.org` } });
    expect(created.status, created.text).toBe(200);
    return created.body.data.id;
  }
  const login = (api: Api, username: string, password: string, headers: Record<string, string> = {}) =>
    api.post<{ key: string }>('/account/login', { body: { username, password }, headers });

  /** The audit entries of a type about a user, once `count` of them are there. */
  async function auditOf(userId: number, type: string, count: number) {
    for (let i = 0; i < 100; i += 1) {
      const page = await system.api.get<AuditPage>('/users/audit', { key: admin, query: { user_id: userId, type, limit: 100 } });
      expect(page.status, page.text).toBe(200);
      if (page.body.data.entries.length >= count) return page.body.data.entries;
      await sleep(100);
    }
    throw new Error(`fewer than ${count} ${type} entries for user ${userId}`);
  }

  beforeAll(async () => {
    inbox = await startSmtp();
    system = await startTestSystem(mode, { LOGIN_ACCOUNT_CEILING: String(CEILING), SMTP_URL: inbox.url });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await system?.stop();
    await inbox?.close();
  });

  it('keeps the owner signing in while an attacker hammers the username, and slows the attacker down', async () => {
    await makeUser('station');
    const attacker = system.api.from('127.0.0.3');
    const owner = system.api.from('127.0.0.2');
    // The attack of issue 22: eleven failed logins with nothing but the username known.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await login(attacker, 'station', `guess-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    // The attacker waits, unchecked (even the right password is not tried), and each failure doubles
    // the wait. Asked at once: the owner's login below takes scrypt time, which on a slow machine
    // outlasted the whole delay.
    const first = await login(attacker, 'station', 'station-password');
    expect(first.status).toBe(429);
    // The owner, from their own address, logs in with the right password meanwhile.
    expect((await login(owner, 'station', 'station-password')).status).toBe(200);
    // What is left of the first delay (LOGIN_DELAY_SECONDS: 1 s on an idle machine), in whole seconds.
    const left = Number(first.headers.get('retry-after'));
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(LOGIN_DELAY_SECONDS);
    expect(first.body).toMatchObject({ status: false, data: { code: 'rate_limited', details: { retryAfterSeconds: left } } });
    await sleep(left * 1000 + 100);
    expect((await login(attacker, 'station', 'guess-11')).status).toBe(401);
    const doubled = Number((await login(attacker, 'station', 'guess-12')).headers.get('retry-after'));
    expect(doubled).toBeGreaterThan(LOGIN_DELAY_SECONDS);
    expect(doubled).toBeLessThanOrEqual(2 * LOGIN_DELAY_SECONDS);
  });

  it('ignores a forged X-Forwarded-For: the attacker can neither dodge the delay nor frame the owner', async () => {
    const id = await makeUser('framed');
    const attacker = system.api.from('127.0.0.4');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      // A new made-up address each time, the owner's among them.
      const forged = i % 2 === 0 ? '127.0.0.5' : `198.51.100.${i}`;
      statuses.push((await login(attacker, 'framed', `guess-${i}`, { 'x-forwarded-for': forged })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect((await login(system.api.from('127.0.0.5'), 'framed', 'framed-password')).status).toBe(200);
    const failures = await auditOf(id, 'account.login.failed', 6);
    expect(new Set(failures.map((e) => e.address))).toEqual(new Set(['127.0.0.4']));
  });

  it('takes the client address from X-Forwarded-For only through a trusted proxy', async () => {
    const id = await makeUser('proxied');
    const proxy = await startGateway(system, { trustedProxies: ['127.0.0.6'] });
    try {
      const throughProxy = proxy.api.from('127.0.0.6');
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await login(throughProxy, 'proxied', `guess-${i}`, { 'x-forwarded-for': '203.0.113.9' })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
      // Another client behind the same proxy is not held back by that one.
      expect((await login(throughProxy, 'proxied', 'proxied-password', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
      // A connection that is not the proxy's: its header is ignored.
      expect((await login(proxy.api.from('127.0.0.7'), 'proxied', 'wrong', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(401);
      const failures = await auditOf(id, 'account.login.failed', 7);
      expect(failures.map((e) => e.address).sort()).toEqual(['127.0.0.7', ...Array(6).fill('203.0.113.9')]);
      const success = await auditOf(id, 'account.login.succeeded', 1);
      expect(success[0]!.address).toBe('198.51.100.7');
    } finally {
      await proxy.stop();
    }
  });

  it('past the per-account ceiling, signs in from a known address or after a reset link, not with the password alone elsewhere', async () => {
    const id = await makeUser('popular');
    const home = system.api.from('127.0.1.8');
    expect((await login(home, 'popular', 'popular-password')).status).toBe(200);
    // Many addresses, each within its free failures: the account's count passes the ceiling.
    for (let a = 1; a <= 3; a += 1) {
      for (let i = 0; i < 5; i += 1) expect((await login(system.api.from(`127.0.1.${a}`), 'popular', `guess-${a}-${i}`)).status).toBeLessThan(500);
    }
    const elsewhere = system.api.from('127.0.1.9');
    const refused = await login(elsewhere, 'popular', 'popular-password');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/second factor|reset link/);
    // A wrong password there gets the same answer: the reply says nothing about the password.
    const wrong = await login(elsewhere, 'popular', 'not-it');
    expect([wrong.status, wrong.body.msg]).toEqual([429, refused.body.msg]);
    expect((await login(home, 'popular', 'popular-password')).status).toBe(200);
    const throttled = await auditOf(id, 'account.login.throttled', 1);
    expect(throttled.some((e) => e.details.scope === 'account')).toBe(true);
    // A reset link sets a new password and starts the account afresh.
    expect((await elsewhere.post('/account/forgot', { body: { email: 'popular@example.org' } })).status).toBe(200);
    const token = tokenOf(await inbox.waitFor('popular@example.org'));
    expect((await elsewhere.post('/account/reset', { body: { token, password: 'a-new-password', password_again: 'a-new-password' } })).status).toBe(200);
    expect((await login(elsewhere, 'popular', 'a-new-password')).status).toBe(200);
  });

  it.runIf(mode === 'distributed')('shares the counters between two gateway replicas (and their account services)', async () => {
    await makeUser('replicated');
    const replica = await startReplica(system);
    try {
      const gateways = [system.api.from('127.0.0.8'), replica.api.from('127.0.0.8')];
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) statuses.push((await login(gateways[i % 2]!, 'replicated', `guess-${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      // Still held back through either replica, even with the right password: asked before the
      // other client's login, whose scrypt time may outlast the first delay on a slow machine.
      expect((await login(gateways[0]!, 'replicated', 'replicated-password')).status).toBe(429);
      expect((await login(replica.api.from('127.0.0.9'), 'replicated', 'replicated-password')).status).toBe(200);
    } finally {
      await replica.stop();
    }
  });
});
