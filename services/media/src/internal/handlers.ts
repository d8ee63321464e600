// The internal questions other services ask over the bus (no HTTP route): summaries of items, the
// files a player downloads, and whether an item matches advanced-search filters (dayparting).
import type { Subscription } from '@airwave/bus';
import { mediaInternal } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { parseFilters } from '../search/filters';
import { itemExists, itemMatches, playerFilesOf, summariesOf } from './queries';

export function bindInternal({ db, bus }: MediaContext): Promise<Subscription[]> {
  return Promise.all([
    bindOperation(bus, mediaInternal.summaries, async ({ ids }) => (ids.length === 0 ? [] : summariesOf(db, ids))),
    bindOperation(bus, mediaInternal.playerFiles, async ({ ids }) => (ids.length === 0 ? [] : playerFilesOf(db, [...new Set(ids)]))),
    bindOperation(bus, mediaInternal.matches, async ({ id, filters }) => {
      const parsed = parseFilters(filters);
      if (!(await itemExists(db, id))) return { exists: false, matches: false };
      if (parsed.length === 0) return { exists: true, matches: true };
      return { exists: true, matches: await itemMatches(db, id, parsed) };
    }),
  ]);
}
