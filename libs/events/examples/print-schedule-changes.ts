/* eslint-disable no-console -- an example prints what it receives */
// Prints Airwave's schedule changes as they happen (shows saved and deleted, exceptions).
//   With NATS_URL set: joins that NATS (BUS_PREFIX, `airwave` by default) like any internal service,
//   and runs until stopped.
//   Without: starts the embedded default in this process (PGlite in a temporary directory, the
//   in-process bus), subscribes to its bus, makes a weekly show with one week skipped through the
//   HTTP API, prints the three events and stops.
// Run: pnpm --filter @airwave/events example
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectNatsBus, type Bus } from '@airwave/bus';
import { startSystem } from '@airwave/server';
import { eventTypesMatching, subscribe } from '../src/index';

async function printChanges(bus: Bus, stopAfter?: number): Promise<void> {
  let printed = 0;
  return new Promise((resolve) => {
    void subscribe(bus, { durable: 'schedule-printer', subjects: eventTypesMatching('scheduling.show.>'), from: 'now' }, (event) => {
      console.log(`${event.occurredAt} ${event.type} by ${event.actor.username ?? 'nobody'}:`, JSON.stringify(event.payload));
      if (stopAfter !== undefined && ++printed >= stopAfter) resolve();
    });
  });
}

async function api(url: string, path: string, body: unknown, key?: string) {
  const reply = await fetch(`${url}/api/v2${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) }, body: JSON.stringify(body) });
  return ((await reply.json()) as { data: { id: number; key: string } }).data;
}

if (process.env.NATS_URL) {
  const bus = await connectNatsBus(process.env.NATS_URL, { prefix: process.env.BUS_PREFIX ?? 'airwave' });
  console.log('Listening for schedule changes; Ctrl-C to stop.');
  await printChanges(bus);
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'airwave-events-example-'));
  const system = await startSystem({ env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, AIRWAVE_ADMIN_PASSWORD: 'example-admin' } });
  const printed = printChanges(system.infrastructure[0]!.bus, 3);
  const { key } = await api(system.url, '/account/login', { username: 'admin', password: 'example-admin' });
  const player = await api(system.url, '/players', { name: 'Example FM', timezone: 'Europe/London' }, key);
  const show = await api(system.url, '/shows', { player_id: player.id, mode: 'weekly', start: '2027-03-07 08:00:00', duration: 3600, stop: '2027-04-30', item_type: 'live', item_id: 1 }, key);
  await api(system.url, `/shows/${show.id}/exceptions`, { original_start: '2027-03-28 08:00:00', skip: true }, key);
  await api(system.url, `/shows/${show.id}/exceptions`, { original_start: '2027-04-04 08:00:00', start: '2027-04-04 10:00:00' }, key);
  await printed;
  await system.close();
  rmSync(dataDir, { recursive: true, force: true });
}
