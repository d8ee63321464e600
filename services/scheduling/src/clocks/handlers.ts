// Music categories, clocks and players' formats (issue 45): read, saved (a clock with what an hour
// of it cannot fill, checked on save), deleted when nothing uses them. Each change is an event the
// rundown follows (rundown/follow.ts): the hours ahead that use a changed clock are resolved again.
import { badRequest, conflict, notFound, scheduling, type CategorySource } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { busSources } from '../rundown/sources';
import { categoryOut, categoryIdsOf, clockOut, fixedIds, formatOut } from './answer';
import { checkClock } from './check';
import { replaceSong, rundownAlternatives } from './replace';
import { categorySongs } from './songs';
import { categoriesByIds, clocksByIds, clocksUsingCategory, deleteCategory, deleteClock, findClock, formatOf, listCategories, listClocks, lockCategory, lockClock, playersUsingClock, showsUsingClock, saveCategory, saveClock, saveGrid, saveRules } from './store';

const everything = { support: { audio: true, video: true }, excluded_by: [], cues: false };

export async function bindClocks(context: SchedulingContext) {
  return (await Promise.all([bindCategories(context), bindClockOperations(context), bindFormats(context)])).flat();
}

function bindCategories(context: SchedulingContext) {
  const { db, bus, events } = context;
  const sources = busSources(bus);
  return Promise.all([
    bindOperation(bus, scheduling.clockCategories, async () => (await listCategories(db)).map(categoryOut)),
    bindOperation(bus, scheduling.clockCategorySave, async ({ id, source, ...fields }, { principal }) => {
      // a saved search must be the saver's own (searches are private); a playlist must be there
      const found = await categorySongs(sources, source as CategorySource, everything, principal.userId);
      if (!found.found) throw badRequest(source.kind === 'playlist' ? `No playlist ${source.playlist_id}.` : source.kind === 'saved_search' ? `Saved search ${source.saved_search_id} is not one of yours.` : 'The search finds nothing.');
      const saved = await db.transaction().execute(async (trx) => {
        const row = await saveCategory(trx, id, { ...fields, source: JSON.stringify(source) });
        if (!row) throw notFound('No such category.');
        await events.record(trx, 'scheduling.clock_category.saved', categoryOut(row), principal);
        return row;
      });
      events.kick();
      return { id: saved.id, songs: found.songs.length };
    }),
    bindOperation(bus, scheduling.clockCategoryDelete, async ({ id }, { principal }) => {
      await db.transaction().execute(async (trx) => {
        const last = await lockCategory(trx, id);
        if (!last) throw notFound('No such category.');
        const clocks = await clocksUsingCategory(trx, id);
        if (clocks.length) throw conflict(`The category is used by clock${clocks.length > 1 ? 's' : ''} ${clocks.join(', ')}.`, { clock_ids: clocks });
        await deleteCategory(trx, id);
        await events.record(trx, 'scheduling.clock_category.deleted', categoryOut(last), principal);
      });
      events.kick();
      return null;
    }),
  ]);
}

function bindClockOperations(context: SchedulingContext) {
  const { db, bus, events } = context;
  const sources = busSources(bus);
  return Promise.all([
    bindOperation(bus, scheduling.clockSearch, async () => (await listClocks(db)).map(clockOut)),
    bindOperation(bus, scheduling.clockGet, async ({ id }) => {
      const row = await findClock(db, id);
      if (!row) throw notFound('No such clock.');
      return clockOut(row);
    }),
    bindOperation(bus, scheduling.clockSave, async ({ id, ...input }, { principal }) => {
      const categoryIds = categoryIdsOf(input.slots, input.fill_category_id);
      const categories = await categoriesByIds(db, categoryIds);
      const missing = categoryIds.filter((c) => !categories.some((row) => row.id === c));
      if (missing.length) throw badRequest(`No category ${missing.join(', ')}.`);
      const values = { ...input, slots: JSON.stringify(input.slots), rules: JSON.stringify(input.rules), updated: new Date() };
      const warnings = await checkClock(sources, { id, ...input, slots: input.slots, rules: input.rules, updated: values.updated }, categories, fixedIds(input.slots));
      const saved = await db.transaction().execute(async (trx) => {
        const row = await saveClock(trx, id, values, categoryIds);
        if (!row) throw notFound('No such clock.');
        await events.record(trx, 'scheduling.clock.saved', clockOut(row), principal);
        return row;
      });
      events.kick();
      return { id: saved.id, warnings };
    }),
    bindOperation(bus, scheduling.clockDelete, async ({ id }, { principal }) => {
      await db.transaction().execute(async (trx) => {
        const last = await lockClock(trx, id);
        if (!last) throw notFound('No such clock.');
        const players = await playersUsingClock(trx, id);
        if (players.length) throw conflict(`The clock is in the grid of player${players.length > 1 ? 's' : ''} ${players.join(', ')}.`, { player_ids: players });
        const shows = await showsUsingClock(trx, id);
        if (shows.length) throw conflict(`The clock is aired by show${shows.length > 1 ? 's' : ''} ${shows.join(', ')}.`, { show_ids: shows });
        await deleteClock(trx, id);
        await events.record(trx, 'scheduling.clock.deleted', clockOut(last), principal);
      });
      events.kick();
      return null;
    }),
  ]);
}

function bindFormats(context: SchedulingContext) {
  const { db, bus, events } = context;
  return Promise.all([
    bindOperation(bus, scheduling.rundownAlternatives, (input, call) => rundownAlternatives(context, input, call)),
    bindOperation(bus, scheduling.rundownReplace, (input, call) => replaceSong(context, input, call)),
    bindOperation(bus, scheduling.formatGet, async ({ id }) => {
      if (!(await playerExists(context, id))) throw notFound('No such player.');
      return formatOut(id, await formatOf(db, id));
    }),
    bindOperation(bus, scheduling.formatSave, async ({ id, rules, grid }, { principal }) => {
      if (grid) {
        const named = [...new Set(grid.map((c) => c.clock_id))];
        const found = await clocksByIds(db, named);
        const missing = named.filter((c) => !found.some((row) => row.id === c));
        if (missing.length) throw badRequest(`No clock ${missing.join(', ')}.`);
      }
      const format = await db.transaction().execute(async (trx) => {
        const player = await trx.selectFrom('players').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!player) throw notFound('No such player.');
        if (rules) await saveRules(trx, id, JSON.stringify(rules));
        if (grid) await saveGrid(trx, id, grid);
        const out = formatOut(id, await formatOf(trx, id));
        await events.record(trx, 'scheduling.format.saved', out, principal);
        return out;
      });
      events.kick();
      return format;
    }),
  ]);
}

const playerExists = async ({ db }: SchedulingContext, id: number) => (await db.selectFrom('players').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
