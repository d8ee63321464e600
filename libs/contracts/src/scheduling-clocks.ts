// Music scheduling (issue 45, docs/decisions/clocks.md): categories of songs, clocks (hour
// templates of ordered slots), and each player's format (its rotation rules and the grid of which
// clock airs in which hour of the week).
import { z } from 'zod';
import { Empty, Id, Nothing } from './common';
import { SearchQuery } from './media-search';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';

const Ref = z.coerce.number().int().positive().max(2_147_483_647);
const SaveId = z.coerce.number().int().min(0).max(2_147_483_647);
const Minutes = z.number().int().min(0).max(10_080);

/** Where a category's songs come from: a playlist's media items, a search of the library, or a saved search. */
export const CategorySource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('playlist'), playlist_id: Ref.describe('The songs it names (its dynamic items are not read: make a search category of each)') }),
  z.object({ kind: z.literal('search'), query: SearchQuery }),
  z.object({ kind: z.literal('saved_search'), saved_search_id: Ref.describe('One of your own saved searches') }),
]);
export type CategorySource = z.infer<typeof CategorySource>;

export const MusicCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  source: z.unknown().describe('Where its songs come from (see the save)'),
});
export type MusicCategory = z.infer<typeof MusicCategory>;

export const RULE_NAMES = ['artist', 'title', 'album', 'plays_per_day', 'category_in_row'] as const;
export const RuleName = z.enum(RULE_NAMES);

export const RotationRules = z.object({
  artist_minutes: Minutes.describe('Minutes between two plays of one artist (0: no rule)'),
  title_minutes: Minutes.describe('Minutes between two plays of one title'),
  album_minutes: Minutes.describe('Minutes between two plays of one album'),
  plays_per_day: z.number().int().min(1).max(1000).nullable().describe("Plays of one song in the player's day (null: no rule)"),
  category_in_row: z.boolean().describe('Never two songs in a row from one category'),
  hard: z.array(RuleName).max(5).describe('Rules given up only when no song of the category keeps them'),
  relax_order: z.array(RuleName).max(5).describe('The soft rules in the order they are given up (those not named go last)'),
});
export type RotationRules = z.infer<typeof RotationRules>;

/** What a clock tightens of its player's rules (a separation only ever grows, a daily cap only falls). */
export const ClockRules = z.object({
  artist_minutes: Minutes.optional(),
  title_minutes: Minutes.optional(),
  album_minutes: Minutes.optional(),
  plays_per_day: z.number().int().min(1).max(1000).optional(),
  category_in_row: z.boolean().optional(),
});
export type ClockRules = z.infer<typeof ClockRules>;

const CategorySlot = z
  .object({
    kind: z.literal('category'),
    category_id: Ref,
    count: z.number().int().min(1).max(60).nullable().default(null).describe('Songs in the slot'),
    seconds: z.number().int().min(1).max(3600).nullable().default(null).describe('Or: songs until this much of the hour is filled'),
  })
  .refine((slot) => (slot.count === null) !== (slot.seconds === null), { message: 'give either count or seconds', path: ['count'] });

export const ClockSlot = z.union([
  CategorySlot,
  z.object({ kind: z.literal('station_id') }),
  z.object({
    kind: z.literal('fixed'),
    minute: z.number().int().min(0).max(59),
    media_id: Ref.describe('The item that airs at that minute (the news, a feature)'),
    start: z.enum(['hard', 'soft']).default('hard').describe('hard: what runs into it is ended there; soft: it waits for what airs to end'),
  }),
  z.object({ kind: z.literal('breakpoint') }),
]);
export type ClockSlot = z.infer<typeof ClockSlot>;

export const Clock = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  target_seconds: z.number().int(),
  fill_category_id: z.number().int().nullable(),
  overrun: z.enum(['fade_last', 'keep']),
  slots: z.array(ClockSlot),
  rules: ClockRules,
  updated: z.string().describe('ISO 8601 UTC'),
});
export type Clock = z.infer<typeof Clock>;

export const ClockInput = z.object({
  id: SaveId,
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  target_seconds: z.number().int().min(60).max(3600).default(3600).describe('How long the hour is (at most an hour)'),
  fill_category_id: Ref.nullable().default(null).describe('Where a short hour is filled from (none: it is left short, the default playlist after it)'),
  overrun: z.enum(['fade_last', 'keep']).default('fade_last').describe('A long hour: its last song ended at the hour with a fade, or left to end (the default playlist after it)'),
  slots: z.array(ClockSlot).min(1).max(100),
  rules: ClockRules.default({}),
});

export const FormatCell = z.object({
  weekday: z.number().int().min(1).max(7).describe('1 Monday … 7 Sunday, in the player’s zone'),
  hour: z.number().int().min(0).max(23),
  clock_id: Ref,
});

export const PlayerFormat = z.object({
  player_id: z.number().int(),
  rules: RotationRules,
  grid: z.array(FormatCell),
});
export type PlayerFormat = z.infer<typeof PlayerFormat>;

const uniqueCells = (grid: { weekday: number; hour: number }[]) => new Set(grid.map((c) => `${c.weekday}:${c.hour}`)).size === grid.length;

export const clockOperations = {
  clockCategories: defineOperation({
    subject: 'scheduling.clock_category.search',
    input: Empty,
    output: z.array(MusicCategory),
    auth: 'user',
    http: { method: 'GET', path: '/clocks/categories', summary: 'Every music category', tag },
  }),
  clockCategorySave: defineOperation({
    subject: 'scheduling.clock_category.save',
    input: z.object({ id: SaveId, name: z.string().trim().min(1).max(200), description: z.string().trim().max(2000).default(''), source: CategorySource }),
    output: z.object({ id: z.number().int(), songs: z.number().int().describe('The songs it finds now that may air') }),
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'PUT', path: '/clocks/categories/:id', summary: 'Save a music category (id 0 creates)', tag, creates: true },
    successMessage: 'Category saved.',
  }),
  clockCategoryDelete: defineOperation({
    subject: 'scheduling.clock_category.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'DELETE', path: '/clocks/categories/:id', summary: 'Delete a music category no clock uses', tag },
    successMessage: 'Category deleted.',
  }),
  clockSearch: defineOperation({
    subject: 'scheduling.clock.search',
    input: Empty,
    output: z.array(Clock),
    auth: 'user',
    http: { method: 'GET', path: '/clocks', summary: 'Every clock', tag },
  }),
  clockGet: defineOperation({
    subject: 'scheduling.clock.get',
    input: z.object({ id: Id }),
    output: Clock,
    auth: 'user',
    http: { method: 'GET', path: '/clocks/:id', summary: 'One clock', tag },
  }),
  clockSave: defineOperation({
    subject: 'scheduling.clock.save',
    input: ClockInput,
    output: z.object({ id: z.number().int(), warnings: z.array(z.string()).describe('What an hour of it cannot do from the library as it is (a category with no song, an hour it cannot fill)') }),
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'PUT', path: '/clocks/:id', summary: 'Save a clock (id 0 creates), with what an hour of it could not fill', tag, creates: true },
    successMessage: 'Clock saved.',
  }),
  clockDelete: defineOperation({
    subject: 'scheduling.clock.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'DELETE', path: '/clocks/:id', summary: 'Delete a clock no format uses', tag },
    successMessage: 'Clock deleted.',
  }),
  formatGet: defineOperation({
    subject: 'scheduling.format.get',
    input: z.object({ id: Id }),
    output: PlayerFormat,
    auth: 'user',
    http: { method: 'GET', path: '/players/:id/format', summary: "A player's rotation rules and clock grid", tag },
  }),
  formatSave: defineOperation({
    subject: 'scheduling.format.save',
    input: z.object({
      id: Id,
      rules: RotationRules.optional(),
      grid: z.array(FormatCell).max(168).refine(uniqueCells, 'one clock an hour: a weekday and hour is named twice').optional(),
    }),
    output: PlayerFormat,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'PUT', path: '/players/:id/format', summary: "Set a player's rotation rules or clock grid (what is not sent is kept)", tag },
    successMessage: 'Format saved.',
  }),
};

/** A rundown item a clock chose: why it airs there. */
export const ItemRotation = z.object({
  clock_id: z.number().int(),
  slot: z.number().int().describe('The clock slot it fills, from 1 (0: the fill at the end or before a fixed event)'),
  category_id: z.number().int().nullable(),
  relaxed: z.array(RuleName).describe('Soft rules given up for it (no song of the category kept them all)'),
  broken: z.array(RuleName).describe('Hard rules no song of the category could keep'),
  pick: z.number().int().describe('Which pick of its part of the hour it is, from 0 (a replacement is kept by it)'),
  replaced: z.boolean().optional().describe('Put there by hand (PUT /players/{id}/rundown/replace), not chosen by the clock'),
});
