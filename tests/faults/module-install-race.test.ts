// Race: the same module installed at once through two gateway replicas (two gateway processes and
// two modules-service replicas on one bus prefix and one database). Exactly one install happens
// (the other request gets 409, nothing answers 500), and both replicas end up serving the module's
// routes; uninstalling takes them away from both. Several rounds, to give the race its chances.
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Cluster, outboxRows, reportSummary, skipReason, waitFor, type Gateway } from './cluster';
import { limit } from '../../vitest.shared';

const ROUNDS = 4;

describe.skipIf(skipReason)(`race: concurrent module install on two gateway replicas${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: Cluster | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });

  it('installs once, answers 409 to the loser (never 500), and both replicas serve the routes', async () => {
    cluster = await Cluster.create({ label: 'race' });
    await cluster.startServices();
    await cluster.startService('modules'); // a second modules replica: the two installs may land on different ones
    const gateways: Gateway[] = [await cluster.startGateway(), await cluster.startGateway()];
    const [a, b] = gateways as [Gateway, Gateway];
    const key = (await a.api.login('admin', ADMIN_PASSWORD)).key;
    const statuses: number[] = [];

    for (let round = 0; round < ROUNDS; round += 1) {
      const replies = await Promise.all([a.api.put('/modules/notes', { key }), b.api.put('/modules/notes', { key })]);
      statuses.push(...replies.map((r) => r.status));
      expect(replies.map((r) => r.status).sort(), JSON.stringify(replies.map((r) => r.body))).toEqual([200, 409]);
      expect(replies.find((r) => r.status === 409)!.body).toMatchObject({ status: false, data: { code: 'conflict' } });
      // One install row; the module's migrations ran once.
      const installed = await cluster.database.forSchema('modules').selectFrom('installed').selectAll().execute();
      expect(installed).toMatchObject([{ name: 'notes', state: 'installed' }]);
      const migrations = await cluster.database.forSchema('module_notes').selectFrom('kysely_migration').select('name').execute();
      expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
      // Both gateways serve the routes (the loser's replica follows the announcement).
      for (const gateway of gateways) {
        await waitFor(`${gateway.url} to serve /notes`, async () => (await gateway.api.get('/notes', { key })).status === 200, 10_000);
      }
      const written = await b.api.post<{ id: number }>('/notes', { key, body: { text: `round ${round}` } });
      expect(written.status).toBe(200);
      const listed = await a.api.get<{ id: number }[]>('/notes', { key });
      expect(listed.body.data.some((n) => n.id === written.body.data.id)).toBe(true);

      // Uninstall through one replica: both stop serving the routes.
      expect((await a.api.delete('/modules/notes', { key })).status).toBe(200);
      for (const gateway of gateways) {
        await waitFor(`${gateway.url} to stop serving /notes`, async () => (await gateway.api.get('/notes', { key })).status === 404, 10_000);
      }
    }

    // One installed event per round, no error anywhere.
    const events = (await outboxRows(cluster.database, ['modules'])).filter((r) => r.subject === 'modules.module.installed');
    expect(events).toHaveLength(ROUNDS);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(cluster.procs.every((p) => p.alive())).toBe(true);

    reportSummary({
      scenario: `Module install race x${ROUNDS}`,
      requests: statuses.length,
      byStatus: Object.fromEntries([...new Set(statuses)].map((s) => [String(s), statuses.filter((x) => x === s).length])),
      writesAcked: statuses.filter((s) => s === 200).length,
      writesChecked: events.length,
      lost: 0,
      notes: `two gateways, two modules replicas; each round exactly one 200 and one 409, one install event; both gateways served /notes after, and stopped after uninstall`,
    });
  }, limit(120_000));
});
