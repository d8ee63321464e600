import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';

export type Restriction = z.output<(typeof operationGroups)['scheduling']['daypartingGet']['output']>;

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "24 December 18:00". */
export const when = (month: number, day: number, time: string) => `${day} ${MONTHS[month - 1]} ${time.slice(0, 5)}`;

/** Whether a restriction runs over the new year (ends earlier in the year than it starts). */
export function wrapsYear(r: Pick<Restriction, 'start_month' | 'start_day' | 'start_time' | 'end_month' | 'end_day' | 'end_time'>): boolean {
  const start = `${String(r.start_month).padStart(2, '0')}-${String(r.start_day).padStart(2, '0')} ${r.start_time}`;
  const end = `${String(r.end_month).padStart(2, '0')}-${String(r.end_day).padStart(2, '0')} ${r.end_time}`;
  return end < start;
}
