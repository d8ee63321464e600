// Fault: a service process is SIGKILLed in the middle of a stream of writes through the gateway.
// Checked in the database directly: nothing is half-applied (each row has its outbox event and its
// dependent rows, no event without its row), every acknowledged write is there, the clients of
// interrupted writes get an error (503), never a success; after a restart writes work again and the
// restarted service relays what the killed one left in its outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  call,
  Cluster,
  countByStatus,
  HANG_MS,
  isEnvelope,
  outboxRows,
  REQUEST_TIMEOUT_MS,
  reportSummary,
  runLoad,
  skipReason,
  sleep,
  waitFor,
  type Gateway,
  type Sample,
  type ServiceName,
} from './cluster';
import { limit } from '../../vitest.shared';


describe.skipIf(skipReason)(`fault: a service is killed mid-write${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: Cluster;
  let gateway: Gateway;
  let key: string;
  beforeAll(async () => {
    cluster = await Cluster.create({ label: 'kill' });
    gateway = await cluster.startAll();
    key = (await gateway.api.login('admin', ADMIN_PASSWORD)).key;
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  /** Writes from `clients` loops; SIGKILLs `service` once `minAcked` are acknowledged; restarts it. */
  async function killDuringWrites(service: ServiceName, clients: number, minAcked: number, write: (client: number, i: number) => Promise<Sample>) {
    let stopLoad = false;
    let inFlight = 0;
    const acked = new Set<number>();
    const load = runLoad(
      clients,
      async (client, i) => {
        inFlight += 1;
        const sample = await write(client, i).finally(() => {
          inFlight -= 1;
        });
        if (sample.status === 200) acked.add((sample.body!.data as { id: number }).id);
        return sample;
      },
      () => stopLoad,
      { pauseMs: 2 },
    );
    await waitFor(`${minAcked} acknowledged writes`, async () => acked.size >= minAcked, 30_000, 20);
    // Kill at a moment when every client has a write outstanding, so the kill is mid-write.
    await waitFor('every client to have a write in flight', async () => inFlight === clients, 10_000, 1);
    const victim = cluster.services.get(service)!.find((r) => r.proc.alive())!.proc;
    const killedAt = Date.now();
    expect(await cluster.kill(victim, 'SIGKILL')).toBe('SIGKILL');
    await sleep(REQUEST_TIMEOUT_MS + limit(1000)); // in-flight writes meet their deadline
    const restartAt = Date.now();
    await cluster.startService(service);
    const readyAt = Date.now();
    await sleep(limit(2500));
    stopLoad = true;
    const samples = await load;

    expect(samples.filter((s) => typeof s.status !== 'number'), 'hung or dropped').toEqual([]);
    expect(samples.every((s) => isEnvelope(s.body))).toBe(true);
    // Every failure is a 503 with Retry-After (no responder, or no reply before the deadline).
    const failures = samples.filter((s) => s.status !== 200);
    expect(failures.filter((s) => s.status !== 503 || !(Number(s.retryAfter) > 0)).map((s) => `${s.status} ${s.body?.msg}`)).toEqual([]);
    // Writes in flight when the process died got an error; some did (the kill was mid-write).
    const interrupted = samples.filter((s) => s.start < killedAt && s.end > killedAt + 200);
    expect(interrupted.length).toBeGreaterThan(0);
    expect(interrupted.filter((s) => s.status === 200)).toEqual([]);
    // While the service was dead (before its restart began), no write succeeded; some were tried.
    const whileDead = samples.filter((s) => s.start > killedAt && s.end < restartAt);
    expect(whileDead.length).toBeGreaterThan(5);
    expect(whileDead.filter((s) => s.status === 200)).toEqual([]);
    // After the restart, writes work again.
    const after = samples.filter((s) => s.start > readyAt + limit(300));
    expect(after.length).toBeGreaterThan(5);
    expect(after.every((s) => s.status === 200)).toBe(true);
    return { samples, acked, killedAt, restartAt, readyAt, interrupted };
  }

  it('scheduling: killed during player writes, no half-applied change, no lost write, works after restart', async () => {
    const run = await killDuringWrites('scheduling', 4, 40, (client, i) =>
      call(gateway.url, 'player.create', 'POST', '/players', { key, body: { name: `kill-${client}-${i}`, timezone: 'Europe/Berlin' }, hangMs: HANG_MS }),
    );
    const players = (await cluster.database.forSchema('scheduling').selectFrom('players').select(['id', 'name']).execute()) as { id: number; name: string }[];
    const present = new Set(players.map((p) => p.id));
    const lost = [...run.acked].filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    // Each player row has exactly one event, and no event names a missing player.
    await waitFor('the restarted service to relay its outbox', async () => (await outboxRows(cluster.database, ['scheduling'])).every((r) => r.published), 20_000);
    const events = (await outboxRows(cluster.database, ['scheduling'])).filter((r) => r.subject === 'scheduling.player.saved').map((r) => r.frame.payload.id as number);
    expect([...events].sort((a, b) => a - b)).toEqual([...present].sort((a, b) => a - b));
    // Players created by writes whose client got an error (committed, then the reply was lost).
    const unacknowledged = players.filter((p) => !run.acked.has(p.id)).length;
    expect(cluster.procs.filter((p) => p.alive()).length).toBe(5);

    reportSummary({
      scenario: 'SIGKILL scheduling mid-write',
      requests: run.samples.length,
      byStatus: countByStatus(run.samples),
      writesAcked: run.acked.size,
      writesChecked: present.size,
      lost: lost.length,
      notes: `${run.interrupted.length} writes in flight at the kill, all answered 503; ${unacknowledged} committed but unacknowledged; every player has exactly one event; back ${run.readyAt - run.restartAt} ms after restart`,
    });
  }, limit(90_000));

  it('account: killed during user creation, no user without its groups or event, works after restart', async () => {
    const run = await killDuringWrites('account', 3, 6, (client, i) =>
      call(gateway.url, 'user.create', 'POST', '/users', { key, body: { username: `kill${client}x${i}`, password: 'a-long-password', group_ids: [2] }, hangMs: HANG_MS }),
    );
    const account = cluster.database.forSchema('account');
    const users = (await account.selectFrom('users').select(['id', 'username']).where('username', 'like', 'kill%').execute()) as { id: number }[];
    const present = new Set(users.map((u) => u.id));
    const lost = [...run.acked].filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    const memberships = (await account.selectFrom('user_groups').select(['user_id', 'group_id']).where('user_id', 'in', [...present, 0]).execute()) as { user_id: number; group_id: number }[];
    expect(memberships.map((m) => m.user_id).sort((a, b) => a - b)).toEqual([...present].sort((a, b) => a - b));
    await waitFor('the restarted service to relay its outbox', async () => (await outboxRows(cluster.database, ['account'])).every((r) => r.published), 20_000);
    const events = (await outboxRows(cluster.database, ['account'])).filter((r) => r.subject === 'account.user.created').map((r) => r.frame.payload.id as number);
    expect([...events].sort((a, b) => a - b)).toEqual([...present].sort((a, b) => a - b));
    // The sessions in Redis outlive the account process: the same key still works.
    expect((await gateway.api.get('/account/uid', { key })).status).toBe(200);
    expect(cluster.procs.filter((p) => p.alive()).length).toBe(5);

    reportSummary({
      scenario: 'SIGKILL account mid-write',
      requests: run.samples.length,
      byStatus: countByStatus(run.samples),
      writesAcked: run.acked.size,
      writesChecked: present.size,
      lost: lost.length,
      notes: `${run.interrupted.length} user creations in flight at the kill, all answered 503; ${users.filter((u) => !run.acked.has(u.id)).length} committed but unacknowledged; every user has its group and exactly one event`,
    });
  }, limit(90_000));
});
