// The audit trail (issue 22): every kind of security event, on the bus and stored with who, when,
// from which address and in which request; a user's own entries and everyone's (view_audit),
// paged and filtered; and no secret (password, key, code, ticket, token) anywhere in it.
import { resolve } from 'node:path';
import type { IncomingEvent } from '@airwave/bus';
import { auditedEventTypes } from '@airwave/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, LOGIN_DELAY_SECONDS, modes, startTestSystem, type TestSystem } from '../src/harness';
import { startSmtp, tokenOf, type Inbox } from '../src/smtp';
import { limit } from '../../vitest.shared';

const root = resolve(import.meta.dirname, '..', '..');
const MODULES_DIR = `${resolve(root, 'modules')}:${resolve(root, 'tests', 'fixtures', 'modules')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const codeAt = (secret: string, step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 + 1 });
const stepNow = () => Math.floor(Date.now() / 30_000);

type Entry = { id: string; type: string; occurred_at: string; user_id: number | null; username: string | null; actor_id: number | null; actor_username: string | null; address: string | null; request_id: string | null; details: Record<string, unknown> };
type Page = { total: number; entries: Entry[] };

describe.each(modes)('audit trail (%s)', (mode) => {
  let system: TestSystem;
  let inbox: Inbox;
  let admin: string;
  let ann: { id: number; key: string };
  const published: IncomingEvent[] = [];
  /** Every secret the scenario handles: none may appear in the trail. */
  const secrets: string[] = [ADMIN_PASSWORD];

  async function everything(): Promise<Page> {
    const page = await system.api.get<Page>('/users/audit', { key: admin, query: { limit: 500 } });
    expect(page.status, page.text).toBe(200);
    return page.body.data;
  }

  /** Every security event of the issue, from its API. */
  async function scenario() {
    const from = system.api.from('127.0.4.1');
    const group = await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'Keys', permissions: ['manage_appkeys'] } });
    const created = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'ann', password: 'pw-of-a-1', email: 'ann@example.org', group_ids: [2, group.body.data.id] } });
    ann = { id: created.body.data.id, key: '' };
    for (const guess of ['ann-guess-1', 'ann-guess-2', 'ann-guess-3']) await from.post('/account/login', { body: { username: 'ann', password: guess } });
    await from.post('/account/login', { body: { username: 'nobody-by-that-name', password: 'typed-secret' } });
    secrets.push('pw-of-a-1', 'ann-guess-1', 'ann-guess-2', 'ann-guess-3', 'typed-secret', 'nobody-by-that-name');
    const session = await system.api.post<{ key: string }>('/account/login', { body: { username: 'ann', password: 'pw-of-a-1' }, headers: { 'x-request-id': 'ann-login-1' } });
    ann.key = session.body.data.key;
    secrets.push(ann.key);

    const key = await system.api.post<{ id: number; key: string }>('/account/key', { key: ann.key, body: { name: 'bot', permissions: [['GET', '/account/uid']] } });
    secrets.push(key.body.data.key);
    await system.api.put(`/account/key/${key.body.data.id}`, { key: ann.key, body: { name: 'bot 2', permissions: [] } });
    await system.api.delete(`/account/key/${key.body.data.id}`, { key: ann.key });

    await system.api.put('/account/settings', { key: ann.key, body: { password: 'pw-of-a-2', password_again: 'pw-of-a-2', current_password: 'pw-of-a-1' } });
    await system.api.put(`/users/${ann.id}`, { key: admin, body: { password: 'pw-of-a-3' } });
    await system.api.post('/account/forgot', { body: { email: 'ann@example.org' } });
    const token = tokenOf(await inbox.waitFor('ann@example.org', { subject: 'password reset' }));
    await system.api.post('/account/reset', { body: { token, password: 'pw-of-a-4', password_again: 'pw-of-a-4' } });
    secrets.push('pw-of-a-2', 'pw-of-a-3', 'pw-of-a-4', token);
    ann.key = (await system.api.login('ann', 'pw-of-a-4')).key;
    secrets.push(ann.key);

    const setup = await system.api.post<{ secret: string }>('/account/two-factor/setup', { key: ann.key, body: { password: 'pw-of-a-4' } });
    const secret = setup.body.data.secret;
    const confirmed = await system.api.post<{ recovery_codes: string[] }>('/account/two-factor/confirm', { key: ann.key, body: { code: codeAt(secret, stepNow()) } });
    const renewed = await system.api.post<{ recovery_codes: string[] }>('/account/two-factor/recovery-codes', { key: ann.key, body: { code: confirmed.body.data.recovery_codes[0]! } });
    const challenge = await system.api.post<{ details: { ticket: string } }>('/account/login', { body: { username: 'ann', password: 'pw-of-a-4' } });
    const ticket = challenge.body.data.details.ticket;
    await system.api.post('/account/login/two-factor', { body: { ticket, code: '000000' } });
    const second = await system.api.post<{ key: string }>('/account/login/two-factor', { body: { ticket, code: renewed.body.data.recovery_codes[0]! } });
    secrets.push(secret, ticket, second.body.data.key, ...confirmed.body.data.recovery_codes, ...renewed.body.data.recovery_codes);
    await system.api.post('/account/two-factor/disable', { key: ann.key, body: { code: renewed.body.data.recovery_codes[1]! } });
    await system.api.put('/users/two-factor', { key: admin, body: { permissions: [] } });

    await system.api.delete(`/users/groups/${group.body.data.id}`, { key: admin });
    const temp = await system.api.post<{ id: number }>('/users', { key: admin, body: { username: 'temp', password: 'temp-password' } });
    await system.api.delete(`/users/${temp.body.data.id}`, { key: admin });
    secrets.push('temp-password');
    await system.api.put('/modules/notes', { key: admin, body: {} });
    await system.api.delete('/modules/notes', { key: admin });
    await system.api.delete('/modules/purge/notes', { key: admin });
    const hook = await system.api.post<{ id: number; secret: string }>('/webhooks', { key: admin, body: { url: 'https://receiver.example/hook', event_types: ['modules.module.purged'] } });
    secrets.push(hook.body.data.secret);
    const rotated = await system.api.post<{ secret: string }>(`/webhooks/${hook.body.data.id}/secret`, { key: admin });
    secrets.push(rotated.body.data.secret);
    await system.api.delete(`/webhooks/${hook.body.data.id}`, { key: admin });
    // A player's sync with a wrong password (OB Player's remote.php).
    const player = await system.api.post<{ id: number }>('/players', { key: admin, body: { name: 'Audited', timezone: 'UTC', password: 'player-secret' } });
    secrets.push('player-secret', 'player-guess');
    await fetch(`${system.url}/remote.php?action=playlog_status`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${player.body.data.id}&pw=player-guess` });
  }

  beforeAll(async () => {
    inbox = await startSmtp();
    system = await startTestSystem(mode, { MODULES_DIR, SMTP_URL: inbox.url, LOGIN_FREE_FAILURES: '2' });
    await system.infrastructure[0]!.bus.subscribe('account.>', (event) => void published.push(event), { durable: 'audit-test', deliverFrom: 'all' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    secrets.push(admin);
    await scenario();
  }, limit(120_000));
  afterAll(async () => {
    await system?.stop();
    await inbox?.close();
  });

  it('keeps an entry for each kind of security event, with no secret in any', async () => {
    let page = await everything();
    for (let i = 0; i < 100 && !auditedEventTypes.every((type) => page.entries.some((e) => e.type === type)); i += 1) {
      await sleep(100);
      page = await everything();
    }
    expect(auditedEventTypes.filter((type) => !page.entries.some((e) => e.type === type))).toEqual([]);
    const text = JSON.stringify(page);
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
    expect(text).not.toMatch(/password_hash|scrypt\$|otpauth:/);
    // The same events went out on the bus, for internal subscribers.
    expect(published.some((e) => e.subject === 'account.login.throttled')).toBe(true);
    expect(published.some((e) => e.subject === 'account.two_factor.enabled')).toBe(true);
  });

  it('records who, when, from which address and in which request', async () => {
    const entries = (await everything()).entries;
    const failed = entries.filter((e) => e.type === 'account.login.failed' && e.user_id === ann.id && e.details.step === 'password');
    expect(failed).toHaveLength(3);
    expect(failed.every((e) => e.address === '127.0.4.1' && e.actor_id === null && e.username === 'ann')).toBe(true);
    expect(entries.find((e) => e.type === 'account.login.throttled' && e.user_id === ann.id)).toMatchObject({ details: { scope: 'account_address', attempts: 3, wait_seconds: LOGIN_DELAY_SECONDS } });
    // An unknown username is not kept (people type passwords there).
    expect(entries.find((e) => e.type === 'account.login.failed' && e.user_id === null)).toMatchObject({ username: null, address: '127.0.4.1' });
    const login = entries.find((e) => e.request_id === 'ann-login-1');
    expect(login).toMatchObject({ type: 'account.login.succeeded', user_id: ann.id, actor_id: ann.id, address: '127.0.0.1', details: { second_factor: 'none' } });
    expect(Date.now() - Date.parse(login!.occurred_at)).toBeLessThan(120_000);
    expect(entries.find((e) => e.type === 'account.password.changed' && e.details.by_administrator === true)).toMatchObject({ user_id: ann.id, actor_username: 'admin' });
    expect(entries.find((e) => e.type === 'account.login.succeeded' && e.details.second_factor === 'recovery_code')).toMatchObject({ user_id: ann.id });
    expect(entries.find((e) => e.type === 'modules.module.installed')).toMatchObject({ actor_username: 'admin', address: '127.0.0.1', details: { name: 'notes' } });
  });

  it("shows a user their own account's entries only, and everyone's only with view_audit", async () => {
    const own = await system.api.get<Page>('/account/audit', { key: ann.key, query: { limit: 500 } });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.entries.length).toBeGreaterThan(10);
    expect(own.body.data.entries.every((e) => e.user_id === ann.id)).toBe(true);
    expect((await system.api.get('/users/audit', { key: ann.key })).status).toBe(403);
  });

  it('pages and filters by type and time', async () => {
    const keys = await system.api.get<Page>('/users/audit', { key: admin, query: { type: 'account.app_key' } });
    expect(keys.body.data.entries.map((e) => e.type)).toEqual(['account.app_key.deleted', 'account.app_key.updated', 'account.app_key.created']);
    const first = await system.api.get<Page>('/users/audit', { key: admin, query: { type: 'account.app_key', limit: 1, offset: 1 } });
    expect(first.body.data).toMatchObject({ total: 3, entries: [{ type: 'account.app_key.updated' }] });
    const all = (await everything()).entries;
    const oldest = all.at(-1)!.occurred_at;
    const since = await system.api.get<Page>('/users/audit', { key: admin, query: { since: Math.floor(Date.parse(oldest) / 1000) + 3600 } });
    expect(since.body.data.total).toBe(0);
    const until = await system.api.get<Page>('/users/audit', { key: admin, query: { until: '2020-01-01T00:00:00Z' } });
    expect(until.body.data.total).toBe(0);
    const mine = await system.api.get<Page>('/users/audit', { key: admin, query: { user_id: ann.id, type: 'account.two_factor.enabled' } });
    expect(mine.body.data.total).toBe(1);
    expect((await system.api.get('/users/audit', { key: admin, query: { type: 'Account Login' } })).status).toBe(400);
    expect((await system.api.get('/users/audit', { key: admin, query: { since: 'yesterday' } })).status).toBe(400);
  });
});
