import { displayLocale } from '../lib/locale';
import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';

export type Restriction = z.output<(typeof operationGroups)['scheduling']['daypartingGet']['output']>;

/** A month's name (1 to 12) in the console's locale: "December", "décembre". */
export const monthName = (month: number) => new Date(Date.UTC(2000, month - 1, 1)).toLocaleString(displayLocale(), { month: 'long', timeZone: 'UTC' });

/** The twelve months, for a Select. */
export const monthChoices = () => Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i + 1) }));

/** "24 December 18:00". */
export const when = (month: number, day: number, time: string) => `${day} ${monthName(month)} ${time.slice(0, 5)}`;

/** Whether a restriction runs over the new year (ends earlier in the year than it starts). */
export function wrapsYear(r: Pick<Restriction, 'start_month' | 'start_day' | 'start_time' | 'end_month' | 'end_day' | 'end_time'>): boolean {
  const start = `${String(r.start_month).padStart(2, '0')}-${String(r.start_day).padStart(2, '0')} ${r.start_time}`;
  const end = `${String(r.end_month).padStart(2, '0')}-${String(r.end_day).padStart(2, '0')} ${r.end_time}`;
  return end < start;
}
