// What the schedule's unit tests share: an independent oracle of a series' occurrences.
import { DateTime } from 'luxon';
import type { Recurrence } from './recurrence';

const DAY = 86_400_000;

// An independent oracle: walk every local calendar date of the window and decide from the date
// alone whether the rule fires on it, then place the start time on that date.
export function oracle(rule: Recurrence, from: number, to: number): number[] {
  const first = DateTime.fromMillis(rule.start, { zone: rule.zone });
  const n = rule.xData ?? 1;
  const result: number[] = [];
  let day = DateTime.fromMillis(Math.max(rule.start, from - rule.duration * 1000 - 2 * DAY), { zone: rule.zone }).startOf('day');
  const lastDay = DateTime.fromMillis(to, { zone: rule.zone }).endOf('day');
  while (day <= lastDay) {
    const days = Math.round(day.startOf('day').diff(first.startOf('day'), 'days').days);
    const months = (day.year - first.year) * 12 + (day.month - first.month);
    let fires = false;
    if (days >= 0) {
      if (rule.mode === 'daily' || rule.mode === 'xdays') fires = days % (rule.mode === 'daily' ? 1 : n) === 0;
      if (rule.mode === 'weekly' || rule.mode === 'xweeks') fires = days % (7 * (rule.mode === 'weekly' ? 1 : n)) === 0;
      if (rule.mode === 'monthly' || rule.mode === 'xmonths') fires = day.day === first.day && months % (rule.mode === 'monthly' ? 1 : n) === 0;
    }
    if (fires) {
      const start =
        days === 0
          ? rule.start
          : earliestLocal(day, first.hour, first.minute, rule.zone);
      if (start < to && start + rule.duration * 1000 > from && start <= (rule.stop ?? Infinity)) result.push(start);
    }
    day = day.plus({ days: 1 });
  }
  return result;
}

/** The earliest instant whose wall clock reads the given date and time; the gap rule otherwise. */
function earliestLocal(day: DateTime, hour: number, minute: number, zone: string): number {
  const guess = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone });
  // DST shifts are 30, 60 or 120 minutes: look that far back for an earlier instant with the same reading.
  for (const m of [120, 60, 30]) {
    const candidate = DateTime.fromMillis(guess.toMillis() - m * 60_000, { zone });
    if (candidate.day === day.day && candidate.hour === hour && candidate.minute === minute) return candidate.toMillis();
  }
  return guess.toMillis();
}

