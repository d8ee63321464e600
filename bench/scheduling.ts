/* eslint-disable no-console -- a benchmark reports on stdout */
// Benchmarks of the recurrence engine: expanding a year of a busy player's schedule, and the
// pairwise collision check a save does. Run: pnpm bench:scheduling
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { expand, type Mode, type Recurrence } from '@airwave/scheduling/recurrence';
import { firstOverlap } from '@airwave/scheduling/entries';

const zone = 'Europe/London';
const yearStart = DateTime.fromISO('2026-01-01T00:00', { zone }).toMillis();
const yearEnd = DateTime.fromISO('2027-01-01T00:00', { zone }).toMillis();
const modes: Mode[] = ['daily', 'weekly', 'xdays', 'monthly', 'xweeks'];

// 50 entries: each hour-long slot at its own time of day, so none collide.
const entries: Recurrence[] = Array.from({ length: 50 }, (_, i) => ({
  mode: modes[i % modes.length]!,
  xData: i % modes.length === 2 || i % modes.length === 4 ? 2 : null,
  start: DateTime.fromISO('2026-01-01T00:00', { zone }).plus({ minutes: i * 28 }).toMillis(),
  duration: 25 * 60,
  stop: yearEnd,
  zone,
}));

function time(label: string, runs: number, work: () => number) {
  work();
  const started = performance.now();
  let count = 0;
  for (let i = 0; i < runs; i += 1) count = work();
  const ms = (performance.now() - started) / runs;
  console.log(`| ${label} | ${ms.toFixed(2)} ms | ${count} |`);
}

console.log('| Benchmark | Mean per run | Result |');
console.log('|---|---|---|');
time('expand a year of 50 entries', 20, () => entries.reduce((n, e) => n + expand(e, yearStart, yearEnd).length, 0));
time('collision check of a new daily entry against 50', 20, () => {
  const candidate: Recurrence = { mode: 'daily', start: DateTime.fromISO('2026-01-01T23:40', { zone }).toMillis(), duration: 600, stop: yearEnd, zone };
  return entries.filter((e) => firstOverlap(candidate, e)).length;
});
time('expand one week of 50 entries (a GET /shows window)', 200, () =>
  entries.reduce((n, e) => n + expand(e, yearStart + 180 * 86_400_000, yearStart + 187 * 86_400_000).length, 0),
);
