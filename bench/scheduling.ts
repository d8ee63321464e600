/* eslint-disable no-console -- a benchmark reports on stdout */
// Benchmarks of the recurrence engine: expanding a year of a busy player's schedule, with and
// without 200 exceptions, the pairwise collision check a save does, and the year as an iCalendar
// feed. Run: pnpm bench:scheduling
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import { expand, type Mode, type Recurrence } from '@airwave/scheduling/recurrence';
import { firstOverlap } from '@airwave/scheduling/entries';
import { effectiveOccurrences, type SeriesException } from '@airwave/scheduling/exceptions';
import { calendarFeed } from '@airwave/scheduling/calendar';

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

// 200 exceptions, four per entry, spread over the year: a skip, a move two minutes earlier (into
// the gap before it), another item (times unchanged) and a skip again.
const exceptionsOf = new Map<number, SeriesException[]>(
  entries.map((entry, i) => {
    const year = expand(entry, yearStart, yearEnd);
    const picks = [0.1, 0.35, 0.6, 0.85].map((f) => year[Math.floor(f * (year.length - 1))]!);
    const list = picks.map((o, k): SeriesException => ({
      id: i * 4 + k + 1,
      originalStart: o.start,
      skip: k === 0 || k === 3,
      start: k === 1 ? o.start - 120_000 : null,
      duration: k === 1 ? entry.duration : null,
    }));
    return [i, list.filter((e, k) => list.findIndex((other) => other.originalStart === e.originalStart) === k)];
  }),
);
const exceptionCount = [...exceptionsOf.values()].reduce((n, list) => n + list.length, 0);
time(`expand a year of 50 entries with ${exceptionCount} exceptions`, 20, () => entries.reduce((n, e, i) => n + effectiveOccurrences(e, exceptionsOf.get(i)!, yearStart, yearEnd).length, 0));
time(`expand one week of 50 entries with ${exceptionCount} exceptions (a GET /shows window)`, 200, () =>
  entries.reduce((n, e, i) => n + effectiveOccurrences(e, exceptionsOf.get(i)!, yearStart + 180 * 86_400_000, yearStart + 187 * 86_400_000).length, 0),
);
const rows = entries.map((e, i) => ({
  row: { id: i + 1, player_id: 1, user_id: 1, mode: e.mode, x_data: e.xData ?? null, start: new Date(e.start), duration: e.duration, stop: new Date(e.stop!) },
  zone,
  exceptions: exceptionsOf.get(i)!.map((x) => ({ id: x.id, series_id: i + 1, user_id: 1, original_start: new Date(x.originalStart), skip: x.skip, start: x.start === null ? null : new Date(x.start), duration: x.duration, created: new Date() })),
  uid: `show-${i + 1}@airwave`,
  summary: `Show ${i + 1}`,
}));
time(`the year as an iCalendar feed (50 series, ${exceptionCount} exceptions; result: bytes)`, 20, () => calendarFeed('Busy player', rows).length);
