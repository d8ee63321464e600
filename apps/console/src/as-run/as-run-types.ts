// The as-run page's search (GET /players/monitor): the days read in the player's zone, the filters
// the server applies (title, artist and show words, the source), a row written in the player's zone, and
// the CSV file of the whole search, the server's own, page after page.
import { msg } from '../i18n';
import type { AsRunEntry } from '@airwave/contracts';
import '../lib/date-locale';
import { DateTime } from 'luxon';
import { api } from '../lib/api';
import { csvRecords } from './csv-records';

export type Aired = AsRunEntry;
type Context = Aired['context'];

/** What the page asks: a day, or days from `from` through `until` (dates in the player's zone), and words. */
export interface AsRunFilter {
  from: string;
  until: string;
  title: string;
  artist: string;
  /** Words of the show a play aired in (Airwave's playout names it; OB Player's plays name none). */
  show: string;
  context: Context | '';
}

export const sources: { value: Context | ''; label: string }[] = [
  { value: '', label: msg('Every source') },
  { value: 'show', label: msg('Shows') },
  { value: 'emerg', label: msg('Alerts') },
  { value: 'fallback', label: msg('Default playlist') },
];

/** What aired from, in words: a show, an alert, the default playlist. */
export const sourceWords: Record<Context, string> = { show: msg('Show'), emerg: msg('Alert'), fallback: msg('Default playlist') };

/** Today in the player's zone. */
export const todayIn = (zone: string) => DateTime.now().setZone(zone).toISODate()!;

/** The filter of one day with no words. */
export const dayFilter = (day: string): AsRunFilter => ({ from: day, until: day, title: '', artist: '', show: '', context: '' });

/** Whether words or a source narrow the search (not only the days). */
export const narrowed = (filter: AsRunFilter) => Boolean(filter.title.trim() || filter.artist.trim() || filter.show.trim() || filter.context);

type Filter = { column: 'title' | 'artist' | 'show_name' | 'context'; operator: 'like' | 'is'; value: string };

/** The monitor's search for a filter, oldest first: the server reads the dates in the player's zone, `until` through its whole day. */
export function searchOf(playerId: number, filter: AsRunFilter) {
  const filters: Filter[] = [];
  if (filter.title.trim()) filters.push({ column: 'title', operator: 'like', value: filter.title.trim() });
  if (filter.artist.trim()) filters.push({ column: 'artist', operator: 'like', value: filter.artist.trim() });
  if (filter.show.trim()) filters.push({ column: 'show_name', operator: 'like', value: filter.show.trim() });
  if (filter.context) filters.push({ column: 'context', operator: 'is', value: filter.context });
  return { player_id: playerId, date_start: filter.from, date_end: filter.until || filter.from, orderby: 'timestamp' as const, orderdesc: false, ...(filters.length ? { filters } : {}) };
}

/** When an entry began, in the player's zone (the time of day; with the date when the search spans days). */
export function startOf(entry: Aired, withDate: boolean): string {
  return DateTime.fromISO(entry.timestamp, { setZone: true }).toFormat(withDate ? 'd LLL yyyy HH:mm:ss' : 'HH:mm:ss');
}

/** When it ended, in the player's zone, or null when the log does not know. */
export function endOf(entry: Aired, withDate: boolean): string | null {
  return entry.end_timestamp ? DateTime.fromISO(entry.end_timestamp, { setZone: true }).toFormat(withDate ? 'd LLL yyyy HH:mm:ss' : 'HH:mm:ss') : null;
}

/** How long it aired, in seconds, or null without an end. */
export const lengthOf = (entry: Aired) => (entry.end_unix_timestamp === null ? null : Number(entry.end_unix_timestamp) - Number(entry.unix_timestamp));

/** Rows a CSV page asks for (the monitor's most; a page of long titles may come back shorter). */
const CSV_PAGE = 5000;

/** The server's CSV of the whole search: its header once, then every page's rows in order. */
export async function asRunCsv(search: ReturnType<typeof searchOf>): Promise<string> {
  let text = '';
  for (let offset = 0; ; ) {
    const page = await api.scheduling.playerMonitor({ ...search, type: 'csv', limit: CSV_PAGE, offset });
    const [header = '', ...rows] = csvRecords(typeof page.results === 'string' ? page.results : '');
    if (offset === 0) text = header;
    text += rows.join('');
    offset += rows.length;
    if (rows.length === 0 || offset >= page.total_rows) return text;
  }
}

/** Hands a text to the browser as a file to save. */
export function saveFile(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file's name: the player and the days (`as-run-studio-l-2026-11-29.csv`). */
export function csvName(playerName: string, filter: AsRunFilter): string {
  const player = playerName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'player';
  const days = filter.until && filter.until !== filter.from ? `${filter.from}-to-${filter.until}` : filter.from;
  return `as-run-${player}-${days}.csv`;
}
