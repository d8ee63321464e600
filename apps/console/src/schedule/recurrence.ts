// Plain-language summaries of an entry's recurrence and the lengths of days in a zone (a DST
// change makes a 23- or 25-hour day).
import { i18n } from '../i18n';
import '../lib/date-locale';
import { DateTime } from 'luxon';
import type { EntryDraft } from './schedule-types';

const unit = { daily: 'day', xdays: 'day', weekly: 'week', xweeks: 'week', monthly: 'month', xmonths: 'month' } as const;

/** The zone's city, as people say it: "Europe/London" → "London". */
export function zoneName(zone: string): string {
  return (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}

type Recurrence = Pick<EntryDraft, 'date' | 'time' | 'mode' | 'every' | 'stop' | 'stopExact' | 'durationMinutes'>;

/**
 * The last occurrence's start, at or before the stop (the exact one a split series stops at, one
 * second before the occurrence that begins the new series; else the end of the last day), or null
 * without a stop or an occurrence. As the server counts them (services/scheduling recurrence.ts):
 * each from the first, at its local time across a clock change, a month's only when it has the
 * first's day (the 31st airs in months with 31 days).
 */
export function lastOccurrence(draft: Recurrence, zone: string): DateTime | null {
  const start = DateTime.fromISO(`${draft.date}T${draft.time}`, { zone });
  if (draft.mode === 'once' || !draft.stop || !start.isValid) return null;
  const exact = draft.stopExact?.startsWith(draft.stop) ? DateTime.fromISO(draft.stopExact, { setZone: true }) : null;
  const stop = exact?.isValid ? exact : DateTime.fromISO(draft.stop, { zone }).endOf('day');
  if (!stop.isValid || stop < start) return null;
  const n = draft.mode.startsWith('x') ? Math.max(1, draft.every) : 1;
  const units = `${unit[draft.mode]}s` as const;
  // Days and weeks: straight to the step before the stop; months (some skipped) counted from the first.
  const from = units === 'months' ? 0 : Math.max(0, Math.floor(stop.diff(start, units).as(units) / n) - 1);
  let last: DateTime | null = null;
  for (let k = from; ; k++) {
    const next: DateTime = start.plus({ [units]: k * n });
    if (next > stop) return last;
    if (units !== 'months' || next.day === start.day) last = next;
  }
}

/** "every 2 weeks on Sunday at 08:00 London time until 10 Nov 2026": the last day named is the last it airs. */
export function summary(draft: Recurrence, zone: string, locale = 'en-GB'): string {
  const start = DateTime.fromISO(`${draft.date}T${draft.time}`, { zone }).setLocale(locale);
  if (!start.isValid) return '';
  const t = i18n.t;
  const at = t('at {{time}} {{zone}} time', { time: draft.time, zone: zoneName(zone) });
  const length = draft.durationMinutes % 60 ? t('{{count}} minutes', { count: draft.durationMinutes }) : t('{{count}} hours', { count: draft.durationMinutes / 60 });
  if (draft.mode === 'once') return t('once, on {{date}} {{at}}, for {{length}}', { date: start.toFormat('cccc d LLL yyyy'), at, length });
  const n = draft.mode.startsWith('x') ? draft.every : 1;
  const u = unit[draft.mode];
  const every = { day: t('every {{count}} days', { count: n }), week: t('every {{count}} weeks', { count: n }), month: t('every {{count}} months', { count: n }) }[u];
  const on = u === 'week' ? t('on {{weekday}}', { weekday: start.toFormat('cccc') }) : u === 'month' ? t('on day {{day}}', { day: start.day }) : '';
  const last = lastOccurrence(draft, zone) ?? (draft.stop ? DateTime.fromISO(draft.stop, { zone }) : null);
  const until = last ? t('until {{date}}', { date: last.setLocale(locale).toFormat('d LLL yyyy') }) : t('until changed');
  return t('{{every}} {{at}} {{until}}, for {{length}}, from {{start}}', { every: on ? `${every} ${on}` : every, at, until, length, start: start.toFormat('d LLL yyyy') });
}

/** Hours in the local day `date` ("2026-03-29") of `zone`: 23, 24 or 25. */
export function hoursInDay(date: string, zone: string): number {
  const start = DateTime.fromISO(date, { zone }).startOf('day');
  return Math.round(start.plus({ days: 1 }).diff(start, 'hours').hours);
}

/**
 * The last day a series "until changed" is sent with: the server requires a stop for a repeating
 * entry, at most ten years after its start (docs/decisions/scheduling.md, "Entries"), so a series
 * without a last day runs for as long as the server keeps one (issue 35, point 3).
 */
export function untilChangedStop(date: string): string {
  return DateTime.fromISO(date).plus({ years: 10 }).minus({ days: 1 }).toISODate() ?? '';
}

/** Whether a stored last day is the one "until changed" sends (shown as no last day). */
export function isUntilChanged(date: string, stopDate: string): boolean {
  return stopDate !== '' && stopDate >= untilChangedStop(date);
}
