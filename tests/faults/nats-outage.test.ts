// Fault: NATS (a private nats-server) stops for 10 s under steady load through the gateway, then
// comes back. Requests during the outage get a 503 envelope with Retry-After at once (none hang),
// every service reconnects by itself, no acknowledged write is lost, and events committed to an
// outbox while NATS was down are delivered once it is back, exactly once.
import { recordEvent } from '@airwave/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
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
  streamEventIds,
  waitFor,
  type Gateway,
  type Sample,
} from './cluster';
import { limit } from '../../vitest.shared';

const OUTAGE_MS = 10_000;
const schemas = ['account', 'media', 'scheduling', 'modules'];

describe.skipIf(skipReason)(`fault: NATS stops for 10 s under load${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let cluster: Cluster | undefined;
  afterAll(async () => {
    await cluster?.stop();
  });

  it('answers 503 + Retry-After during the outage, recovers by itself, loses no acknowledged write and delivers the outbox', async () => {
    cluster = await Cluster.create({ label: 'nats', privateNats: true });
    const gateway: Gateway = await cluster.startAll();
    const { key } = await gateway.api.login('admin', ADMIN_PASSWORD);
    const nats = cluster.nats!;

    let stopLoad = false;
    const acked = new Set<number>();
    const load = runLoad(
      4,
      async (client, i) => {
        const sample =
          i % 2 === 0
            ? await call(gateway.url, 'player.create', 'POST', '/players', { key, body: { name: `outage-${client}-${i}`, timezone: 'UTC' }, hangMs: HANG_MS })
            : // A read that crosses the bus (GET /account/uid is answered from the session itself).
              await call(gateway.url, 'account.settings', 'GET', '/account/settings', { key, hangMs: HANG_MS });
        if (sample.op === 'player.create' && sample.status === 200) acked.add((sample.body!.data as { id: number }).id);
        return sample;
      },
      () => stopLoad,
      { pauseMs: 20 },
    );

    await sleep(2000);
    const stoppedAt = Date.now();
    await nats.stop();
    // While NATS is down, writes that were already committed (a service's transaction that ended
    // just as NATS went away) sit in the outbox: record some the way the scheduling service does.
    const scheduling = cluster.database.forSchema('scheduling');
    const duringOutage: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      duringOutage.push(
        await scheduling.transaction().execute(async (trx) => {
          const row = (await trx.insertInto('players').values({ name: `committed-in-outage-${i}`, description: '', timezone: 'UTC' }).returning(['id', 'name', 'description', 'timezone']).executeTakeFirstOrThrow()) as {
            id: number;
            name: string;
            description: string;
            timezone: string;
          };
          // The player as GET /players/{id} answers it (a new player's defaults), as the service's event carries it.
          await recordEvent(trx, 'scheduling.player.saved', newPlayerState(row), null);
          return row.id;
        }),
      );
    }
    await sleep(OUTAGE_MS - (Date.now() - stoppedAt));
    const restartedAt = Date.now();
    await nats.start();

    // Every service and the gateway reconnect by themselves (nothing is restarted).
    const reconnectMs = await cluster.waitAllReady(30_000);
    await waitFor('the gateway to serve again', async () => (await gateway.api.get('/account/settings', { key })).status === 200, 30_000);
    const recoveredAt = Date.now();
    for (const path of ['/players', '/modules', '/media/formats', '/account/settings', '/account/uid']) expect((await gateway.api.get(path, { key })).status, path).toBe(200);
    await sleep(limit(3000));
    stopLoad = true;
    const samples: Sample[] = await load;

    // Nothing hung, the gateway never dropped a connection, every answer is the envelope.
    expect(samples.filter((s) => s.status === 'hang' || s.status === 'network'), JSON.stringify(samples.filter((s) => typeof s.status !== 'number').slice(0, 3))).toEqual([]);
    expect(samples.every((s) => isEnvelope(s.body))).toBe(true);
    expect(Math.max(...samples.map((s) => s.end - s.start))).toBeLessThan(REQUEST_TIMEOUT_MS + limit(2000));
    // Only 200 or 503; every 503 carries Retry-After and status false.
    const failures = samples.filter((s) => s.status !== 200);
    expect(failures.every((s) => s.status === 503 && s.body!.status === false && Number(s.retryAfter) > 0), JSON.stringify(failures.find((s) => s.status !== 503))).toBe(true);
    // Requests made well inside the outage got 503, quickly (no waiting for a deadline).
    const inside = samples.filter((s) => s.start > stoppedAt + 1000 && s.end < restartedAt);
    expect(inside.length).toBeGreaterThan(20);
    expect(inside.every((s) => s.status === 503)).toBe(true);
    expect(Math.max(...inside.map((s) => s.end - s.start))).toBeLessThan(limit(1000));
    // Before the outage and after recovery, everything succeeded.
    expect(samples.filter((s) => s.end < stoppedAt - 100).every((s) => s.status === 200)).toBe(true);
    const after = samples.filter((s) => s.start > recoveredAt + limit(500));
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((s) => s.status === 200)).toBe(true);

    // No acknowledged write is lost; no player without its event (nothing half-applied).
    const rows = (await scheduling.selectFrom('players').select('id').execute()) as { id: number }[];
    const present = new Set(rows.map((r) => r.id));
    const lost = [...acked].filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    for (const id of duringOutage) expect(present.has(id)).toBe(true);

    // Every outbox row (including those committed during the outage) is published, and the stream
    // holds each event exactly once.
    await waitFor('every outbox to be relayed', async () => (await outboxRows(cluster!.database, schemas)).every((r) => r.published), 20_000);
    const outbox = await outboxRows(cluster.database, schemas);
    const playerEvents = outbox.filter((r) => r.subject === 'scheduling.player.saved').map((r) => r.frame.payload.id as number);
    expect([...playerEvents].sort((a, b) => a - b)).toEqual([...present].sort((a, b) => a - b));
    const stored = await streamEventIds(nats.url, cluster.env.BUS_PREFIX!, outbox.length, 15_000);
    expect(outbox.filter((r) => stored.get(r.id) !== 1).map((r) => [r.subject, stored.get(r.id) ?? 0])).toEqual([]);
    // The services' durable event consumers resumed too: deleting a user after the outage makes the
    // scheduling service forget that user's last player (it follows account.user.deleted).
    const user = await gateway.api.post<{ id: number }>('/users', { key, body: { username: 'after-outage', password: 'after-outage-pw' } });
    expect(user.status).toBe(200);
    const userKey = (await gateway.api.login('after-outage', 'after-outage-pw')).key;
    expect((await gateway.api.put('/timeslots/last-player', { key: userKey, body: { player: [...present][0] } })).status).toBe(200);
    const lastPlayerRows = async () => (await scheduling.selectFrom('last_player').select('user_id').where('user_id', '=', user.body.data.id).execute()).length;
    expect(await lastPlayerRows()).toBe(1);
    expect((await gateway.api.delete(`/users/${user.body.data.id}`, { key })).status).toBe(200);
    await waitFor('scheduling to follow account.user.deleted', async () => (await lastPlayerRows()) === 0, 15_000);
    // Services never crashed.
    expect(cluster.procs.every((p) => p.alive())).toBe(true);

    reportSummary({
      scenario: 'NATS stopped 10 s',
      requests: samples.length,
      byStatus: countByStatus(samples),
      writesAcked: acked.size,
      writesChecked: present.size,
      lost: lost.length,
      notes: `${inside.length} requests inside the outage all 503 (max ${Math.max(...inside.map((s) => s.end - s.start))} ms); reconnected ${reconnectMs} ms after restart; ${outbox.length} outbox events (${duringOutage.length} committed during the outage) each stored once`,
    });
  }, limit(120_000));
});

/** A player just made with a name and a zone, as GET /players/{id} answers it to a manager. */
function newPlayerState(row: { id: number; name: string; description: string; timezone: string }) {
  const never = { last_connect: null, last_connect_schedule: null, last_connect_emergency: null, last_connect_playlog: null, last_connect_media: null };
  return {
    ...row,
    stream_url: '',
    playout: 'external',
    has_icecast_source: false,
    can_sync: false,
    ip_address: null,
    support_audio: true,
    support_video: true,
    support_images: true,
    support_linein: true,
    station_ids: [],
    station_id_image_duration: 15,
    loudness_target: -18,
    default_playlist_id: null,
    parent_player_id: null,
    use_parent_schedule: false,
    use_parent_dynamic: false,
    use_parent_ids: false,
    use_parent_playlist: false,
    use_parent_alert: false,
    version: '',
    ...never,
    last_ip_address: null,
    longitude: null,
    latitude: null,
  };
}
