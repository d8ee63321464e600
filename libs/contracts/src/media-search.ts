// Searching the library: filters, the query forms clients send, sorting, and the search operation.
import { z } from 'zod';
import { Flag } from './common';
import { defineOperation } from './operation';
import { documentedInput } from './input-forms';
import { MediaItem, mediaTag as tag } from './media-items';

export const filterFields = ['comments', 'artist', 'title', 'album', 'year', 'type', 'category', 'country', 'language', 'genre', 'duration', 'is_copyright_owner', 'status'] as const;
export const filterOps = ['eq', 'neq', 'contains', 'ncontains', 'gt', 'gte', 'lt', 'lte', 'has', 'nhas'] as const;
export const filterOpAliases: Record<string, (typeof filterOps)[number]> = { is: 'eq', not: 'neq', like: 'contains', not_like: 'ncontains', not_has: 'nhas' };

export const SearchFilter = z.object({
  filter: z.enum(filterFields, { error: `must be one of ${filterFields.join(', ')}` }),
  op: documentedInput(
    z.preprocess((v) => (typeof v === 'string' && v in filterOpAliases ? filterOpAliases[v] : v), z.enum(filterOps, { error: `must be one of ${filterOps.join(', ')}` })),
    z.enum([...filterOps, ...(Object.keys(filterOpAliases) as [string, ...string[]])]).describe(`Also OpenBroadcaster's names: ${Object.entries(filterOpAliases).map(([a, o]) => `${a} (${o})`).join(', ')}`),
  ),
  val: z.union([z.string().max(500), z.number(), z.boolean()]),
});
export type SearchFilter = z.infer<typeof SearchFilter>;

const SimpleQuery = z.object({ mode: z.literal('simple'), string: z.string().max(500).default('') });
const AdvancedQuery = z.object({ mode: z.literal('advanced'), filters: z.array(SearchFilter).max(50) });

/** `q` as clients send it: an object (or its JSON in a query string), or a plain string. */
export const SearchQuery = documentedInput(
  z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const trimmed = v.trim();
        if (trimmed.startsWith('{')) {
          try {
            return JSON.parse(trimmed) as unknown;
          } catch {
            return v;
          }
        }
        return { mode: 'simple', string: v };
      }
      return v ?? { mode: 'simple', string: '' };
    },
    z.discriminatedUnion('mode', [SimpleQuery, AdvancedQuery]),
  ),
  z
    .union([z.string().max(20_000).describe('Words to find (a simple search), or the JSON of one of the objects'), SimpleQuery, AdvancedQuery])
    .optional()
    .describe('What to find: plain words, or a simple or advanced search (in a query string in bracket notation, q[mode]=advanced&q[filters][0][filter]=genre, or as JSON). Default: everything.'),
);
export type SearchQuery = z.infer<typeof SearchQuery>;

export const sortFields = ['artist', 'album', 'title', 'year', 'category_name', 'genre_name', 'country_name', 'language_name', 'duration', 'updated'] as const;

export const mediaSearchOperations = {
  search: defineOperation({
    subject: 'media.search',
    input: z.object({
      q: SearchQuery,
      l: z.coerce.number().int().min(1).max(500).default(50),
      o: z.coerce.number().int().min(0).max(100_000).default(0),
      sort_by: z.enum(sortFields).default('updated'),
      sort_dir: z.enum(['asc', 'desc']).default('desc'),
      s: z.enum(['approved', 'unapproved', 'archived']).default('approved'),
      my: Flag.optional(),
      save_history: Flag.optional(),
    }),
    output: z.object({
      num_results: z.number().int().describe('Exact when num_results_exact; past 1,000 matches an estimate (always above 1,000)'),
      num_results_exact: z.boolean(),
      media: z.array(MediaItem),
    }),
    auth: 'user',
    http: { method: 'GET', path: '/media/search', summary: 'Search the library (simple words or advanced filters)', tag },
  }),
};
