// The clocks' tables (schema-clocks.ts): categories, clocks with the categories their slots name,
// and each player's format (rules and grid).
import type { Selectable } from 'kysely';
import type { SchedulingDB } from '../schema';
import type { CategoryColumns, ClockColumns } from '../schema-clocks';

export type CategoryRow = Selectable<CategoryColumns>;
export type ClockRow = Selectable<ClockColumns>;

export const listCategories = (db: SchedulingDB) => db.selectFrom('music_categories').selectAll().orderBy('id').execute();

export const categoriesByIds = (db: SchedulingDB, ids: number[]) => (ids.length ? db.selectFrom('music_categories').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]));

export const lockCategory = (trx: SchedulingDB, id: number) => trx.selectFrom('music_categories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

type CategoryValues = { name: string; description: string; source: string };

/** Creates (id 0) or edits a category: its row as saved; undefined when there is none to edit. */
export const saveCategory = (trx: SchedulingDB, id: number, values: CategoryValues) =>
  id
    ? trx.updateTable('music_categories').set(values).where('id', '=', id).returningAll().executeTakeFirst()
    : trx.insertInto('music_categories').values(values).returningAll().executeTakeFirstOrThrow();

/** The clocks whose slots (or fill) name a category. */
export async function clocksUsingCategory(db: SchedulingDB, categoryId: number): Promise<number[]> {
  const rows = await db.selectFrom('clock_categories').select('clock_id').where('category_id', '=', categoryId).execute();
  return rows.map((r) => r.clock_id);
}

export const deleteCategory = async (trx: SchedulingDB, id: number) => {
  await trx.deleteFrom('music_categories').where('id', '=', id).execute();
};

export const listClocks = (db: SchedulingDB) => db.selectFrom('clocks').selectAll().orderBy('id').execute();

export const findClock = (db: SchedulingDB, id: number) => db.selectFrom('clocks').selectAll().where('id', '=', id).executeTakeFirst();

export const clocksByIds = (db: SchedulingDB, ids: number[]) => (ids.length ? db.selectFrom('clocks').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]));

export const lockClock = (trx: SchedulingDB, id: number) => trx.selectFrom('clocks').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

type ClockValues = Omit<ClockColumns, 'id' | 'updated' | 'slots' | 'rules'> & { slots: string; rules: string; updated: Date };

/** Creates (id 0) or edits a clock, and sets the categories it names: its row as saved, or undefined when there is none to edit. */
export async function saveClock(trx: SchedulingDB, id: number, values: ClockValues, categoryIds: number[]): Promise<ClockRow | undefined> {
  const row = id
    ? await trx.updateTable('clocks').set(values).where('id', '=', id).returningAll().executeTakeFirst()
    : await trx.insertInto('clocks').values(values).returningAll().executeTakeFirstOrThrow();
  if (!row) return undefined;
  await trx.deleteFrom('clock_categories').where('clock_id', '=', row.id).execute();
  if (categoryIds.length) await trx.insertInto('clock_categories').values(categoryIds.map((category_id) => ({ clock_id: row.id, category_id }))).execute();
  return row;
}

/** The players whose grid names a clock. */
export async function playersUsingClock(db: SchedulingDB, clockId: number): Promise<number[]> {
  const rows = await db.selectFrom('format_grid').select('player_id').distinct().where('clock_id', '=', clockId).execute();
  return rows.map((r) => r.player_id);
}

/** The shows that air a clock (themselves, or in an exception to one of their occurrences). */
export async function showsUsingClock(db: SchedulingDB, clockId: number): Promise<number[]> {
  const [own, excepted] = await Promise.all([
    db.selectFrom('shows').select('id').where('item_type', '=', 'clock').where('item_id', '=', clockId).execute(),
    db.selectFrom('show_exceptions').select('series_id as id').where('item_type', '=', 'clock').where('item_id', '=', clockId).execute(),
  ]);
  return [...new Set([...own, ...excepted].map((r) => r.id))];
}

export const deleteClock = async (trx: SchedulingDB, id: number) => {
  await trx.deleteFrom('clocks').where('id', '=', id).execute();
};

/** A player's stored rules (undefined: the defaults) and grid. */
export async function formatOf(db: SchedulingDB, playerId: number) {
  const [row, grid] = await Promise.all([
    db.selectFrom('player_formats').select('rules').where('player_id', '=', playerId).executeTakeFirst(),
    db.selectFrom('format_grid').select(['weekday', 'hour', 'clock_id']).where('player_id', '=', playerId).orderBy('weekday').orderBy('hour').execute(),
  ]);
  return { rules: row?.rules, grid };
}

export async function saveRules(trx: SchedulingDB, playerId: number, rules: string) {
  await trx.insertInto('player_formats').values({ player_id: playerId, rules }).onConflict((oc) => oc.column('player_id').doUpdateSet({ rules })).execute();
}

export async function saveGrid(trx: SchedulingDB, playerId: number, grid: { weekday: number; hour: number; clock_id: number }[]) {
  await trx.deleteFrom('format_grid').where('player_id', '=', playerId).execute();
  if (grid.length) await trx.insertInto('format_grid').values(grid.map((c) => ({ player_id: playerId, ...c }))).execute();
}

export interface Pin {
  mediaId: number;
  replaced: boolean;
}

/** The songs pinned in a player's clock hours starting in [from, to): by block start, then by pick. */
export async function pinsOf(db: SchedulingDB, playerId: number, from: number, to: number): Promise<Map<number, Map<number, Pin>>> {
  const rows = await db.selectFrom('clock_pins').selectAll().where('player_id', '=', playerId).where('block_start', '>=', new Date(from)).where('block_start', '<', new Date(to)).orderBy('pick').execute();
  const out = new Map<number, Map<number, Pin>>();
  for (const row of rows) {
    const start = row.block_start.getTime();
    if (!out.has(start)) out.set(start, new Map());
    out.get(start)!.set(row.pick, { mediaId: row.media_id, replaced: row.replaced });
  }
  return out;
}

/**
 * A song replaced by hand at a pick of a clock block, the songs before it kept as they are (pinned
 * too, as kept), so the hour up to it stays what the station saw when it chose.
 */
export async function pinSong(db: SchedulingDB, pin: { player_id: number; block_start: Date; pick: number; media_id: number }, before: { pick: number; media_id: number }[]) {
  const rows = [...before.filter((b) => b.pick < pin.pick).map((b) => ({ player_id: pin.player_id, block_start: pin.block_start, pick: b.pick, media_id: b.media_id, replaced: false })), { ...pin, replaced: true }];
  await db.transaction().execute(async (trx) => {
    // a song replaced before stays replaced; one kept is kept as it is
    for (const row of rows) {
      await trx
        .insertInto('clock_pins')
        .values(row)
        .onConflict((oc) => oc.columns(['player_id', 'block_start', 'pick']).doUpdateSet(row.replaced ? { media_id: row.media_id, replaced: true } : { media_id: row.media_id }))
        .execute();
    }
  });
}
