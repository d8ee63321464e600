import '../lib/date-locale';
import { i18n } from '../i18n';
import type { operationGroups } from '@airwave/contracts';
import { DateTime } from 'luxon';
import type { z } from 'zod';

export type Block = z.output<(typeof operationGroups)['scheduling']['playerRundown']['output']>[number];

/** Blocks as the page shows them: each show on its own, consecutive default-playlist blocks as one fill. */
export type Group = { kind: 'block'; block: Block } | { kind: 'fill'; blocks: Block[] };

export function grouped(blocks: Block[]): Group[] {
  const out: Group[] = [];
  for (const block of blocks) {
    const last = out.at(-1);
    if (block.kind === 'default_playlist' && last?.kind === 'fill' && last.blocks.at(-1)!.end === block.start) last.blocks.push(block);
    else out.push(block.kind === 'default_playlist' ? { kind: 'fill', blocks: [block] } : { kind: 'block', block });
  }
  return out;
}

/**
 * The day as the page shows it (issue 43, N4), from its groups: its shows (and its clock hours,
 * issue 45), and whether the default playlist fills between them; not the server's blocks, of
 * which a day of default playlist has hundreds.
 */
export function dayInWords(groups: Group[]): string {
  const clocks = groups.filter((group) => group.kind === 'block' && group.block.kind === 'clock').length;
  const count = groups.filter((group) => group.kind === 'block').length - clocks;
  const filled = groups.some((group) => group.kind === 'fill');
  if (clocks > 0) return filled ? i18n.t(': {{shows}} show(s) and {{clocks}} clock hour(s), the default playlist between them.', { shows: count, clocks }) : i18n.t(': {{shows}} show(s) and {{clocks}} clock hour(s).', { shows: count, clocks });
  if (count === 0 && filled) return i18n.t(': the default playlist all day.');
  return filled ? i18n.t(': {{count}} shows, and the default playlist between them.', { count }) : i18n.t(': {{count}} shows.', { count });
}

/** What a block's items leave of its time (issue 43, N3): silence at its end, or items cut by it. */
export type FillProblem = { kind: 'dead_air'; from: number; seconds: number } | { kind: 'overrun'; seconds: number };

/** Less than this is a crossfade's or a rounding's difference, not a problem. */
const FILL_TOLERANCE_SECONDS = 1;

/**
 * Dead air when the items end before the block (from their end to the block's, in seconds from its
 * start), an overrun when they run past it; null when they fill it, and for a line-in block (the
 * live source fills it).
 */
export function fillProblem(block: Block): FillProblem | null {
  if (block.kind === 'linein') return null;
  const length = DateTime.fromISO(block.end).diff(DateTime.fromISO(block.start), 'seconds').seconds;
  const itemsEnd = block.items.reduce((end, item) => Math.max(end, item.offset + item.duration), 0);
  if (itemsEnd < length - FILL_TOLERANCE_SECONDS) return { kind: 'dead_air', from: itemsEnd, seconds: length - itemsEnd };
  if (itemsEnd > length + FILL_TOLERANCE_SECONDS) return { kind: 'overrun', seconds: itemsEnd - length };
  return null;
}

/** "08:00:02" in the player's zone; with the date when it is not `day`. */
export function clock(iso: string, zone: string, day?: string): string {
  const at = DateTime.fromISO(iso, { zone });
  return day && at.toISODate() !== day ? at.toFormat('d LLL HH:mm:ss') : at.toFormat('HH:mm:ss');
}

/** The instant `seconds` after `iso`, as a clock time in the zone. */
export function clockAfter(iso: string, seconds: number, zone: string): string {
  return DateTime.fromISO(iso, { zone }).plus({ milliseconds: Math.round(seconds * 1000) }).toFormat('HH:mm:ss');
}

/** "+1:05" from seconds (tenths shown when there are any). */
export function offsetText(seconds: number): string {
  const whole = Math.floor(seconds);
  const tenths = Math.round((seconds - whole) * 10);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  const base = h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  return `+${base}${tenths ? `.${tenths}` : ''}`;
}
