// `action=schedule`'s reply (PROTOCOL.md 1.4): the rundown's blocks as `<show>` elements, each item
// with the file facts the player downloads by (media.internal.player-files).
import type { Alert, PlayerFile, RundownBlock, RundownItem } from '@airwave/contracts';
import { elements, obconnect, seconds } from './xml';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as OB's UTC `date` (YYYY-MM-DD) and `time` (HH:MM:SS). */
export function utcDateTime(ms: number): { date: string; time: string } {
  const d = new Date(ms);
  return { date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`, time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` };
}

/** The media ids a set of blocks and alerts name (what to ask the media service, once). */
export function mediaIdsOf(blocks: RundownBlock[], alerts: Alert[] = []): number[] {
  const ids = new Set<number>();
  for (const block of blocks) for (const item of block.items) if (item.media_id !== null) ids.add(item.media_id);
  for (const alert of alerts) ids.add(alert.item_id);
  return [...ids];
}

/** The elements of a media file OB Player reads, as OB names them. */
export const fileFields = (file: PlayerFile): [string, string | number][] => [
  ['filename', file.filename],
  ['title', file.title],
  ['artist', file.artist],
  ['hash', file.hash],
  ['filesize', file.size],
  ['location', file.location],
  ['archived', file.is_archived ? 1 : 0],
  ['approved', file.is_approved ? 1 : 0],
];

/** One `<item>`, or null for a media item gone since the block was resolved (it cannot be downloaded). */
function itemXml(item: RundownItem, files: Map<number, PlayerFile>): string | null {
  const timing: [string, string | number][] = [['duration', seconds(item.duration)], ['type', item.type], ['order', item.order], ['offset', seconds(item.offset)]];
  if (item.media_id === null) return `<item>${elements(timing)}</item>`;
  const file = files.get(item.media_id);
  if (!file) return null;
  return `<item>${elements([...timing, ['id', item.media_id], ...fileFields(file)])}</item>`;
}

/** A block as the player is told it: start and end in whole seconds (ms), its items in whole ms. */
export interface PlayerShowTiming {
  start: number;
  end: number;
  items: RundownItem[];
}

/**
 * A block in the player's terms: `date`/`time` are whole seconds (PROTOCOL.md 1.4), so the block
 * starts and ends at the whole second at or before its own start and end (the rundown's blocks are
 * on whole seconds: this changes nothing then), each item moved by what the start moved so it airs
 * at its own instant, and every item's start and end in whole ms, cut at the block's end (an item
 * starting there or later dropped). An item's duration is its end less its offset, so each item
 * ends exactly where it is written to, inside its show.
 */
export function playerTiming(block: RundownBlock): PlayerShowTiming {
  const start = Math.floor(Date.parse(block.start) / 1000) * 1000;
  const end = Math.max(start, Math.floor(Date.parse(block.end) / 1000) * 1000);
  const shift = Date.parse(block.start) - start;
  const items = block.items.flatMap((item) => {
    const from = Math.round(item.offset * 1000) + shift;
    if (from >= end - start) return [];
    const to = Math.min(Math.round((item.offset + item.duration) * 1000) + shift, end - start);
    return [{ ...item, offset: from / 1000, duration: Math.max(0, to - from) / 1000 }];
  });
  return { start, end, items };
}

/**
 * A show's `duration` (PROTOCOL.md 1.4), in seconds: where the next block starts (the block's
 * length) when its items reach its end, as every default block's do; a show whose items end
 * sooner keeps OB's rule, `min(scheduled, sum of item durations)` (the player airs its fallback
 * for the rest, as it did at that show's end); a line-in show and a show without items last their
 * scheduled length.
 */
export function showDuration(block: RundownBlock, scheduled: number): number {
  if (block.kind === 'linein' || block.items.length === 0) return scheduled;
  const itemsEnd = block.items.reduce((end, item) => Math.max(end, item.offset + item.duration), 0);
  if (itemsEnd >= scheduled - 0.0005) return scheduled;
  return Math.min(scheduled, block.items.reduce((sum, item) => sum + item.duration, 0));
}

/** A block's `<show>`, or '' for one shorter than the player's second (it cannot be told one). */
export function showXml(block: RundownBlock, files: Map<number, PlayerFile>): string {
  const timing = playerTiming(block);
  if (timing.end <= timing.start) return '';
  const timed = { ...block, items: timing.items };
  const items = timing.items.map((item) => itemXml(item, files)).filter((xml) => xml !== null);
  const fields: [string, string | number][] = [
    ['id', block.show_id],
    ...Object.entries(utcDateTime(timing.start)),
    ['type', 'standard'],
    ['name', block.name],
    ['description', block.description],
    ['last_updated', Math.trunc(block.last_updated)],
    ['duration', seconds(showDuration(timed, (timing.end - timing.start) / 1000))],
  ];
  return `<show>${elements(fields)}<media>${items.join('')}</media></show>`;
}

export function scheduleDocument(blocks: RundownBlock[], files: Map<number, PlayerFile>): string {
  return obconnect(`<schedule>${blocks.map((block) => showXml(block, files)).join('')}</schedule>`);
}
