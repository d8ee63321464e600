// The calls bench/http.ts measures, by name (BENCH_ENDPOINTS picks among them): the session call, the
// media search in each of its forms, a dynamic item's count, a media save, and the busy week.
// Every call is authenticated with the admin's session key.

/** One measured call: a GET, or a write whose body changes from request to request. */
export interface Endpoint {
  label: string;
  path: string;
  method?: 'GET' | 'PUT';
  /** The body of the n-th request (a write). */
  body?: (n: number) => string;
}

const advanced = JSON.stringify({
  mode: 'advanced',
  filters: [
    { filter: 'genre', op: 'eq', val: 'jazz' },
    { filter: 'year', op: 'gte', val: 1990 },
  ],
});

/** The saved search the `saved` call runs (an advanced search kept by the admin). */
export const savedFilters = [
  { filter: 'artist', op: 'contains', val: 'river band' },
  { filter: 'year', op: 'lt', val: 2000 },
];

export interface Setup {
  weekStart: string;
  weekEnd: string;
  player: number;
  savedSearch: number;
  /** Ids of approved items a save edits, in turn. */
  itemIds: number[];
}

export function endpoints(setup: Setup): Record<string, Endpoint> {
  const ids = setup.itemIds;
  return {
    uid: { label: 'GET /account/uid (session)', path: '/account/uid' },
    search: { label: 'GET /media/search?q=river&l=50 (plain text)', path: '/media/search?q=river&l=50' },
    prefix: { label: 'GET /media/search?q=summ dre&l=50 (prefixes)', path: '/media/search?q=summ%20dre&l=50' },
    advanced: { label: 'GET /media/search, advanced: genre = jazz and year ≥ 1990, l=50', path: `/media/search?l=50&q=${encodeURIComponent(advanced)}` },
    saved: { label: 'GET /playlists/validate?saved_search_id (a saved search: artist contains, year <)', path: `/playlists/validate?saved_search_id=${setup.savedSearch}&num_items=20` },
    count: { label: 'GET /playlists/validate?search_query=river&num_items_all=1 (the count)', path: '/playlists/validate?search_query=river&num_items_all=1' },
    save: {
      label: 'PUT /media (one item: a new title)',
      path: '/media',
      method: 'PUT',
      body: (n) => JSON.stringify({ media: [{ id: ids[n % ids.length], title: `Saved title ${n}` }] }),
    },
    shows: { label: 'GET /shows (a week, 50 entries)', path: `/shows?start=${setup.weekStart}&end=${setup.weekEnd}&player=${setup.player}` },
  };
}
