// What the schedule's unit tests share: an independent oracle of a series' occurrences.
import { DateTime } from 'luxon';
import type { Recurrence } from './recurrence';

const DAY = 86_400_000;

// An independent oracle: walk every local calendar date of the window and decide from the date
// alone whether the rule fires on it, then place the start time on that date.
// The local time of day and first date are the first start's, or `wallStart`'s (a local time in a
// gap that reads as the first start), as docs/decisions/scheduling.md says.
export function oracle(rule: Recurrence, from: number, to: number): number[] {
  const given = rule.wallStart !== null && rule.wallStart !== undefined ? DateTime.fromMillis(rule.wallStart, { zone: 'UTC' }) : null;
  const named = given && DateTime.fromObject({ year: given.year, month: given.month, day: given.day, hour: given.hour, minute: given.minute }, { zone: rule.zone }).toMillis() === rule.start;
  const first = named ? given! : DateTime.fromMillis(rule.start, { zone: rule.zone });
  const dateNumber = (d: DateTime) => Date.UTC(d.year, d.month - 1, d.day) / DAY;
  const n = rule.xData ?? 1;
  const result: number[] = [];
  let day = DateTime.fromMillis(Math.max(rule.start - DAY, from - rule.duration * 1000 - 2 * DAY), { zone: rule.zone }).startOf('day');
  const lastDay = DateTime.fromMillis(to, { zone: rule.zone }).endOf('day');
  while (day <= lastDay) {
    const days = dateNumber(day) - dateNumber(first);
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

