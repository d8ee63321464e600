// Clocks, categories and formats as the API answers them, and a stored clock as an hour is filled
// from it (clock-hour.ts): its categories named by id, its fixed events with their items, its
// rules the player's tightened by its own.
import type { Clock as ClockOut, ClockRules, ClockSlot as SlotOut, MusicCategory, PlayerFormat, RotationRules as RulesOut } from '@airwave/contracts';
import type { Clock, ClockSlot } from './clock-hour';
import type { Song } from './history';
import { DEFAULT_RULES, type RotationRules } from './rotation';
import type { CategoryRow, ClockRow } from './store';

export const categoryOut = (row: CategoryRow): MusicCategory => ({ id: row.id, name: row.name, description: row.description, source: row.source });

export const clockOut = (row: ClockRow): ClockOut => ({
  id: row.id,
  name: row.name,
  description: row.description,
  target_seconds: row.target_seconds,
  fill_category_id: row.fill_category_id,
  overrun: row.overrun as ClockOut['overrun'],
  slots: row.slots as SlotOut[],
  rules: row.rules as ClockRules,
  updated: row.updated.toISOString(),
});

export const rulesOf = (stored: Record<string, unknown> | undefined): RotationRules => ({ ...DEFAULT_RULES, ...((stored ?? {}) as Partial<RulesOut>) });

export const formatOut = (playerId: number, format: { rules: Record<string, unknown> | undefined; grid: PlayerFormat['grid'] }): PlayerFormat => ({ player_id: playerId, rules: rulesOf(format.rules), grid: format.grid });

/** The player's rules with a clock's tightening: a separation only grows, a daily cap only falls. */
export function tightened(rules: RotationRules, clock: ClockRules): RotationRules {
  const cap = clock.plays_per_day === undefined ? rules.plays_per_day : Math.min(clock.plays_per_day, rules.plays_per_day ?? Number.POSITIVE_INFINITY);
  return {
    ...rules,
    artist_minutes: Math.max(rules.artist_minutes, clock.artist_minutes ?? 0),
    title_minutes: Math.max(rules.title_minutes, clock.title_minutes ?? 0),
    album_minutes: Math.max(rules.album_minutes, clock.album_minutes ?? 0),
    plays_per_day: cap,
    category_in_row: rules.category_in_row || (clock.category_in_row ?? false),
  };
}

/** The media items a clock's fixed events air. */
export const fixedIds = (slots: readonly SlotOut[]) => slots.flatMap((s) => (s.kind === 'fixed' ? [s.media_id] : []));

/** The categories a clock names (its slots and its fill). */
export const categoryIdsOf = (slots: readonly SlotOut[], fill: number | null) => [...new Set([...slots.flatMap((s) => (s.kind === 'category' ? [s.category_id] : [])), ...(fill === null ? [] : [fill])])];

/** A stored clock as an hour is filled from it; a fixed event whose item cannot air is left out, and said. */
export function clockOfRow(row: ClockRow, items: ReadonlyMap<number, Song>): { clock: Clock; warnings: string[] } {
  const warnings: string[] = [];
  const slots = (row.slots as SlotOut[]).flatMap((slot, index): ClockSlot[] => {
    if (slot.kind === 'category') return [{ kind: 'category', category: String(slot.category_id), count: slot.count, seconds: slot.seconds }];
    if (slot.kind !== 'fixed') return [slot];
    const song = items.get(slot.media_id);
    if (song) return [{ kind: 'fixed', minute: slot.minute, song, start: slot.start }];
    warnings.push(`slot ${index + 1}: media item ${slot.media_id} (at :${String(slot.minute).padStart(2, '0')}) cannot air`);
    return [{ kind: 'breakpoint' }];
  });
  const clock: Clock = { id: row.id, name: row.name, slots, target_seconds: row.target_seconds, fill_category: row.fill_category_id === null ? null : String(row.fill_category_id), overrun: row.overrun as Clock['overrun'] };
  return { clock, warnings };
}

/** An hour's warnings with its categories named as the station named them (the hour knows them by id). */
export function withCategoryNames(categories: readonly CategoryRow[]): (warning: string) => string {
  const names = new Map(categories.map((c) => [String(c.id), c.name]));
  return (text) => text.replace(/the category “(\d+)”/g, (whole, id: string) => (names.has(id) ? `the category “${names.get(id)}”` : whole));
}
