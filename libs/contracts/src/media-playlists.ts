// Playlists as OpenBroadcaster has them (docs/decisions/playlists.md): what a playlist and its items
// are, how they are saved, OB's search of them, the estimate of a dynamic item, and the playlist
// events' payload. Owned by the media service (playlists are made of the library's items).
import { z } from 'zod';
import { Flag, Id, Nothing } from './common';
import { documentedInput } from './input-forms';
import { MediaType, Visibility } from './media-items';
import { SearchQuery } from './media-search';
import { CustomItemInput, fromObCustom, fromObVoicetrack, ObCustomItemInput, ObVoicetrackItemInput, PlaylistItemOrder, VoicetrackItemInput, VoicetrackSettings } from './media-playlist-voicetracks';
import { defineOperation } from './operation';

export const playlistsTag = 'Playlists';
const tag = playlistsTag;

/** OB's three types; `live_assist` is stored and answered, and aired by Airwave's playout as a standard playlist. */
export const PlaylistType = z.enum(['standard', 'advanced', 'live_assist']);
const PlaylistTypeInput = z.enum(['standard', 'advanced', 'live_assist'], { error: 'must be standard, advanced or live_assist' });

const Seconds = (max: number) => z.coerce.number({ error: 'must be a number of seconds' }).min(0, 'must not be negative').max(max);
const ImageDuration = z.coerce.number({ error: 'must be a number of seconds' }).positive('must be more than 0 seconds').max(86_400);

/** A media item of the library, aired as it is (images: for `image_duration` seconds). */
const MediaItemInput = z.object({
  type: z.literal('media'),
  media_id: Id.describe('The library item (OpenBroadcaster clients send it as `id`)'),
  crossfade: Seconds(60).default(0),
  image_duration: ImageDuration.default(15),
});

/**
 * OpenBroadcaster's media item (models/playlists_model.php, controllers/playlists.php): `id` for
 * the library item, `duration` (an image's seconds; for audio and video the item's own length,
 * which the library knows), and `properties` as OB answers them (`crossfade`, an image's
 * `duration`). Our own names win where both are sent.
 */
function fromObShape(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const item = raw as Record<string, unknown>;
  if (item.type !== 'media' || item.media_id !== undefined || item.id === undefined) return raw;
  const properties = item.properties && typeof item.properties === 'object' ? (item.properties as Record<string, unknown>) : {};
  const { id, duration, properties: _properties, ...rest } = item;
  const crossfade = rest.crossfade ?? properties.crossfade;
  const imageDuration = rest.image_duration ?? properties.duration ?? duration;
  return { ...rest, media_id: id, ...(crossfade !== undefined ? { crossfade } : {}), ...(imageDuration !== undefined ? { image_duration: imageDuration } : {}) };
}

/** Any item in OpenBroadcaster's shape, in ours (media: above; voicetrack and custom: media-playlist-voicetracks.ts). */
const fromObShapes = (raw: unknown): unknown => fromObCustom(fromObVoicetrack(fromObShape(raw)));

/** Up to `num_items` items (or all of them) found by a search of the library when it airs. */
const DynamicItemInput = z
  .object({
    type: z.literal('dynamic'),
    name: z.string().trim().max(200).default(''),
    query: SearchQuery.optional().describe("What to find, as the media search's q: words, or advanced filters"),
    saved_search_id: Id.optional().describe('One of your saved searches, instead of query (read when the playlist airs)'),
    num_items: z.coerce.number().int('must be a whole number').positive('must be at least 1').max(10_000).nullable().default(null).describe('How many items; null (or num_items_all) for every match'),
    num_items_all: Flag.optional().describe("OpenBroadcaster's flag for every match"),
    image_duration: ImageDuration.default(15),
    crossfade: Seconds(60).default(0),
  })
  .refine((item) => (item.query === undefined) !== (item.saved_search_id === undefined), { message: 'give either query or saved_search_id', path: ['query'] });

const itemKinds = [DynamicItemInput, VoicetrackItemInput, CustomItemInput, z.object({ type: z.literal('station_id') }), z.object({ type: z.literal('breakpoint') })] as const;

/** OpenBroadcaster's form of a media item, as the OpenAPI document shows it beside ours. */
const ObMediaItemInput = z.object({
  type: z.literal('media'),
  id: Id.describe("The library item (OpenBroadcaster's name for media_id)"),
  duration: z.union([z.number(), z.string()]).optional().describe("An image's seconds (ignored for audio and video); OB's console sends it as text"),
  crossfade: z.union([z.number(), z.string()]).optional(),
  properties: z.object({ crossfade: z.number().optional(), duration: z.number().optional() }).optional(),
});

export const PlaylistItemInput = documentedInput(
  z.preprocess(fromObShapes, z.discriminatedUnion('type', [MediaItemInput, ...itemKinds], { error: 'type must be media, voicetrack, dynamic, station_id, breakpoint or custom' })),
  z.union([MediaItemInput, ObMediaItemInput, ...itemKinds, ObVoicetrackItemInput, ObCustomItemInput]),
);
export type PlaylistItemInput = z.output<typeof PlaylistItemInput>;

/** The item of a playlist as the API answers it. */
export const PlaylistItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('media'),
    media_id: z.number().int(),
    /** `media_id` under OpenBroadcaster's name, for its clients. */
    id: z.number().int(),
    /** As OpenBroadcaster answers them: `crossfade`, and an image's `duration`. */
    properties: z.object({ crossfade: z.number(), duration: z.number().optional() }),
    /** null: the item no longer exists in the library (it is skipped when the playlist airs). */
    media_type: MediaType.nullable(),
    title: z.string(),
    artist: z.string(),
    /** Seconds: the item's, or `image_duration` for an image. */
    duration: z.number(),
    crossfade: z.number(),
    image_duration: z.number(),
  }),
  z.object({
    type: z.literal('dynamic'),
    name: z.string(),
    query: z.union([z.object({ mode: z.literal('simple'), string: z.string() }), z.object({ mode: z.literal('advanced'), filters: z.array(z.unknown()) })]).nullable(),
    saved_search_id: z.number().int().nullable(),
    num_items: z.number().int().nullable(),
    image_duration: z.number(),
    crossfade: z.number(),
    /** The estimate, as GET /playlists/validate answers it. */
    matches: z.number().int(),
    duration: z.number(),
  }),
  z.object({
    type: z.literal('voicetrack'),
    media_id: z.number().int(),
    /** `media_id` under OpenBroadcaster's name, for its clients. */
    id: z.number().int(),
    /** The voicetrack settings as OpenBroadcaster answers them. */
    properties: VoicetrackSettings,
    media_type: MediaType.nullable(),
    title: z.string(),
    artist: z.string(),
    /** Seconds: the voice's own length. */
    duration: z.number(),
    ...VoicetrackSettings.shape,
  }),
  z.object({
    type: z.literal('custom'),
    /** The custom item type it names (a module's; none is registered in Airwave, so it airs nothing). */
    name: z.string(),
    /** As OpenBroadcaster answers it. */
    properties: z.object({ name: z.string() }),
  }),
  z.object({ type: z.literal('station_id') }),
  z.object({ type: z.literal('breakpoint') }),
]);
export type PlaylistItem = z.infer<typeof PlaylistItem>;

/** A playlist in a search's results (no items). */
export const PlaylistSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: Visibility,
  type: PlaylistType,
  owner_id: z.number().int(),
  permitted_users: z.array(z.number().int()),
  permitted_groups: z.array(z.number().int()),
  created: z.string(),
  updated: z.string(),
  can_edit: z.boolean(),
});
export type PlaylistSummary = z.infer<typeof PlaylistSummary>;

export const WhereUsed = z.object({
  used: z.array(
    z.object({
      where: z.enum(['show', 'default_playlist']),
      /** The show's or the player's id. */
      id: z.number().int(),
      player_id: z.number().int(),
      /** The player's name. */
      name: z.string(),
      user_id: z.number().int().nullable(),
    }),
  ),
  /** False while anything uses it: a playlist in use is not deleted. */
  can_delete: z.boolean(),
});
export type WhereUsed = z.infer<typeof WhereUsed>;

export const Playlist = PlaylistSummary.extend({
  items: z.array(PlaylistItem),
  /** Seconds: the items' durations added up (dynamic items by their estimate). */
  duration: z.number(),
  where_used: WhereUsed.optional().describe('With where_used=1: the shows and players naming it'),
});
export type Playlist = z.infer<typeof Playlist>;

const PlaylistFields = {
  name: z.string().trim().min(1, 'is required').max(200),
  description: z.string().trim().max(5000).default(''),
  status: Visibility.default('private'),
  type: PlaylistTypeInput.default('standard'),
  items: z.array(PlaylistItemInput).max(2000).superRefine(PlaylistItemOrder).default([]),
  permitted_users: z.array(Id).max(500).optional().describe('Needs playlists_advanced_permissions'),
  permitted_groups: z.array(Id).max(500).optional().describe('Needs playlists_advanced_permissions'),
};
export const PlaylistInput = z.object(PlaylistFields);
export type PlaylistInput = z.output<typeof PlaylistInput>;

/** An edit: a field left out keeps its value (items left out stay as they are; items sent replace them all). */
export const PlaylistEdit = z.object({
  id: Id,
  name: PlaylistFields.name.optional(),
  description: z.string().trim().max(5000).optional(),
  status: Visibility.optional(),
  type: PlaylistTypeInput.optional(),
  items: z.array(PlaylistItemInput).max(2000).superRefine(PlaylistItemOrder).optional(),
  permitted_users: PlaylistFields.permitted_users,
  permitted_groups: PlaylistFields.permitted_groups,
});
export type PlaylistEdit = z.output<typeof PlaylistEdit>;

export const playlistSortFields = ['name', 'description', 'updated', 'created'] as const;

/** The estimate of a dynamic item (OB's validate_dynamic_properties). */
export const DynamicEstimateInput = z
  .object({
    search_query: SearchQuery.optional().describe("OpenBroadcaster's name: what to find, as the media search's q"),
    query: SearchQuery.optional().describe('The same as search_query'),
    saved_search_id: Id.optional(),
    num_items: z.coerce.number().int('must be a whole number').positive('must be at least 1').max(10_000).optional(),
    num_items_all: Flag.optional(),
    image_duration: ImageDuration.default(15),
  })
  .transform(({ search_query, query, ...rest }) => ({ ...rest, query: query ?? search_query }))
  .refine((v) => (v.query === undefined) !== (v.saved_search_id === undefined), { message: 'give either search_query or saved_search_id', path: ['search_query'] })
  .refine((v) => v.num_items !== undefined || v.num_items_all === true, { message: 'give num_items or num_items_all', path: ['num_items'] });

export const DynamicEstimate = z.object({
  /** Items of the library the search finds now (approved, not archived). */
  matches: z.number().int(),
  /** The items it would air: num_items, or every match, never more than match. */
  num_items: z.number().int(),
  /** Seconds: their total duration (images count image_duration). */
  duration: z.number(),
});

export const playlistOperations = {
  playlistSearch: defineOperation({
    subject: 'media.playlists.search',
    input: z.object({
      q: z.string().max(500).default('').describe('Words to find in the name or description'),
      l: z.coerce.number().int().min(1).max(500).default(50),
      o: z.coerce.number().int().min(0).max(100_000).default(0),
      sort_by: z.enum(playlistSortFields).default('updated'),
      sort_dir: z.enum(['asc', 'desc']).default('desc'),
      my: Flag.optional().describe('Only your own playlists'),
    }),
    output: z.object({ num_results: z.number().int(), playlists: z.array(PlaylistSummary) }),
    auth: 'user',
    http: { method: 'GET', path: '/playlists', summary: "Playlists you may see, searched as OpenBroadcaster's (q, l, o, sort_by, sort_dir, my)", tag },
  }),
  playlistValidate: defineOperation({
    subject: 'media.playlists.validate',
    input: DynamicEstimateInput,
    output: DynamicEstimate,
    auth: 'user',
    http: { method: 'GET', path: '/playlists/validate', summary: "A dynamic item's estimate: how many items its search finds and their duration", tag },
  }),
  playlistGet: defineOperation({
    subject: 'media.playlists.get',
    input: z.object({ id: Id, where_used: Flag.optional() }),
    output: Playlist,
    auth: 'user',
    http: { method: 'GET', path: '/playlists/:id', summary: 'One playlist with its items (and where it is used, with where_used=1)', tag },
  }),
  playlistCreate: defineOperation({
    subject: 'media.playlists.create',
    input: PlaylistInput,
    output: Playlist,
    auth: 'user',
    http: { method: 'POST', path: '/playlists', summary: 'Create a playlist (manage_playlists or create_own_playlists)', tag, creates: true },
    successMessage: 'Playlist saved.',
  }),
  playlistSave: defineOperation({
    subject: 'media.playlists.save',
    input: PlaylistEdit,
    output: Playlist,
    auth: 'user',
    http: { method: 'PUT', path: '/playlists/:id', summary: 'Edit a playlist (fields left out stay; items sent replace its items)', tag },
    successMessage: 'Playlist saved.',
  }),
  playlistDelete: defineOperation({
    subject: 'media.playlists.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    http: { method: 'DELETE', path: '/playlists/:id', summary: 'Delete a playlist no show or player uses', tag },
    successMessage: 'Playlist deleted.',
  }),
};
