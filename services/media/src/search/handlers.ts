// GET /media/search: simple words (with the user's default searches) or advanced filters, over
// one list of the library, a page in the chosen order (run-search.ts finds it).
import { JsonText, type Subscription } from '@airwave/bus';
import { media, type Principal, type SearchFilter } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { Expression } from 'kysely';
import type { z } from 'zod';
import type { MediaContext } from '../context';
import { defaultFilters, recordHistory } from '../saved-searches/queries';
import type { MediaDB } from '../schema';
import { parseFilters, usesTrigramIndex } from './filters';
import { assertValidFilters, filtersCondition, filtersEstimable, filtersUseTrigramIndex, listOf, sortColumns, whoseItems, wordsCondition, type Condition } from './rules';
import { pageJson, pageJsonQuery } from './page-json';
import { runSearch } from './run-search';

type SearchInput = z.output<(typeof media.search)['input']>;

export function bindSearch({ db, bus }: MediaContext): Promise<Subscription[]> {
  // The reply is written as JSON text (page-json.ts): its items are never parsed in this service.
  return Promise.all([bindOperation(bus, media.search, async (input, { principal }) => (await search(db, input, principal)) as never)]);
}

async function search(db: MediaDB, input: SearchInput, principal: Principal) {
  const found = input.q.mode === 'simple' ? await simpleSearch(db, input.q.string, principal) : await advancedSearch(db, input.q.filters, input.save_history, principal);
  const conditions = [...whoseItems(input, principal), ...found.conditions];
  const result = await runSearch(db, {
    ...listOf(input.s),
    match: (eb) => eb.and(conditions.map((c) => c(eb))),
    trigram: found.trigram,
    estimable: found.estimable,
    densityKnown: found.densityKnown,
    column: sortColumns[input.sort_by],
    dir: input.sort_dir,
    limit: input.l,
    offset: input.o,
    itemsJson: (ids) => pageJsonQuery(db, ids, principal) as unknown as Expression<string | null>,
  });
  const items = result.json ?? (await pageJson(db, result.ids, principal));
  return new JsonText(`{"num_results":${result.count},"num_results_exact":${result.exact},"media":${items}}`);
}

/** The words, and every default search of the user. */
async function simpleSearch(db: MediaDB, words: string, principal: Principal) {
  const conditions: Condition[] = [wordsCondition(words)];
  let estimable = true;
  for (const raw of await defaultFilters(db, principal.userId)) {
    const filters = parseFilters(raw);
    conditions.push(filtersCondition(filters));
    estimable &&= filtersEstimable(filters);
  }
  // Words, and filters the planner has statistics for (run-search.ts, `estimable`).
  return { conditions, trigram: usesTrigramIndex(words), estimable, densityKnown: false };
}

/** The filters, kept in the user's history when asked to. */
async function advancedSearch(db: MediaDB, filters: SearchFilter[], saveHistory: boolean | undefined, principal: Principal) {
  // Validates the filters (a 400) before anything is stored.
  assertValidFilters(filters);
  if (saveHistory) await recordHistory(db, principal.userId, filters);
  const estimable = filtersEstimable(filters);
  return { conditions: [filtersCondition(filters)], trigram: filtersUseTrigramIndex(filters), estimable, densityKnown: estimable };
}
