// The searches table: every user's saved searches and history, each user's own only. The changes
// answer how many rows they touched (0: no such search of the user's).
import type { MediaDB, SearchRow } from '../schema';
import { HISTORY_LIMIT } from './rules';

export function listSearches(db: MediaDB, userId: number): Promise<SearchRow[]> {
  return db.selectFrom('searches').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/**
 * How long a user's default searches are kept in memory (every simple search applies them). This
 * replica's own changes to a user's searches drop the copy at once; another replica's are seen
 * within this time (docs/decisions/media-search-speed.md).
 */
export const DEFAULTS_TTL_MS = 5_000;
const defaults = new WeakMap<MediaDB, Map<number, { filters: unknown[]; until: number }>>();

function defaultsOf(db: MediaDB): Map<number, { filters: unknown[]; until: number }> {
  let byUser = defaults.get(db);
  if (!byUser) defaults.set(db, (byUser = new Map()));
  return byUser;
}

/** The filters of the user's default searches (as stored; parse them before use). */
export async function defaultFilters(db: MediaDB, userId: number, now = Date.now()): Promise<unknown[]> {
  const byUser = defaultsOf(db);
  const kept = byUser.get(userId);
  if (kept && kept.until > now) return kept.filters;
  const rows = await db.selectFrom('searches').select('filters').where('user_id', '=', userId).where('is_default', '=', true).execute();
  const filters = rows.map((r) => r.filters);
  if (byUser.size > 10_000) byUser.clear();
  byUser.set(userId, { filters, until: now + DEFAULTS_TTL_MS });
  return filters;
}

/** Drops the kept default searches of a user whose searches changed; answers `touched`. */
function changedSearches(db: MediaDB, userId: number, touched: number): number {
  defaultsOf(db).delete(userId);
  return touched;
}

/** Adds an advanced search to the user's history, keeping the newest HISTORY_LIMIT. */
export async function recordHistory(db: MediaDB, userId: number, filters: unknown): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('searches').values({ user_id: userId, kind: 'history', filters: JSON.stringify(filters), description: '', is_default: false }).execute();
    const old = await trx.selectFrom('searches').select('id').where('user_id', '=', userId).where('kind', '=', 'history').orderBy('id', 'desc').offset(HISTORY_LIMIT).limit(1000).execute();
    if (old.length) await trx.deleteFrom('searches').where('id', 'in', old.map((o) => o.id)).execute();
  });
}

/** Moves a search of the user's history to the saved ones. */
export async function moveToSaved(db: MediaDB, id: number, userId: number): Promise<number> {
  const r = await db.updateTable('searches').set({ kind: 'saved' }).where('id', '=', id).where('user_id', '=', userId).where('kind', '=', 'history').executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Makes a saved search one of the user's defaults. */
export async function markDefault(db: MediaDB, id: number, userId: number): Promise<number> {
  const r = await db.updateTable('searches').set({ is_default: true }).where('id', '=', id).where('user_id', '=', userId).where('kind', '=', 'saved').executeTakeFirst();
  return changedSearches(db, userId, Number(r.numUpdatedRows));
}

export async function unmarkDefault(db: MediaDB, id: number, userId: number): Promise<number> {
  const r = await db.updateTable('searches').set({ is_default: false }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return changedSearches(db, userId, Number(r.numUpdatedRows));
}

export async function editSaved(db: MediaDB, id: number, userId: number, filters: unknown, description: string): Promise<number> {
  const r = await db.updateTable('searches').set({ filters: JSON.stringify(filters), description }).where('id', '=', id).where('user_id', '=', userId).where('kind', '=', 'saved').executeTakeFirst();
  return changedSearches(db, userId, Number(r.numUpdatedRows));
}

export async function deleteSearch(db: MediaDB, id: number, userId: number): Promise<number> {
  const r = await db.deleteFrom('searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return changedSearches(db, userId, Number(r.numDeletedRows));
}
