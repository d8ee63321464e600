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

/**
 * A show's `duration` (PROTOCOL.md 1.4): the scheduled length, or the items' total when shorter;
 * a line-in show and a show without items keep the scheduled length.
 */
export function showDuration(block: RundownBlock, scheduled: number): number {
  if (block.kind === 'linein' || block.items.length === 0) return scheduled;
  return Math.min(scheduled, block.items.reduce((sum, item) => sum + item.duration, 0));
}

export function showXml(block: RundownBlock, files: Map<number, PlayerFile>): string {
  const start = Date.parse(block.start);
  const scheduled = (Date.parse(block.end) - start) / 1000;
  const items = block.items.map((item) => itemXml(item, files)).filter((xml) => xml !== null);
  const fields: [string, string | number][] = [
    ['id', block.show_id],
    ...Object.entries(utcDateTime(start)),
    ['type', 'standard'],
    ['name', block.name],
    ['description', block.description],
    ['last_updated', Math.trunc(block.last_updated)],
    ['duration', seconds(showDuration(block, scheduled))],
  ];
  return `<show>${elements(fields)}<media>${items.join('')}</media></show>`;
}

export function scheduleDocument(blocks: RundownBlock[], files: Map<number, PlayerFile>): string {
  return obconnect(`<schedule>${blocks.map((block) => showXml(block, files)).join('')}</schedule>`);
}
