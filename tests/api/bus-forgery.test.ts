// Issue 42: a request on the bus that writes its own principal is not believed. A client on the bus
// with no gateway key (in the distributed mode a plain NATS connection on the station's prefix)
// asks the account service for an admin app key as user 1 with every permission: refused before
// the handler runs, nothing made, while the same operation through the gateway works
// (docs/decisions/bus-security.md).
import { connectNatsBus, type Bus } from '@airwave/bus';
import { accountMore, type Principal } from '@airwave/contracts';
import { callOperation, PRINCIPAL_HEADER } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, modes, startTestSystem, type TestSystem } from '../src/harness';

const forgedAdmin: Principal = { userId: 1, username: 'admin', groupIds: [1], permissions: ['manage_appkeys', 'manage_users', 'manage_permissions'], via: 'session' };

describe.each(modes)('a principal written by the sender (%s)', (mode) => {
  let system: TestSystem;
  let admin: string;
  /** The bus as something other than the gateway reaches it: a NATS connection of its own, or the in-process bus itself. */
  let outsider: Bus;

  beforeAll(async () => {
    system = await startTestSystem(mode);
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    outsider = mode === 'distributed' ? await connectNatsBus(system.env.NATS_URL!, { prefix: system.env.BUS_PREFIX!, name: 'outsider' }) : system.infrastructure[0]!.bus;
  });
  afterAll(async () => {
    if (mode === 'distributed') await outsider?.drain();
    await system?.stop();
  });

  const keyNames = async () => (await system.api.get<{ name: string }[]>('/account/key', { key: admin })).body.data.map((k) => k.name);

  it('is refused without the gateway\'s seal, and nothing is made', async () => {
    const asking = callOperation(outsider, accountMore.keyCreate, { name: 'forged', permissions: [] }, { principal: forgedAdmin });
    await expect(asking).rejects.toMatchObject({ code: 'unauthenticated', message: expect.stringContaining('not sealed by the gateway') });
    // A seal-looking header of the sender's own making is no better.
    const fake = callOperation(outsider, accountMore.keyCreate, { name: 'forged', permissions: [] }, { principal: forgedAdmin, headers: { [PRINCIPAL_HEADER]: 'eyJhbGciOiJub25lIn0.eyJwcmluY2lwYWwiOnt9fQ.' } });
    await expect(fake).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(await keyNames()).not.toContain('forged');
  });

  it('while the same operation through the gateway works for the real admin', async () => {
    const made = await system.api.post<{ key: string }>('/account/key', { key: admin, body: { name: 'real' } });
    expect(made.status).toBe(200);
    expect(await keyNames()).toContain('real');
  });
});
