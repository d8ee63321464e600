// What the on-air page shows, worked out from the API's answers: the rundown's items at their
// instants, what comes next and in the rest of the hour, alerts in force, and how far an item has
// played. Instants are milliseconds; the player's zone only where a time is written.
import { i18n } from '../i18n';
import '../lib/date-locale';
import type { AsRunEntry, NowPlayingStreamState } from '@airwave/contracts';
import { DateTime } from 'luxon';
import type { Block } from '../rundown/rundown-types';

export type NowPlaying = NowPlayingStreamState;
export type Aired = AsRunEntry;

/** One thing planned to air: an item of a block, or a live block without items. */
export interface Planned {
  start: number;
  end: number;
  title: string;
  artist: string;
  type: string;
  block: string;
}

/** The rundown's items in airing order, each at its instant (breakpoints left out: they air nothing). */
export function plannedItems(blocks: readonly Block[]): Planned[] {
  return blocks.flatMap((block) => {
    const start = Date.parse(block.start);
    if (block.items.length === 0) return block.kind === 'linein' ? [{ start, end: Date.parse(block.end), title: block.name, artist: '', type: 'live', block: block.name }] : [];
    return block.items
      .filter((item) => item.type !== 'breakpoint')
      .map((item) => ({ start: start + item.offset * 1000, end: start + (item.offset + item.duration) * 1000, title: item.title, artist: item.artist, type: item.type, block: block.name }));
  });
}

/** What was planned to air at `at`. */
export const plannedAt = (items: readonly Planned[], at: number) => items.find((item) => item.start <= at && at < item.end) ?? null;

/** The first planned item starting after `after` (the end of what airs, or now). */
export const plannedAfter = (items: readonly Planned[], after: number) => items.find((item) => item.start >= after - 1000) ?? null;

/** The planned items starting from `from` until the top of the next hour in the player's zone. */
export function restOfHour(items: readonly Planned[], from: number, zone: string): Planned[] {
  const hourEnd = DateTime.fromMillis(from, { zone }).startOf('hour').plus({ hours: 1 }).toMillis();
  return items.filter((item) => item.start >= from && item.start < hourEnd);
}

/** Where an item with an end and a length is, at `now`: its start, and how much has played (0–100). */
export function progressOf(now: NowPlaying, at: number): { start: number; end: number; percent: number } | null {
  const media = now.media;
  if (!media?.end || !media.duration) return null;
  const end = Date.parse(media.end);
  const start = end - media.duration * 1000;
  return { start, end, percent: Math.min(100, Math.max(0, ((at - start) / (end - start)) * 100)) };
}

/** A time of day in the player's zone, 24-hour. */
export const clockIn = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat('HH:mm:ss');

/** A time in the player's zone: the time of day when it is on the day of `at`, else with its date. */
export function whenIn(ms: number, zone: string, at: number): string {
  const when = DateTime.fromMillis(ms, { zone });
  return when.hasSame(DateTime.fromMillis(at, { zone }), 'day') ? when.toFormat('HH:mm:ss') : when.toFormat('d LLL yyyy HH:mm');
}

/** "12 s ago", "5 min ago", "3 h ago", "2 days ago". */
export function ago(ms: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - ms) / 1000));
  if (seconds < 90) return i18n.t('{{n}} s ago', { n: seconds });
  if (seconds < 90 * 60) return i18n.t('{{n}} min ago', { n: Math.round(seconds / 60) });
  if (seconds < 36 * 3600) return i18n.t('{{n}} h ago', { n: Math.round(seconds / 3600) });
  return i18n.t('{{n}} days ago', { n: Math.round(seconds / 86_400) });
}

/** "Band – Song", or the title alone. */
export const itemName = (item: { artist?: string | null; title?: string | null }) => (item.artist ? `${item.artist} – ${item.title ?? ''}` : (item.title ?? ''));

/** New as-run entries first, then the ones known, without repeats, at most `keep`. */
export function mergeAired(known: readonly Aired[], added: readonly Aired[], keep = 10): Aired[] {
  const seen = new Set<number>();
  return [...added, ...known]
    .filter((entry) => (seen.has(entry.id) ? false : seen.add(entry.id)))
    .sort((a, b) => Number(b.unix_timestamp) - Number(a.unix_timestamp))
    .slice(0, keep);
}

/** The as-run entry of a planned item: the same media item starting within `slack` ms of its planned start. */
export function airedFor(entries: readonly Aired[], mediaId: number | null, plannedStart: number, slack = 10 * 60_000): Aired | null {
  if (mediaId === null) return null;
  let best: Aired | null = null;
  for (const entry of entries) {
    if (entry.media_id !== mediaId) continue;
    const distance = Math.abs(Number(entry.unix_timestamp) * 1000 - plannedStart);
    if (distance <= slack && (!best || distance < Math.abs(Number(best.unix_timestamp) * 1000 - plannedStart))) best = entry;
  }
  return best;
}
