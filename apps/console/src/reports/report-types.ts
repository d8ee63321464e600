// The reports page's figures (issue 46, docs/decisions/listeners.md): a period of days in the
// player's zone and the window of instants it means, the listening summary and each play with who
// heard it as the API answers them, SoundExchange's transmission categories, and how the page
// writes hours, lengths and countries.
import { msg } from '../i18n';
import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';
import '../lib/date-locale';
import { DateTime } from 'luxon';
import { displayLocale } from '../lib/locale';

type S = (typeof operationGroups)['scheduling'];
export type Play = z.output<S['playerPlays']['output']>[number];
export type Summary = z.output<S['listeningSummary']['output']>;
export type HourRow = Summary['by_hour'][number];
/** A country's listening (`country`: ISO 3166 alpha-2, null where unknown), when the server answers it. */
export interface CountryRow {
  country: string | null;
  sessions: number;
  unique_listeners: number;
  tuning_hours: number;
}

/** The most days a report spans (the API refuses a longer window). */
export const MAX_DAYS = 31;

/** What the page asks: days from `from` through `until` (dates in the player's zone). */
export interface Period {
  from: string;
  until: string;
}

/** The last 7 days in the player's zone, today the last of them. */
export function lastWeek(zone: string): Period {
  const today = DateTime.now().setZone(zone).startOf('day');
  return { from: today.minus({ days: 6 }).toISODate()!, until: today.toISODate()! };
}

/** The instants of a period: from the first day's midnight to the midnight after the last, in the zone. */
export function windowOf(period: Period, zone: string): { start: string; end: string } {
  const start = DateTime.fromISO(period.from, { zone }).startOf('day');
  const end = DateTime.fromISO(period.until, { zone }).startOf('day').plus({ days: 1 });
  return { start: start.toUTC().toISO()!, end: end.toUTC().toISO()! };
}

/** How many days a period spans (the first and the last counted). */
export const daysOf = (period: Period) => Math.round(DateTime.fromISO(period.until).diff(DateTime.fromISO(period.from), 'days').days) + 1;

/** The countries of a summary, when the server answers them (listeners by country). */
export function countriesOf(summary: Summary): CountryRow[] | null {
  const rows = (summary as Summary & { by_country?: unknown }).by_country;
  return Array.isArray(rows) ? (rows as CountryRow[]) : null;
}

/** SoundExchange's transmission categories (37 CFR 370.4(d)(2)(ii)); D to G are reserved. */
export const categories: { value: string; label: string }[] = [
  { value: 'A', label: msg('A: non-subscription, other than broadcast simulcasts and non-music programming') },
  { value: 'B', label: msg('B: non-subscription broadcast simulcast, not news, talk, sports or business') },
  { value: 'C', label: msg('C: non-subscription non-music programming (news, talk, sports or business)') },
  { value: 'D', label: msg('D: reserved') },
  { value: 'E', label: msg('E: reserved') },
  { value: 'F', label: msg('F: reserved') },
  { value: 'G', label: msg('G: reserved') },
  { value: 'H', label: msg('H: new subscription service, other than broadcast simulcasts and non-music programming') },
  { value: 'I', label: msg('I: new subscription service, broadcast simulcast, not news, talk, sports or business') },
  { value: 'J', label: msg('J: new subscription service, non-music programming (news, talk, sports or business)') },
  { value: 'K', label: msg('K: business establishment service (ephemeral recordings)') },
];

/** A count in the page's language ("1,234"). */
export const countText = (n: number) => n.toLocaleString(displayLocale());

/** Hours to two decimals in the page's language ("12.35"). */
export const hoursText = (hours: number) => hours.toLocaleString(displayLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A country's name in the page's language, or null for an unknown country. */
export function countryName(code: string | null): string | null {
  if (code === null) return null;
  try {
    return new Intl.DisplayNames([displayLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** When a play began, in the player's zone, with its date. */
export const playStart = (play: Play, zone: string) => DateTime.fromISO(play.start, { zone }).toFormat('d LLL yyyy HH:mm:ss');

/** An hour's start as the chart writes it: "Mon 20 Nov, 08:00". */
export const hourWords = (hour: string) => DateTime.fromISO(hour, { setZone: true }).toFormat('ccc d LLL, HH:mm');

/** A name in a file name: "Studio NY" → "studio-ny". */
export const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'player';

/** A CSV download's name, when the server names none: `plays-studio-ny-2026-11-14-to-2026-11-20.csv`. */
export const fileName = (kind: string, playerName: string, period: Period) => `${kind}-${slug(playerName)}-${period.from}-to-${period.until}.csv`;
