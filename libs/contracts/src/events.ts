// Every event the services publish: subject `<service>.<entity>.<verb>` (on NATS:
// `<prefix>.events.<subject>`, stream `<PREFIX>_EVENTS`) and its payload schema. The frame around
// every payload is `EventFrame` (id, type, occurredAt, actor, payload). docs/events.md lists them.
import { z } from 'zod';
import { MediaAnalysis } from './media-analysis';
import { MediaItem } from './media-items';
import { Playlist } from './media-playlists';
import { Alert } from './scheduling-alerts';
import { Clock, MusicCategory, PlayerFormat } from './scheduling-clocks';
import { DaypartingRestriction } from './scheduling-dayparting';
import { AsRunEntry } from './scheduling-monitor';
import { Player } from './scheduling-players';
import { securityEventDescriptions, securityEventPayloads } from './security-events';
import { Show } from './scheduling-shows';
import { Timeslot } from './scheduling-timeslots';
import { Webhook } from './webhook-records';
import { UserInfo } from './users';

const moduleRef = z.object({ name: z.string(), version: z.string() });

/** An exception to one occurrence of a timeslot or show, as the API answers it, with the player. */
const seriesException = z.object({
  id: z.number().int(),
  series_id: z.number().int(),
  player_id: z.number().int(),
  user_id: z.number().int(),
  original_start: z.string(),
  skip: z.boolean(),
  start: z.string().nullable(),
  duration: z.number().int().nullable(),
  matches: z.boolean(),
});
/** What a player airs now, as it reported it: ends ISO 8601 in the player's zone, `updated` in UTC. */
const nowPlayingState = z.object({
  player_id: z.number().int(),
  show_name: z.string().nullable(),
  playlist_id: z.number().int().nullable(),
  playlist_end: z.string().nullable(),
  media_id: z.number().int().nullable(),
  media_end: z.string().nullable(),
  updated: z.string(),
});
const exceptionGone = z.object({ id: z.number().int(), series_id: z.number().int(), player_id: z.number().int(), original_start: z.string() });

/**
 * A media item as GET /media/{id} answers it, without `can_edit`: that says what the caller may do,
 * not what the item is, and an event has many readers.
 */
export const MediaItemState = MediaItem.omit({ can_edit: true });
/** A playlist as GET /playlists/{id} answers it, without what depends on the reader (`can_edit`) or on asking (`where_used`). */
export const PlaylistState = Playlist.omit({ can_edit: true, where_used: true });
/** Items archived, restored or deleted: their ids (as before) and each one's state after the change, or its last. */
const mediaItems = z.object({ ids: z.array(z.number().int()), items: z.array(MediaItemState) });

export const eventPayloads = {
  // A user as GET /users/{id} answers it (never a password hash or a second factor): after the change, or its last state.
  'account.user.created': UserInfo,
  'account.user.updated': UserInfo,
  'account.user.deleted': UserInfo,
  'account.group.saved': z.object({ id: z.number().int(), name: z.string(), permissions: z.array(z.string()) }),
  'account.group.deleted': z.object({ id: z.number().int() }),
  ...securityEventPayloads,
  // `created` (whether the save made the item) as before; the item itself beside it, as its own `created` is a time.
  'media.item.saved': z.object({ id: z.number().int(), created: z.boolean(), item: MediaItemState }),
  'media.item.analysed': z.object({ id: z.number().int(), analysis: MediaAnalysis.omit({ waveform: true }) }),
  'media.item.archived': mediaItems,
  'media.item.unarchived': mediaItems,
  'media.item.deleted': mediaItems,
  'media.playlist.saved': PlaylistState,
  'media.playlist.deleted': PlaylistState,
  // A player or dayparting restriction as the API answers it (GET /players/{id}, GET /dayparting/{id}): after the change, or its last state.
  'scheduling.player.saved': Player,
  'scheduling.player.deleted': Player,
  // A player's sync refused (remote.php): which player and why, never the password; the address is the actor's.
  'scheduling.player.sync_refused': z.object({ player_id: z.number().int(), reason: z.enum(['password', 'no_password', 'address']) }),
  'scheduling.now_playing.changed': nowPlayingState,
  // As-run entries as the player monitor answers them, at most 100 an event (one append may be several).
  'scheduling.asrun.recorded': z.object({ player_id: z.number().int(), entries: z.array(AsRunEntry) }),
  // An alert as GET /alerts/{id} answers it: after the change, or its last state.
  'scheduling.alert.saved': Alert,
  'scheduling.alert.deleted': Alert,
  // A timeslot or show as the API answers it (GET /timeslots/{id}, GET /shows/{id}): after the change, or its last state.
  'scheduling.timeslot.saved': Timeslot,
  'scheduling.timeslot.deleted': Timeslot,
  'scheduling.show.saved': Show,
  'scheduling.show.deleted': Show,
  'scheduling.show.flagged': z.object({ id: z.number().int(), player_id: z.number().int(), reason: z.string() }),
  'scheduling.timeslot.exception.saved': seriesException,
  'scheduling.timeslot.exception.deleted': exceptionGone,
  'scheduling.show.exception.saved': seriesException.extend({ item_type: z.string().nullable(), item_id: z.number().int().nullable() }),
  'scheduling.show.exception.deleted': exceptionGone,
  'scheduling.dayparting.saved': DaypartingRestriction,
  'scheduling.dayparting.deleted': DaypartingRestriction,
  'scheduling.clock_category.saved': MusicCategory,
  'scheduling.clock_category.deleted': MusicCategory,
  'scheduling.clock.saved': Clock,
  'scheduling.clock.deleted': Clock,
  'scheduling.format.saved': PlayerFormat,
  // A window of a player's rundown that was answered before and may now differ (times ISO 8601 in the player's zone).
  'scheduling.rundown.changed': z.object({ player_id: z.number().int(), start: z.string(), end: z.string() }),
  'modules.module.installed': moduleRef,
  'modules.module.uninstalled': moduleRef,
  'modules.module.purged': z.object({ name: z.string() }),
  // A webhook as GET /webhooks/{id} answers it (never its secret): after the change, or its last state.
  'modules.webhook.saved': Webhook,
  'modules.webhook.deleted': Webhook,
} satisfies Record<string, z.ZodType>;

/** Areas add their events here (media.item.archived, scheduling.show.saved, …). */
export const eventRegistry: Record<string, z.ZodType> = { ...eventPayloads };

export type EventType = keyof typeof eventPayloads;
export type EventPayload<T extends EventType> = z.input<(typeof eventPayloads)[T]>;

export const eventDescriptions: Record<string, string> = {
  'account.user.created': 'A user was created (by an administrator or by registration); the payload is the user as GET /users/{id} answers it.',
  'account.user.updated': 'A user was edited, enabled or disabled, or their groups changed; the payload is the user as GET /users/{id} answers it after the change (group_ids: their groups now).',
  'account.user.deleted': 'A user was deleted; services drop what they keep for that user. The payload is their last state, as GET /users/{id} answered it.',
  'account.group.saved': 'A group was created or edited (name or permissions).',
  'account.group.deleted': 'A group was deleted.',
  ...securityEventDescriptions,
  'media.item.saved': 'A media item was created, edited, given another version as its file, or given its decoded length (no actor): `id`, `created` (whether this save made it) and `item`, the item as GET /media/{id} answers it (without can_edit).',
  'media.item.analysed': 'A media item\'s file was analysed (issue 44; no actor), or an editor set its cue points (the editor the actor): `id`, and `analysis` as GET /media/analysis/{id} answers it, without the waveform.',
  'media.item.archived': 'Media items were archived: `ids`, and `items`, each as GET /media/{id} answers it after the change (without can_edit).',
  'media.item.unarchived': 'Media items were taken out of the archive: `ids`, and `items`, each as GET /media/{id} answers it after the change (without can_edit).',
  'media.item.deleted': 'Media items were deleted for good (their files with them): `ids`, and `items`, each one\'s last state as GET /media/{id} answered it (without can_edit).',
  'media.playlist.saved': 'A playlist was created or edited; the payload is the playlist as GET /playlists/{id} answers it (without can_edit and where_used).',
  'media.playlist.deleted': 'A playlist was deleted; the payload is its last state, as GET /playlists/{id} answered it (without can_edit and where_used).',
  'scheduling.player.saved': 'A player was created or edited; the payload is the player as GET /players/{id} answers it to manage_players (never its password or hash). Its syncs publish nothing.',
  'scheduling.player.deleted': 'A player was deleted; the payload is its last state, as GET /players/{id} answered it.',
  'scheduling.player.sync_refused': "A player's sync (OB Player's remote.php) was refused: a wrong password, no password set, or another address than its pin (the client address is the actor's). Kept in the audit trail.",
  'scheduling.now_playing.changed': 'A player reported that it airs something else (another show, item, or nothing): what it airs now, as GET /players/playing/{id} reads it.',
  'scheduling.asrun.recorded': 'A player reported plays for its as-run log: the new entries (duplicates skipped), as GET /players/monitor answers them; at most 100 an event.',
  'scheduling.alert.saved': 'An alert (priority broadcast) was created or edited; the payload is the alert as GET /alerts/{id} answers it.',
  'scheduling.alert.deleted': 'An alert was deleted; the payload is its last state, as GET /alerts/{id} answered it.',
  'scheduling.timeslot.saved': 'A timeslot was created, edited, or made by a split; the payload is the timeslot as GET /timeslots/{id} answers it.',
  'scheduling.timeslot.deleted': 'A timeslot was deleted (its exceptions with it); the payload is its last state, as GET /timeslots/{id} answered it.',
  'scheduling.show.saved': 'A show was created, edited, or made by a split; the payload is the show as GET /shows/{id} answers it.',
  'scheduling.show.deleted': 'A show was deleted; the payload is its last state, as GET /shows/{id} answered it.',
  'scheduling.show.flagged': 'A show needs attention: the media it airs was archived or deleted (`reason`).',
  'scheduling.dayparting.saved': 'A dayparting restriction was created or edited; the payload is the restriction as GET /dayparting/{id} answers it.',
  'scheduling.dayparting.deleted': 'A dayparting restriction was deleted; the payload is its last state, as GET /dayparting/{id} answered it.',
  'scheduling.clock_category.saved': 'A music category was created or edited; the payload is the category as GET /clocks/categories answers it. Clock hours not yet begun that draw on it are resolved again.',
  'scheduling.clock_category.deleted': 'A music category was deleted; the payload is its last state.',
  'scheduling.clock.saved': 'A clock was created or edited; the payload is the clock as GET /clocks/{id} answers it. The hours ahead that use it (and only those) are resolved again.',
  'scheduling.clock.deleted': 'A clock was deleted; the payload is its last state, as GET /clocks/{id} answered it.',
  'scheduling.format.saved': "A player's rotation rules or clock grid were set; the payload is the format as GET /players/{id}/format answers it.",
  'scheduling.rundown.changed': "Part of a player's rundown that was answered before may now differ (a show, timeslot, player, dayparting restriction, clock, music category, format, playlist or media item changed): `player_id` and the window [`start`, `end`) of the blocks to ask for again. Blocks that have begun keep their items.",
  'scheduling.timeslot.exception.saved': 'One occurrence of a timeslot was skipped or moved (or that exception edited); the payload is the exception.',
  'scheduling.timeslot.exception.deleted': 'An exception to a timeslot was deleted: that occurrence happens as the series says again.',
  'scheduling.show.exception.saved': 'One occurrence of a show was skipped, moved or given another item (or that exception edited); the payload is the exception.',
  'scheduling.show.exception.deleted': 'An exception to a show was deleted: that occurrence airs as the series says again.',
  'modules.module.installed': 'A module was installed: its routes, handlers and permissions are live on every replica.',
  'modules.module.uninstalled': 'A module was uninstalled: its routes and permissions are gone; its data stays.',
  'modules.module.purged': 'A module was purged: its schema and data were dropped.',
  'modules.webhook.saved': 'A webhook was registered or changed (URL, event types, enabled, or its secret replaced); never the secret.',
  'modules.webhook.deleted': 'A webhook was deleted, with its delivery log; the payload is its last state.',
};
