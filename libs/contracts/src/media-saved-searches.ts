// Saved searches and search history of the logged-in user.
import { z } from 'zod';
import { Empty, Id, Nothing } from './common';
import { defineOperation } from './operation';
import { mediaTag as tag } from './media-items';
import { SearchFilter } from './media-search';

const SearchRecord = z.object({ id: z.number().int(), filters: z.unknown(), description: z.string(), default: z.boolean(), created: z.string() });

export const savedSearchOperations = {
  searches: defineOperation({
    subject: 'media.searches.list',
    input: Empty,
    output: z.object({ saved: z.array(SearchRecord), history: z.array(SearchRecord) }),
    auth: 'user',
    http: { method: 'GET', path: '/media/searches', summary: 'Saved searches and history of the logged-in user', tag },
  }),
  searchSave: defineOperation({
    subject: 'media.searches.save',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'POST', path: '/media/searches', summary: 'Move a search from history to saved', tag },
  }),
  searchDefault: defineOperation({
    subject: 'media.searches.default',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'POST', path: '/media/searches/default', summary: 'Make a saved search part of your default search', tag },
  }),
  searchUndefault: defineOperation({
    subject: 'media.searches.undefault',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/media/searches/default/:id', summary: 'Unset a default search', tag },
  }),
  searchEdit: defineOperation({
    subject: 'media.searches.edit',
    input: z.object({ id: Id, filters: z.array(SearchFilter).max(50), description: z.string().trim().max(500).default('') }),
    output: Nothing,
    auth: 'user',
    http: { method: 'PUT', path: '/media/searches/:id', summary: 'Edit a saved search', tag },
  }),
  searchDelete: defineOperation({
    subject: 'media.searches.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/media/searches/:id', summary: 'Delete a saved search', tag },
  }),
};
