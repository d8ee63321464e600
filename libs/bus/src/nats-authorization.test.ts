// The generated authorization, enforced by a real nats-server (the machine's, on a port of its own):
// each process kind's user may do its job and nothing else, the integrator reads events and sends
// nothing, and nobody without a password gets in.
import { BUS_USERS, natsUserOf, type BusUser } from '@airwave/contracts';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../vitest.shared';
import { NATS_SERVER, startAuthorizedNats, type AuthorizedNats } from './nats-server-for-tests';
import { connectNatsBus } from './nats';
import type { Bus } from './types';

if (!NATS_SERVER && process.env.CI) throw new Error('the NATS authorization test needs nats-server (Debian package nats-server)');

const PREFIX = 'airwave';
const passwordOf = (user: BusUser) => `${user}-password-0123456789`;
const QUICK = { timeoutMs: 800 };


/** The outcome of a request: its answer, or the error's code or message. */
const outcome = (bus: Bus, subject: string): Promise<{ answered?: unknown; refused?: string }> =>
  bus.request(subject, { input: {} }, QUICK).then(
    (answer) => ({ answered: answer }),
    (error: unknown) => ({ refused: (error as { code?: string }).code ?? String(error) }),
  );

describe.skipIf(!NATS_SERVER)('NATS users from the generated authorization', () => {
  let nats: AuthorizedNats;
  let url: string;
  const buses = new Map<BusUser, Bus>();
  const calls: string[] = [];

  beforeAll(async () => {
    nats = await startAuthorizedNats(PREFIX, passwordOf, { jetstream: true });
    url = nats.url;
    for (const user of BUS_USERS) {
      buses.set(user, await connectNatsBus(url, { prefix: PREFIX, name: `test-${user}`, user: natsUserOf(PREFIX, user), password: passwordOf(user), requestTimeoutMs: 2000 }));
    }
    // each service answers two of its subjects, noting who was asked
    const answer = (owner: BusUser, subject: string) =>
      buses.get(owner)!.handle(subject, () => {
        calls.push(subject);
        return { from: owner };
      });
    await answer('account', 'account.key.create');
    await answer('account', 'account.permissions.register');
    await answer('media', 'media.internal.summaries');
    await answer('scheduling', 'scheduling.internal.playout.players');
    await answer('scheduling', 'scheduling.internal.playlist-usage');
  }, limit(60_000));

  afterAll(async () => {
    await Promise.allSettled([...buses.values()].map((bus) => bus.drain()));
    await nats?.stop();
  });

  it('lets nobody in without the password of a user', async () => {
    await expect(connect({ servers: url, timeout: 2000 })).rejects.toThrow(/Authorization/i);
    await expect(connect({ servers: url, user: natsUserOf(PREFIX, 'gateway'), pass: 'not-its-password', timeout: 2000 })).rejects.toThrow(/Authorization/i);
    await expect(connect({ servers: url, user: 'gateway', pass: passwordOf('gateway'), timeout: 2000 })).rejects.toThrow(/Authorization/i);
  });

  it('lets the gateway send every operation, and a service only the internal ones that name it', async () => {
    expect(await outcome(buses.get('gateway')!, 'account.key.create')).toEqual({ answered: { from: 'account' } });
    expect(await outcome(buses.get('scheduling')!, 'media.internal.summaries')).toEqual({ answered: { from: 'media' } });
    expect(await outcome(buses.get('playout')!, 'scheduling.internal.playout.players')).toEqual({ answered: { from: 'scheduling' } });
    expect(await outcome(buses.get('media')!, 'scheduling.internal.playlist-usage')).toEqual({ answered: { from: 'scheduling' } });
    expect(await outcome(buses.get('modules')!, 'account.permissions.register')).toEqual({ answered: { from: 'account' } });
  });

  it('refuses every other request: no app key minted, no source passwords answered, no permissions registered', async () => {
    calls.length = 0;
    const refused: [BusUser, string][] = [
      ['playout', 'account.key.create'],
      ['modules', 'account.key.create'],
      ['media', 'account.key.create'],
      ['scheduling', 'account.key.create'],
      ['integrator', 'account.key.create'],
      ['media', 'scheduling.internal.playout.players'],
      ['modules', 'scheduling.internal.playout.players'],
      ['account', 'scheduling.internal.playout.players'],
      ['integrator', 'scheduling.internal.playout.players'],
      ['playout', 'account.permissions.register'],
      ['playout', 'media.internal.summaries'],
    ];
    for (const [user, subject] of refused) expect((await outcome(buses.get(user)!, subject)).refused, `${user} → ${subject}`).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('keeps a service from answering another service\'s subjects and from reading another user\'s replies', async () => {
    const stolen: string[] = [];
    await buses.get('playout')!.handle('media.internal.matches', () => {
      stolen.push('answered as media');
      return 'forged';
    });
    const spy = await connect({ servers: url, user: natsUserOf(PREFIX, 'playout'), pass: passwordOf('playout') });
    try {
      // the server refuses both subscriptions (the callback gets that error, never a message)
      const refusals: string[] = [];
      const watch = (what: string) => (error: Error | null) => {
        (error ? refusals : stolen).push(what);
      };
      spy.subscribe('_INBOX_airwave-gateway.>', { callback: watch("read the gateway's reply") });
      spy.subscribe('airwave.account.>', { callback: watch('read a request to account') });
      await spy.flush().catch(() => undefined);
      expect((await outcome(buses.get('gateway')!, 'media.internal.matches')).refused).toBeDefined();
      expect(await outcome(buses.get('gateway')!, 'account.key.create')).toEqual({ answered: { from: 'account' } });
      expect(stolen).toEqual([]);
      expect(refusals.sort()).toEqual(["read a request to account", "read the gateway's reply"]);
    } finally {
      await spy.close().catch(() => undefined);
    }
  });

  it('gives the integrator the events and nothing to send; a service publishes only its own events', async () => {
    const heard: string[] = [];
    const integrator = buses.get('integrator')!;
    const subscription = await integrator.subscribe('media.item.>', ({ subject }) => {
      heard.push(subject);
    });
    try {
      await buses.get('media')!.publish('media.item.saved', { id: 1 });
      await expect.poll(() => heard, { timeout: limit(5000) }).toEqual(['media.item.saved']);
      await integrator.publish('media.item.deleted', { id: 1 }).catch(() => undefined);
      await buses.get('scheduling')!.publish('media.item.archived', { id: 1 }).catch(() => undefined);
      await buses.get('media')!.publish('media.item.unarchived', { id: 1 });
      await expect.poll(() => heard, { timeout: limit(5000) }).toEqual(['media.item.saved', 'media.item.unarchived']);
    } finally {
      await subscription.unsubscribe();
    }
  });
});
