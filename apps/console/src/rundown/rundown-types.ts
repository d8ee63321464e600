import '../lib/date-locale';
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
