/* eslint-disable no-console -- a benchmark reports on stdout */
// Listeners and royalties (issue 46): (1) the CPU of a month's per-play figures for a network of 100
// mounts (services/scheduling/src/listeners/play-figures.ts, the code GET /players/{id}/plays and
// the SoundExchange report run): each mount a month of plays back to back (3–5 minutes) and of
// listener sessions (a listener every `gap` seconds, each 2 to 120 minutes); (2) the events a second
// the scheduling service folds and writes (session-batch.ts, store.ts) on the embedded database, in
// the gateway's batches of 2,000, each new session's country read from its address (country.ts);
// (3) that country look-up alone, and the first one's reading of the table.
// Run: pnpm --filter @airwave/bench listeners [figures|events|countries] (all three without one)
import { randomBytes } from 'node:crypto';
import { migrateSchema, openDatabase } from '@airwave/db';
import { addressHash } from '../services/scheduling/src/listeners/address';
import { countryOf } from '../services/scheduling/src/listeners/country';
import { playFigures } from '../services/scheduling/src/listeners/play-figures';
import { foldEvents } from '../services/scheduling/src/listeners/session-batch';
import { writeBatch } from '../services/scheduling/src/listeners/store';
import { schedulingMigrations, SCHEDULING_SCHEMA, type SchedulingDB } from '../services/scheduling/src/schema';

const DAY = 86_400_000;
const MONTH = 30 * DAY;
const T0 = Date.UTC(2027, 0, 1);

/** A deterministic generator, so every run counts the same month. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0) / 2 ** 32;
}

function mount(seed: number, gapSeconds: number) {
  const r = random(seed);
  const plays: { start: number; end: number }[] = [];
  for (let t = T0; t < T0 + MONTH; ) {
    const length = (180 + r() * 120) * 1000;
    plays.push({ start: t, end: t + length });
    t += length;
  }
  const sessions: { start: number; end: number | null }[] = [];
  for (let t = T0; t < T0 + MONTH; t += gapSeconds * 1000 * (0.5 + r())) sessions.push({ start: t, end: t + (2 + r() * 118) * 60_000 });
  return { plays, sessions };
}

function monthReport(mounts: number, gapSeconds: number) {
  const data = Array.from({ length: mounts }, (_, i) => mount(i + 1, gapSeconds));
  const began = process.cpuUsage();
  let performances = 0;
  for (const { plays, sessions } of data) for (const f of playFigures(sessions, plays, T0 + MONTH)) performances += f.atp;
  const used = process.cpuUsage(began);
  const plays = data.reduce((n, d) => n + d.plays.length, 0);
  const sessions = data.reduce((n, d) => n + d.sessions.length, 0);
  console.log(`| ${mounts} mounts, a listener every ${gapSeconds} s | ${plays.toLocaleString('en')} plays, ${sessions.toLocaleString('en')} sessions | ${((used.user + used.system) / 1e6).toFixed(2)} s | ${performances.toLocaleString('en')} |`);
}

/** A listener's address as the world has them: any IPv4 address (a few private), or IPv6 in 2000::/3, deterministic. */
function someAddress(r: () => number, v6: boolean): string {
  const hex = () => Math.floor(r() * 65536).toString(16);
  if (v6) return `${(0x2000 + Math.floor(r() * 0x2000)).toString(16)}:${hex()}:${hex()}:${hex()}::${hex()}`;
  return [0, 0, 0, 0].map(() => Math.floor(r() * 256)).join('.');
}

function countryLookups(total: number) {
  const r = random(46);
  const addresses = Array.from({ length: total }, (_, i) => someAddress(r, i % 4 === 3));
  const loading = performance.now();
  countryOf('8.8.8.8');
  const loaded = performance.now() - loading;
  const began = performance.now();
  let known = 0;
  for (const address of addresses) if (countryOf(address) !== null) known++;
  const each = ((performance.now() - began) * 1e6) / total;
  console.log(`| ${total.toLocaleString('en')} addresses (a quarter IPv6) | ${each.toFixed(0)} ns | ${loaded.toFixed(0)} ms | ${Math.round((100 * known) / total)} % |`);
}

async function eventsPerSecond(total: number) {
  const database = await openDatabase({ memory: true });
  await migrateSchema(database, SCHEDULING_SCHEMA, schedulingMigrations);
  const db = database.forSchema(SCHEDULING_SCHEMA) as SchedulingDB;
  const { id } = await db.insertInto('players').values({ name: 'Busy FM', timezone: 'UTC' } as never).returning('id').executeTakeFirstOrThrow();
  const salt = randomBytes(32);
  // connects and disconnects of 20,000 listeners, each listening for a while: half the events open, half close
  const r = random(7);
  const addresses = Array.from({ length: 20_000 }, (_, i) => someAddress(r, i % 4 === 3));
  const events = Array.from({ length: total }, (_, i) => {
    const client = String(i % 20_000);
    const kind = Math.floor(i / 20_000) % 2 === 0 ? ('add' as const) : ('remove' as const);
    return { kind, mount: '/live', client, ip: addresses[i % 20_000]!, agent: 'Lavf/59', at: T0 + i * 10, seconds: null };
  });
  const wall = performance.now();
  const cpu = process.cpuUsage();
  for (let at = 0; at < events.length; at += 2000) {
    const batch = foldEvents(events.slice(at, at + 2000), (ip) => addressHash(ip, salt), countryOf);
    await db.transaction().execute((trx) => writeBatch(trx, id, batch));
  }
  const seconds = (performance.now() - wall) / 1000;
  const used = process.cpuUsage(cpu);
  const { n } = await db.selectFrom('listener_sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  console.log(`| ${total.toLocaleString('en')} events in batches of 2,000 | ${Math.round(total / seconds).toLocaleString('en')} events/s | ${((used.user + used.system) / 1e6).toFixed(2)} s CPU | ${Number(n).toLocaleString('en')} sessions kept |`);
  await database.close();
}

const only = process.argv[2];
if (!only || only === 'figures') {
  console.log('| network | a month | CPU for every play’s figures | performances |\n|---|---|---|---|');
  monthReport(100, 60);
  monthReport(100, 10);
}
if (!only || only === 'countries') {
  console.log('\n| country look-ups | each | reading the table (the first) | with a country |\n|---|---|---|---|');
  countryLookups(1_000_000);
}
if (!only || only === 'events') {
  console.log('\n| listener events | taken | CPU | stored |\n|---|---|---|---|');
  await eventsPerSecond(200_000);
}
