/* eslint-disable no-console -- a benchmark reports on stdout */
// What the gateway's seal on a caller's principal costs (issue 42, docs/decisions/bus-security.md):
// a new seal (an Ed25519 signature, jose), a service opening a seal it has not seen (a
// verification), and the usual request, whose seal the gateway reuses and the service remembers.
// Run: pnpm --filter @airwave/bench seals
import { performance } from 'node:perf_hooks';
import type { Principal } from '@airwave/contracts';
import { processSeals } from '@airwave/service-kit';

const principal: Principal = { userId: 7, username: 'presenter', groupIds: [2, 5], permissions: ['manage_media', 'manage_playlists', 'manage_timeslots:3'], via: 'session', sessionId: 'c2Vzc2lvbi1pZA' };
const { sealer, opener } = processSeals(undefined);

async function time(label: string, runs: number, work: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 200; i += 1) await work(runs + i); // warm up, on subjects the runs do not use
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) await work(i);
  console.log(`| ${label} | ${runs} | ${(((performance.now() - started) * 1000) / runs).toFixed(1)} µs |`);
}

const seals = new Map<number, string>();
console.log('| Step | Runs | Mean |');
console.log('|---|---|---|');
await time('a new seal (the first request of a user for an operation in a minute)', 5000, async (i) => seals.set(i, await sealer.seal(`media.op${i}`, principal)));
await time('opening a seal not seen before', 5000, (i) => opener.open(`media.op${i}`, seals.get(i)));
await time('the usual request: seal reused, opened from memory', 50_000, async (i) => opener.open(`media.op${i % 20}`, await sealer.seal(`media.op${i % 20}`, principal)));
