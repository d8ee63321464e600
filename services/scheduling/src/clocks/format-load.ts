// A player's format as its rundown reads it: the grid, the rules, and the clocks and categories
// the grid names (nothing more is read when the grid is empty).
import type { SchedulingDB } from '../schema';
import { categoryIdsOf, rulesOf } from './answer';
import type { GridCell } from './hours';
import type { RotationRules } from './rotation';
import { categoriesByIds, clocksByIds, formatOf, type CategoryRow, type ClockRow } from './store';
import type { ClockSlot as SlotOut } from '@airwave/contracts';

export interface RundownFormat {
  grid: GridCell[];
  rules: RotationRules;
  clocks: Map<number, ClockRow>;
  categories: CategoryRow[];
}

/** The player's format, with `alsoClocks` (those its shows air) among its clocks; null when it has no grid and airs no clock. */
export async function loadFormat(db: SchedulingDB, playerId: number, alsoClocks: number[] = []): Promise<RundownFormat | null> {
  const format = await formatOf(db, playerId);
  if (format.grid.length === 0 && alsoClocks.length === 0) return null;
  const clocks = await clocksByIds(db, [...new Set([...format.grid.map((c) => c.clock_id), ...alsoClocks])]);
  const categoryIds = [...new Set(clocks.flatMap((c) => categoryIdsOf(c.slots as SlotOut[], c.fill_category_id)))];
  return { grid: format.grid, rules: rulesOf(format.rules), clocks: new Map(clocks.map((c) => [c.id, c])), categories: await categoriesByIds(db, categoryIds) };
}
