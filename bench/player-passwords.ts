/* eslint-disable no-console -- a benchmark reports on stdout */
// What a player's password check costs on every request of OB Player's sync (several a minute per
// player): the full scrypt check (the first request, a wrong password, a player without one) and
// the remembered one (the same password against the same stored hash). Run:
// pnpm --filter @airwave/bench players
import { performance } from 'node:perf_hooks';
import { hashPassword } from '@airwave/service-kit';
import { PlayerPasswordChecker } from '@airwave/scheduling/player-passwords';

async function time(label: string, runs: number, work: (i: number) => Promise<boolean>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work(i);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(3);
  console.log(`| ${label} | ${runs} | ${at(0.5)} ms | ${at(0.95)} ms |`);
}

const hash = await hashPassword('player-password');
const checker = new PlayerPasswordChecker();
console.log('| Check | Runs | p50 | p95 |');
console.log('|---|---|---|---|');
await time('right password, first time (scrypt)', 20, (i) => new PlayerPasswordChecker().matches(i, 'player-password', hash));
await time('wrong password (scrypt, every time)', 20, (i) => checker.matches(i, 'wrong-password', hash));
await checker.matches(1, 'player-password', hash);
await time('right password again (remembered: HMAC-SHA-256)', 2000, () => checker.matches(1, 'player-password', hash));
