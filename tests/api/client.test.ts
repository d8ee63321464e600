// The typed client against the real server.
import { ApiError, createClient } from '@airwave/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestSystem, type TestSystem } from '../src/harness';

describe('typed client', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem('embedded');
  });
  afterAll(async () => {
    await system?.stop();
  });

  it('logs in, calls operations of every area and uses an app key', async () => {
    const client = createClient({ baseUrl: system.url });
    const session = await client.login('admin', ADMIN_PASSWORD);
    expect(session.key).toHaveLength(43);
    const uid = await client.account.uid({});
    expect(uid.username).toBe('admin');
    const created = await client.users.create({ username: 'client-made', password: 'client-password' });
    const listed = await client.usersMore.list({ q: 'client-made' });
    expect(listed.users.map((u) => u.id)).toEqual([created.id]);
    await client.accountMore.storePut({ name: 'layout', value: 'wide' });
    expect(await client.accountMore.storeGet({ name: 'layout' })).toBe('wide');

    const key = await client.accountMore.keyCreate({ name: 'client key', permissions: [['GET', '/account/uid']] });
    const keyed = createClient({ baseUrl: system.url, credentials: { appKeyId: key.id, appKey: key.key } });
    expect((await keyed.account.uid({})).id).toBe(uid.id);
    const refused = await keyed.account.settingsGet({}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('turns error envelopes into typed errors', async () => {
    const client = createClient({ baseUrl: system.url });
    const error = await client.account.uid({}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'unauthenticated' });
    const bad = await client.account.login({ username: 'admin', password: 'nope' }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 401, message: 'Invalid username or password.' });
  });
});
