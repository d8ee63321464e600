// Between the clocks page and the API (docs/decisions/clocks.md): categories, clocks as the editor
// keeps them (each slot with a key of its own, for reordering), the body of a save, and the
// rotation rules in words.
import { i18n, msg } from '../i18n';
import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';
import { describeFilter } from '../components/FilterBuilder';
import type { Filter } from '../media/media-types';

type S = (typeof operationGroups)['scheduling'];
export type Clock = z.output<S['clockGet']['output']>;
export type Category = z.output<S['clockCategories']['output']>[number];
export type Format = z.output<S['formatGet']['output']>;
export type Rules = Format['rules'];
export type RuleName = Rules['hard'][number];
export type ClockRules = Clock['rules'];
export type GridCell = Format['grid'][number];

/** Where a category's songs come from, as the form edits it (every kind's fields kept while another is chosen). */
export interface SourceDraft {
  kind: 'playlist' | 'search' | 'advanced' | 'saved_search';
  playlist_id: number | null;
  words: string;
  filters: Filter[];
  saved_search_id: number | null;
}

export interface CategoryDraft {
  id: number;
  name: string;
  description: string;
  source: SourceDraft;
}

export type DraftSlot = { key: number } & (
  | { kind: 'category'; category_id: number | null; count: number | null; seconds: number | null }
  | { kind: 'station_id' }
  | { kind: 'fixed'; minute: number; media_id: number | null; title: string; start: 'hard' | 'soft' }
  | { kind: 'breakpoint' }
);

export interface ClockDraft {
  id: number;
  name: string;
  description: string;
  target_seconds: number;
  fill_category_id: number | null;
  overrun: 'fade_last' | 'keep';
  slots: DraftSlot[];
  rules: ClockRules;
}

/** The rules in words, as the forms and the rundown name them. */
export const ruleWords: Record<RuleName, string> = {
  artist: msg('artist separation'),
  title: msg('title separation'),
  album: msg('album separation'),
  plays_per_day: msg('plays per day'),
  category_in_row: msg('no two in a row from one category'),
};
export const RULES = Object.keys(ruleWords) as RuleName[];

/** "artist separation, plays per day". */
export const rulesText = (rules: readonly RuleName[]) => rules.map((rule) => i18n.t(ruleWords[rule])).join(', ');

/** The weekdays of a format's grid, 1 Monday … 7 Sunday. */
export const weekdays = [msg('Monday'), msg('Tuesday'), msg('Wednesday'), msg('Thursday'), msg('Friday'), msg('Saturday'), msg('Sunday')];

let counter = 0;
export const newKey = () => ++counter;

const blankSource: SourceDraft = { kind: 'search', playlist_id: null, words: '', filters: [{ filter: 'genre', op: 'eq', val: '' }], saved_search_id: null };

export function categoryDraftOf(category: Category | null): CategoryDraft {
  if (!category) return { id: 0, name: '', description: '', source: blankSource };
  const source = category.source as { kind: string; playlist_id?: number; saved_search_id?: number; query?: { mode: string; string?: string; filters?: Filter[] } };
  const draft: SourceDraft = { ...blankSource };
  if (source.kind === 'playlist') Object.assign(draft, { kind: 'playlist', playlist_id: source.playlist_id ?? null });
  else if (source.kind === 'saved_search') Object.assign(draft, { kind: 'saved_search', saved_search_id: source.saved_search_id ?? null });
  else if (source.query?.mode === 'advanced') Object.assign(draft, { kind: 'advanced', filters: source.query.filters ?? [] });
  else Object.assign(draft, { kind: 'search', words: source.query?.string ?? '' });
  return { id: category.id, name: category.name, description: category.description, source: draft };
}

/** The source a save sends. */
export function sourceInput(source: SourceDraft) {
  if (source.kind === 'playlist') return { kind: 'playlist' as const, playlist_id: source.playlist_id ?? 0 };
  if (source.kind === 'saved_search') return { kind: 'saved_search' as const, saved_search_id: source.saved_search_id ?? 0 };
  if (source.kind === 'advanced') return { kind: 'search' as const, query: { mode: 'advanced' as const, filters: source.filters } };
  return { kind: 'search' as const, query: { mode: 'simple' as const, string: source.words } };
}

/** A category's source in words: "playlist 4", "search: rock", "Genre is Pop", "saved search 2". */
export function sourceText(category: Category, playlistName: (id: number) => string): string {
  const draft = categoryDraftOf(category).source;
  if (draft.kind === 'playlist') return i18n.t('the playlist {{name}}', { name: playlistName(draft.playlist_id ?? 0) });
  if (draft.kind === 'saved_search') return i18n.t('saved search {{id}}', { id: draft.saved_search_id });
  if (draft.kind === 'advanced') return draft.filters.map(describeFilter).join('; ');
  return draft.words ? i18n.t('search: {{words}}', { words: draft.words }) : i18n.t('every song');
}

export function clockDraftOf(clock: Clock | null): ClockDraft {
  if (!clock) return { id: 0, name: '', description: '', target_seconds: 3600, fill_category_id: null, overrun: 'fade_last', slots: [], rules: {} };
  const slots = clock.slots.map((slot): DraftSlot => (slot.kind === 'fixed' ? { ...slot, title: '', key: newKey() } : { ...slot, key: newKey() }));
  return { id: clock.id, name: clock.name, description: clock.description, target_seconds: clock.target_seconds, fill_category_id: clock.fill_category_id, overrun: clock.overrun, slots, rules: clock.rules };
}

/** The slots a save sends (a category or an item not chosen yet goes as 0, which the server refuses under the slot). */
export function slotsInput(slots: DraftSlot[]) {
  return slots.map((slot) => {
    if (slot.kind === 'category') return { kind: slot.kind, category_id: slot.category_id ?? 0, count: slot.count, seconds: slot.seconds };
    if (slot.kind === 'fixed') return { kind: slot.kind, minute: slot.minute, media_id: slot.media_id ?? 0, start: slot.start };
    return { kind: slot.kind };
  });
}

/** What is missing in a slot before it can be saved, by the field's path (`slots.2.category_id`). */
export function slotProblems(slots: DraftSlot[]): Record<string, string> {
  const out: Record<string, string> = {};
  slots.forEach((slot, index) => {
    if (slot.kind === 'category' && slot.category_id === null) out[`slots.${index}.category_id`] = i18n.t('Choose a category.');
    if (slot.kind === 'fixed' && slot.media_id === null) out[`slots.${index}.media_id`] = i18n.t('Choose the item that airs.');
  });
  return out;
}

/** A new slot of a kind, as the "Add" buttons make it. */
export function newSlot(kind: DraftSlot['kind']): DraftSlot {
  const key = newKey();
  if (kind === 'category') return { key, kind, category_id: null, count: 1, seconds: null };
  if (kind === 'fixed') return { key, kind, minute: 30, media_id: null, title: '', start: 'hard' };
  return { key, kind };
}

/** `items` with the one at `from` moved to `to`. */
export function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
