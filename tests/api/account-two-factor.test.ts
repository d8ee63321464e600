// Two-factor sign-in with TOTP through the gateway (issue 22): enrolment with the password and a
// confirming code, login in two steps, wrong and reused codes refused, recovery codes single-use,
// turning it off with a current code, what administrators require, app keys unaffected, and the
// typed client's two-step login.
import { createClient, TwoFactorRequired } from '@airwave/client';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ruleModes, startTestSystem, type Api, type TestSystem } from '../src/harness';
import { limit } from '../../vitest.shared';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const appKeyHeader = (id: number, key: string) => ({ authorization: `Bearer ${Buffer.from(String(id)).toString('base64')}:${key}` });

const stepNow = () => Math.floor(Date.now() / 30_000);
const codeAt = (secret: string, step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 + 1 });

/** An authenticator app that never gives a code twice: the next step after the last one used,
 * waiting (up to 30 s) until the server's window of one step either side of now reaches it. */
function authenticator(secret: string) {
  let last = 0;
  return {
    secret,
    use(step: number) {
      last = Math.max(last, step);
      return codeAt(secret, step);
    },
    async next(): Promise<string> {
      const step = Math.max(stepNow(), last + 1);
      while (step > stepNow() + 1) await sleep(250);
      return this.use(step);
    },
    /** A code the server has already accepted. */
    used: () => codeAt(secret, last),
  };
}

type Challenge = { code: string; details: { two_factor_required: true; ticket: string; ticket_expiry: number } };
type Setup = { secret: string; otpauth_uri: string };
type Status = { enabled: boolean; recovery_codes_left: number; required: boolean; required_permissions: string[]; available: boolean };

describe.each(ruleModes)('two-factor sign-in (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  let keyGroup: number;

  async function makeUser(username: string, groupIds: number[] = [2]) {
    const created = await system.api.post<{ id: number }>('/users', { key: admin, body: { username, password: `${username}-password`, group_ids: groupIds } });
    expect(created.status, created.text).toBe(200);
    return { id: created.body.data.id, key: (await system.api.login(username, `${username}-password`)).key };
  }

  /** Enrols a user: setup with the password, confirm with a code; the app and the recovery codes. */
  async function enrol(username: string, key: string, api: Api = system.api) {
    const setup = await api.post<Setup>('/account/two-factor/setup', { key, body: { password: `${username}-password` } });
    expect(setup.status, setup.text).toBe(200);
    const app = authenticator(setup.body.data.secret);
    const confirmed = await api.post<{ recovery_codes: string[] }>('/account/two-factor/confirm', { key, body: { code: app.use(stepNow()) } });
    expect(confirmed.status, confirmed.text).toBe(200);
    return { app, recoveryCodes: confirmed.body.data.recovery_codes, setup: setup.body.data };
  }

  async function firstStep(username: string, api: Api = system.api) {
    const reply = await api.post<Challenge>('/account/login', { body: { username, password: `${username}-password` } });
    expect(reply.status, reply.text).toBe(401);
    expect(reply.body.data).toMatchObject({ code: 'unauthenticated', details: { two_factor_required: true } });
    expect(reply.text).not.toMatch(/"key"/);
    return reply.body.data.details.ticket;
  }
  const secondStep = (ticket: string, code: string, api: Api = system.api) => api.post<{ id: number; key: string }>('/account/login/two-factor', { body: { ticket, code } });

  beforeAll(async () => {
    system = await startTestSystem(mode, { LOGIN_ACCOUNT_CEILING: '12' });
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    keyGroup = (await system.api.post<{ id: number }>('/users/groups', { key: admin, body: { name: 'Key holders', permissions: ['manage_appkeys'] } })).body.data.id;
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('enrols, logs in in two steps, refuses wrong and reused codes, takes recovery codes once, and turns off with a current code', async () => {
    const user = await makeUser('dj', [2, keyGroup]);
    const status = async (key = user.key) => (await system.api.get<Status>('/account/two-factor', { key })).body.data;
    expect(await status()).toMatchObject({ enabled: false, available: true, required: false });

    // Enrolment: the password first (a wrong one is refused), then a code from the app.
    expect((await system.api.post('/account/two-factor/setup', { key: user.key, body: { password: 'not-the-password' } })).status).toBe(403);
    const setup = await system.api.post<Setup>('/account/two-factor/setup', { key: user.key, body: { password: 'dj-password' } });
    expect(setup.status, setup.text).toBe(200);
    const uri = new URL(setup.body.data.otpauth_uri);
    expect([uri.protocol, uri.searchParams.get('secret'), uri.searchParams.get('issuer')]).toEqual(['otpauth:', setup.body.data.secret, 'Airwave']);
    const app = authenticator(setup.body.data.secret);
    expect((await system.api.post('/account/two-factor/confirm', { key: user.key, body: { code: codeAt(app.secret, stepNow() - 5) } })).status).toBe(400);
    const confirmed = await system.api.post<{ recovery_codes: string[] }>('/account/two-factor/confirm', { key: user.key, body: { code: app.use(stepNow()) } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const codes = confirmed.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(await status()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await system.api.post('/account/two-factor/setup', { key: user.key, body: { password: 'dj-password' } })).status).toBe(409);

    // Login: the password, then the code. A wrong code is refused, a right one signs in.
    const ticket = await firstStep('dj');
    expect((await secondStep(ticket, codeAt(app.secret, stepNow() - 5))).status).toBe(401);
    const signedIn = await secondStep(ticket, await app.next());
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await system.api.get('/account/uid', { key: signedIn.body.data.key })).status).toBe(200);
    // The ticket is used up; the same code, in its window, does not sign in again.
    expect((await secondStep(ticket, app.used())).status).toBe(401);
    expect((await secondStep(await firstStep('dj'), app.used())).body.msg).toBe('Invalid code.');

    // Recovery codes: typed any way, each once.
    expect((await secondStep(await firstStep('dj'), codes[0]!.toUpperCase().replace(/-/g, ' '))).status).toBe(200);
    expect((await secondStep(await firstStep('dj'), codes[0]!)).status).toBe(401);
    expect((await status()).recovery_codes_left).toBe(9);

    // Turning it off needs a current code: not a wrong one, not one already used.
    expect((await system.api.post('/account/two-factor/disable', { key: user.key, body: { code: codeAt(app.secret, stepNow() - 5) } })).status).toBe(403);
    expect((await system.api.post('/account/two-factor/disable', { key: user.key, body: { code: app.used() } })).status).toBe(403);
    expect((await system.api.post('/account/two-factor/disable', { key: user.key, body: { code: await app.next() } })).status).toBe(200);
    expect(await status()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await system.api.login('dj', 'dj-password')).key).toHaveLength(43);
  }, limit(90_000));

  it('ends a ticket after five wrong codes', async () => {
    const user = await makeUser('fumbler');
    const { app } = await enrol('fumbler', user.key);
    const from = system.api.from('127.0.2.1');
    const ticket = await firstStep('fumbler', from);
    for (let i = 1; i <= 5; i += 1) expect((await secondStep(ticket, codeAt(app.secret, stepNow() - 5 - i), from)).status).toBe(401);
    const ended = await secondStep(ticket, await app.next(), from);
    expect(ended.status).toBe(401);
    expect(ended.body.msg).toMatch(/log in again/);
  }, limit(60_000));

  it('renews recovery codes with a code (the old ones stop working), and leaves app keys alone', async () => {
    const user = await makeUser('keeper', [2, keyGroup]);
    const appKey = await system.api.post<{ id: number; key: string }>('/account/key', { key: user.key, body: { name: 'bot', permissions: [['GET', '/account/uid'], ['GET', '/account/two-factor']] } });
    const { app, recoveryCodes } = await enrol('keeper', user.key);
    const renewed = await system.api.post<{ recovery_codes: string[] }>('/account/two-factor/recovery-codes', { key: user.key, body: { code: await app.next() } });
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.data.recovery_codes).toHaveLength(10);
    expect((await secondStep(await firstStep('keeper'), recoveryCodes[0]!)).status).toBe(401);
    expect((await secondStep(await firstStep('keeper'), renewed.body.data.recovery_codes[0]!)).status).toBe(200);
    // App keys are for programs: they keep working without a code, and may not touch two-factor settings.
    const headers = appKeyHeader(appKey.body.data.id, appKey.body.data.key);
    expect((await system.api.get('/account/uid', { headers })).status).toBe(200);
    expect((await system.api.get('/account/two-factor', { headers })).status).toBe(403);
  }, limit(60_000));

  it('lets an administrator require it for chosen permissions, withheld until it is on', async () => {
    // Requiring what the administrator holds, before their own second factor is on: refused.
    const refused = await system.api.put('/users/two-factor', { key: admin, body: { permissions: ['manage_users'] } });
    expect(refused.status).toBe(409);
    const chief = await makeUser('chief', [1]);
    await enrol('chief', chief.key);
    expect((await system.api.put('/users/two-factor', { key: chief.key, body: { permissions: ['manage_users', 'no_such_permission'] } })).status).toBe(400);
    const saved = await system.api.put<{ permissions: string[] }>('/users/two-factor', { key: chief.key, body: { permissions: ['manage_users'] } });
    expect(saved.status, saved.text).toBe(200);
    try {
      const managers = (await system.api.post<{ id: number }>('/users/groups', { key: chief.key, body: { name: 'Managers', permissions: ['manage_users'] } })).body.data.id;
      // The admin lost manage_users with the requirement (no second factor): the chief creates the manager.
      const created = await system.api.post<{ id: number }>('/users', { key: chief.key, body: { username: 'manager', password: 'manager-password', group_ids: [managers] } });
      expect(created.status, created.text).toBe(200);
      const manager = { id: created.body.data.id, key: (await system.api.login('manager', 'manager-password')).key };
      expect((await system.api.get('/users', { key: manager.key })).status).toBe(403);
      expect((await system.api.get('/users', { key: admin })).status).toBe(403);
      expect((await system.api.get<Status>('/account/two-factor', { key: manager.key })).body.data).toMatchObject({ required: true, required_permissions: ['manage_users'] });
      await enrol('manager', manager.key);
      // The same session holds the permission once the second factor is on.
      expect((await system.api.get('/users', { key: manager.key })).status).toBe(200);
      // An administrator turns a user's second factor off (a lost phone): the permission is withheld again.
      expect((await system.api.delete(`/users/two-factor/${manager.id}`, { key: chief.key })).status).toBe(200);
      expect((await system.api.get('/users', { key: manager.key })).status).toBe(403);
    } finally {
      expect((await system.api.put('/users/two-factor', { key: chief.key, body: { permissions: [] } })).status).toBe(200);
    }
    expect((await system.api.get('/users', { key: admin })).status).toBe(200);
  }, limit(60_000));

  it('past the per-account ceiling, still signs in with the second factor from a new address', async () => {
    const user = await makeUser('guarded');
    const { app } = await enrol('guarded', user.key);
    for (let a = 1; a <= 3; a += 1) {
      for (let i = 0; i < 5; i += 1) await system.api.from(`127.0.3.${a}`).post('/account/login', { body: { username: 'guarded', password: `guess-${i}` } });
    }
    const from = system.api.from('127.0.3.9');
    expect((await from.post('/account/login', { body: { username: 'guarded', password: 'wrong' } })).status).toBe(429);
    expect((await secondStep(await firstStep('guarded', from), await app.next(), from)).status).toBe(200);
  }, limit(60_000));

  it('logs in through the typed client, with the code given or asked for', async () => {
    const user = await makeUser('typed');
    const { app } = await enrol('typed', user.key);
    const client = createClient({ baseUrl: system.url });
    const refused = await client.login('typed', 'typed-password').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TwoFactorRequired);
    const session = await client.completeLogin((refused as TwoFactorRequired).ticket, await app.next());
    expect(session.key).toHaveLength(43);
    expect((await client.account.uid({})).username).toBe('typed');
    const again = createClient({ baseUrl: system.url });
    await again.login('typed', 'typed-password', () => app.next());
    expect(await again.twoFactor.status({})).toMatchObject({ enabled: true, recovery_codes_left: 10 });
  }, limit(90_000));
});
