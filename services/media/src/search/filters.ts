// Advanced-search filters to SQL (bound parameters only) and simple-search words.
import { badRequest, SearchFilter } from '@airwave/contracts';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { fold, searchTextFields, type MediaSchema } from '../schema';

type EB = ExpressionBuilder<MediaSchema, 'items'>;

const textFields = new Set(['comments', 'artist', 'title', 'album', 'type', 'category', 'country', 'language', 'genre', 'status']);
const inSearchText = new Set<string>(searchTextFields);
const numberFields = new Set(['year', 'duration']);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Parses the filters (400 on an unknown field or operator) and builds their conjunction. */
export function parseFilters(raw: unknown): SearchFilter[] {
  if (!Array.isArray(raw)) throw badRequest('Invalid input: filters: must be a list');
  return raw.map((f, i) => {
    const parsed = SearchFilter.safeParse(f);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`Invalid input: filters.${i}.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data;
  });
}

export function filterExpression(eb: EB, filter: SearchFilter): Expression<SqlBool> {
  const { filter: field, op, val } = filter;
  if (field === 'is_copyright_owner') {
    const flag = val === true || val === 'true' || val === '1' || val === 1;
    if (op === 'eq') return eb('is_copyright_owner', '=', flag);
    if (op === 'neq') return eb('is_copyright_owner', '<>', flag);
    throw badRequest(`Invalid input: filters: operator ${op} does not apply to is_copyright_owner`);
  }
  if (numberFields.has(field)) {
    const n = Number(val);
    if (!Number.isFinite(n)) throw badRequest(`Invalid input: filters: ${field} needs a number`);
    const column = field as 'year' | 'duration';
    const ops = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
    if (op in ops) return eb(column, ops[op as keyof typeof ops], n);
    throw badRequest(`Invalid input: filters: operator ${op} does not apply to ${field}`);
  }
  if (!textFields.has(field)) throw badRequest(`Invalid input: filters: unknown field ${field}`);
  const column = sql<string>`lower(${sql.ref(field)})`;
  const value = String(val).toLowerCase();
  switch (op) {
    case 'eq':
      return eb(column, '=', value);
    case 'neq':
      return eb(column, '<>', value);
    case 'contains':
    case 'has': {
      const contains = eb(column, 'like', `%${escapeLike(value)}%`);
      // A field's text is part of search_text, so the trigram index can narrow the rows first
      // (only for plain ASCII values, where JS and Postgres lower-casing agree with folding).
      if (inSearchText.has(field) && /^[\x20-\x7e]{3,}$/.test(value)) return eb.and([eb('search_text', 'like', `%${escapeLike(value)}%`), contains]);
      return contains;
    }
    case 'ncontains':
    case 'nhas':
      return eb(column, 'not like', `%${escapeLike(value)}%`);
    default:
      throw badRequest(`Invalid input: filters: operator ${op} does not apply to ${field}`);
  }
}

/** Whether a condition can use the trigram index: some LIKE pattern with three or more characters. */
export function usesTrigramIndex(text: string): boolean {
  return fold(text).split(/\s+/).some((w) => w.length >= 3);
}

/** Simple search: every word must appear (accent-insensitive, anywhere, so prefixes match); a number also matches the id. */
export function wordsExpression(eb: EB, text: string): Expression<SqlBool> | null {
  const words = fold(text).split(/\s+/).filter(Boolean).slice(0, 20);
  if (words.length === 0) return null;
  const allWords = eb.and(words.map((w) => eb('search_text', 'like', `%${escapeLike(w)}%`)));
  if (/^\d{1,9}$/.test(text.trim())) return eb.or([allWords, eb('id', '=', Number(text.trim()))]);
  return allWords;
}
