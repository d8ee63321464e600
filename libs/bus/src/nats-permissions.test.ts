// Every process kind's NATS user, against a real nats-server running the authorization block compose
// and Kubernetes run (natsAuthorization): a request to every operation on the bus, from every user,
// is refused unless that user is the gateway or named among the operation's callers; no user can
// subscribe to another kind's request subjects (to read or answer its requests) or publish another
// kind's events; the integrator subscribes to events and sends nothing (issue 42, "from a container
// of each kind, every request subject that kind may not use is refused").
import { BUS_USERS, busOperations, inboxPrefixOf, natsUserOf, PROCESS_KINDS, type BusUser } from '@airwave/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../vitest.shared';
import { NATS_SERVER, startAuthorizedNats, type AuthorizedNats } from './nats-server-for-tests';

if (!NATS_SERVER && process.env.CI) throw new Error('the NATS permissions test needs nats-server (Debian package nats-server)');

const PREFIX = 'airwave';
const PASSWORD = 'nPermissionsTest0123456789';
const REFUSED = /Permissions Violation/i;

/** What a request from `connection` met: refused by NATS, or let through (no service answers here). */
async function requestOutcome(connection: NatsConnection, subject: string): Promise<'refused' | 'passed'> {
  try {
    await connection.request(subject, '{}', { timeout: 2000 });
    return 'passed';
  } catch (error) {
    if (REFUSED.test(String(error))) return 'refused';
    // "no responders": NATS let the request through and found no service (none runs in this test).
    if (/no responders|503/i.test(String(error))) return 'passed';
    throw error;
  }
}

/** Whether NATS refuses `connection` a subscription to `subject`. */
async function subscriptionRefused(connection: NatsConnection, subject: string): Promise<boolean> {
  let refused = false;
  const subscription = connection.subscribe(subject, { callback: (error) => void (refused ||= REFUSED.test(String(error))) });
  await connection.flush();
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (!subscription.isClosed()) subscription.unsubscribe();
  return refused;
}

/** Whether NATS refuses `connection` a publish to `subject` (sent as a request, which says so at once). */
async function publishRefused(connection: NatsConnection, subject: string): Promise<boolean> {
  return (await requestOutcome(connection, subject)) === 'refused';
}

describe.skipIf(!NATS_SERVER)('NATS permissions of each process kind (the generated authorization block)', () => {
  let nats: AuthorizedNats;
  const connections = new Map<BusUser, NatsConnection>();

  beforeAll(async () => {
    nats = await startAuthorizedNats(PREFIX, () => PASSWORD);
    for (const user of BUS_USERS) {
      const name = natsUserOf(PREFIX, user);
      connections.set(user, await connect({ servers: nats.url, user: name, pass: PASSWORD, inboxPrefix: inboxPrefixOf(name), reconnect: false }));
    }
  }, limit(30_000));
  afterAll(async () => {
    await Promise.allSettled([...connections.values()].map((connection) => connection.close()));
    await nats?.stop();
  });

  it("refuses every user a request to an operation it is not a caller of; the gateway sends them all", { timeout: limit(60_000) }, async () => {
    const operations = busOperations();
    expect(operations.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const user of BUS_USERS) {
      const outcomes = await Promise.all(operations.map((op) => requestOutcome(connections.get(user)!, `${PREFIX}.${op.subject}`)));
      operations.forEach((op, i) => {
        const allowed = user === 'gateway' || (user !== 'integrator' && (op.callers ?? []).includes(user));
        if (outcomes[i] !== (allowed ? 'passed' : 'refused')) wrong.push(`${user} → ${op.subject}: ${outcomes[i]}`);
      });
    }
    expect(wrong).toEqual([]);
    // What the probe of issue 42 did from the playout's and the modules' containers, by name.
    expect(await requestOutcome(connections.get('modules')!, `${PREFIX}.account.key.create`)).toBe('refused');
    expect(await requestOutcome(connections.get('media')!, `${PREFIX}.scheduling.internal.playout.players`)).toBe('refused');
  });

  it("refuses every user a subscription to another kind's request subjects, and the gateway and the integrator to any", { timeout: limit(60_000) }, async () => {
    const wrong: string[] = [];
    for (const user of BUS_USERS) {
      for (const kind of PROCESS_KINDS.filter((kind) => kind !== 'gateway')) {
        const own = user === kind;
        const refused = await subscriptionRefused(connections.get(user)!, `${PREFIX}.${kind}.>`);
        if (refused === own) wrong.push(`${user} subscribing to ${kind}: ${refused ? 'refused' : 'allowed'}`);
      }
      // Installed modules' operations: the modules service's alone.
      const moduleRefused = await subscriptionRefused(connections.get(user)!, `${PREFIX}.module.>`);
      if (moduleRefused === (user === 'modules')) wrong.push(`${user} subscribing to module.>: ${moduleRefused ? 'refused' : 'allowed'}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses every user another kind's events, and gives the integrator the events and nothing to send", { timeout: limit(60_000) }, async () => {
    const wrong: string[] = [];
    for (const user of BUS_USERS) {
      for (const kind of ['account', 'media', 'scheduling', 'modules']) {
        const refused = await publishRefused(connections.get(user)!, `${PREFIX}.events.${kind}.something.saved`);
        if (refused === (user === kind)) wrong.push(`${user} publishing ${kind}'s event: ${refused ? 'refused' : 'allowed'}`);
      }
    }
    expect(wrong).toEqual([]);
    const integrator = connections.get('integrator')!;
    expect(await subscriptionRefused(integrator, `${PREFIX}.events.>`)).toBe(false);
    expect(await publishRefused(integrator, `${PREFIX}.events.account.app_key.created`)).toBe(true);
  });
});
