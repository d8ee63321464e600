// /media/searches: the user's saved searches and history, and their default searches (applied to
// every simple search, see src/search).
import type { Subscription } from '@airwave/bus';
import { media, notFound } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { deleteSearch, editSaved, listSearches, markDefault, moveToSaved, unmarkDefault } from './queries';
import { savedAndHistory } from './rules';

const NO_SAVED_SEARCH = 'No such saved search.';

/** The operations' Nothing when a row changed, else 404. */
function changed(count: number, message: string): null {
  if (count === 0) throw notFound(message);
  return null;
}

export function bindSavedSearches({ db, bus }: MediaContext): Promise<Subscription[]> {
  return Promise.all([
    bindOperation(bus, media.searches, async (_input, { principal }) => savedAndHistory(await listSearches(db, principal.userId))),
    bindOperation(bus, media.searchSave, async ({ id }, { principal }) => changed(await moveToSaved(db, id, principal.userId), 'No such search in your history.')),
    bindOperation(bus, media.searchDefault, async ({ id }, { principal }) => changed(await markDefault(db, id, principal.userId), NO_SAVED_SEARCH)),
    bindOperation(bus, media.searchUndefault, async ({ id }, { principal }) => changed(await unmarkDefault(db, id, principal.userId), NO_SAVED_SEARCH)),
    bindOperation(bus, media.searchEdit, async ({ id, filters, description }, { principal }) => changed(await editSaved(db, id, principal.userId, filters, description), NO_SAVED_SEARCH)),
    bindOperation(bus, media.searchDelete, async ({ id }, { principal }) => changed(await deleteSearch(db, id, principal.userId), NO_SAVED_SEARCH)),
  ]);
}
