// Issue 42: NATS knows who is talking. In the production layout (AirwaveStack, each process in its
// container, NATS with the users deploy/compose/nats.conf is generated from), a connection with a
// process kind's credentials can do that kind's job only: no app key minted, no source passwords
// asked for, no event of another service published; the integrator reads events and sends
// nothing; no password, no connection; and even the gateway's NATS password does not make a
// principal without the gateway's key (docs/decisions/bus-security.md).
import { connectNatsBus, type Bus } from '@airwave/bus';
import { accountMore, BUS_USERS, playoutInternal, type BusUser, type Principal } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../vitest.shared';
import { apiModes, startBlackBoxSystem, type BlackBoxSystem } from '../src/black-box';
import { ADMIN_PASSWORD } from '../src/harness';

const forgedAdmin: Principal = { userId: 1, username: 'admin', groupIds: [1], permissions: ['manage_appkeys'], via: 'session' };
const QUICK = { timeoutMs: 1000 };

describe.skipIf(!apiModes.includes('stack'))('NATS users of the production layout (stack)', () => {
  let system: BlackBoxSystem;
  let admin: string;
  const buses = new Map<BusUser, Bus>();

  beforeAll(async () => {
    system = await startBlackBoxSystem('stack');
    admin = (await system.api.login('admin', ADMIN_PASSWORD)).key;
    for (const user of BUS_USERS) {
      const nats = system.stack!.getNats(user);
      buses.set(user, await connectNatsBus(nats.url, { prefix: nats.prefix, name: `outsider-${user}`, user: nats.user, password: nats.password }));
    }
  }, limit(240_000));
  afterAll(async () => {
    await Promise.allSettled([...buses.values()].map((bus) => bus.drain()));
    await system?.stop();
  });

  const keyNames = async () => (await system.api.get<{ name: string }[]>('/account/key', { key: admin })).body.data.map((k) => k.name);

  it('lets nobody connect without a user\'s password', async () => {
    const { url, prefix, user } = system.stack!.getNats('gateway');
    await expect(connectNatsBus(url, { prefix })).rejects.toThrow(/Authorization/i);
    await expect(connectNatsBus(url, { prefix, user, password: 'guessed-password-123456' })).rejects.toThrow(/Authorization/i);
  });

  it('refuses an app key to every user, the gateway\'s included (its NATS password is no gateway key): nothing made', async () => {
    for (const user of BUS_USERS) {
      const asking = callOperation(buses.get(user)!, accountMore.keyCreate, { name: `forged-${user}`, permissions: [] }, { principal: forgedAdmin, ...QUICK });
      await expect(asking, user).rejects.toBeDefined();
    }
    const names = await keyNames();
    for (const user of BUS_USERS) expect(names).not.toContain(`forged-${user}`);
  });

  it('answers the players the playout airs (source passwords sealed for it) to the playout only', async () => {
    await expect(callOperation(buses.get('playout')!, playoutInternal.players, {}, QUICK)).resolves.toBeInstanceOf(Array);
    for (const user of ['account', 'media', 'modules', 'integrator'] as const) {
      await expect(callOperation(buses.get(user)!, playoutInternal.players, {}, QUICK), user).rejects.toBeDefined();
    }
  });

  it('gives the integrator the events, without secrets, and nothing to send', async () => {
    const created: unknown[] = [];
    const integrator = buses.get('integrator')!;
    const subscription = await integrator.subscribe('account.app_key.created', ({ data }) => {
      created.push(data);
    });
    try {
      const made = await system.api.post<{ key: string }>('/account/key', { key: admin, body: { name: 'for the integrator' } });
      expect(made.status).toBe(200);
      await expect.poll(() => created.length, { timeout: limit(10_000) }).toBe(1);
      expect(JSON.stringify(created[0])).toContain('for the integrator');
      expect(JSON.stringify(created[0])).not.toContain(made.body.data.key);
      // a forged event of the integrator's is not stored: the next one the stream has is the gateway's
      await integrator.publish('account.app_key.created', { forged: true }).catch(() => undefined);
      await buses.get('media')!.publish('account.app_key.created', { forged: true }).catch(() => undefined);
      await system.api.post('/account/key', { key: admin, body: { name: 'second' } });
      await expect.poll(() => created.length, { timeout: limit(10_000) }).toBe(2);
      expect(JSON.stringify(created)).not.toContain('forged');
    } finally {
      await subscription.unsubscribe();
    }
  });
});
