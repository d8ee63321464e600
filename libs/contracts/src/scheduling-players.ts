// Players as OpenBroadcaster has them (docs/decisions/players.md): what a player is, how it is
// saved, OB's search of them, and the player each schedule page last showed.
import { z } from 'zod';
import { Flag, Id, Nothing } from './common';
import { documentedInput } from './input-forms';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';

export const TimeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as Europe/London');

/**
 * Who airs the player: `external` (OB Player on a box, syncing through remote.php) or `airwave`
 * (the playout service airs its rundown to the Icecast mount `stream_url`; docs/playout.md).
 */
export const PlayoutMode = z.enum(['external', 'airwave']);
export type PlayoutMode = z.infer<typeof PlayoutMode>;

/** The kinds of request a player's last connect is kept for (OB's last_connect_<kind> columns). */
export const ConnectKind = z.enum(['schedule', 'emergency', 'playlog', 'media']);

const instantText = z.string().nullable();

/** A player as the API answers it. Never its password; `ip_address` only for manage_players. */
export const Player = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  timezone: z.string(),
  stream_url: z.string().describe('The stream listeners hear; for a player aired by Airwave (`playout` airwave), its Icecast mount'),
  playout: PlayoutMode,
  has_icecast_source: z.boolean().describe("Whether the Icecast source password is set (the password itself is never answered)"),
  can_sync: z.boolean().describe('Whether it has a password, without which a player cannot sync'),
  ip_address: z.string().nullable().optional().describe('The only address the player may sync from (null: any); answered to manage_players only'),
  support_audio: z.boolean(),
  support_video: z.boolean(),
  support_images: z.boolean(),
  support_linein: z.boolean(),
  station_ids: z.array(z.number().int()).describe('Media items the player airs as station IDs'),
  station_id_image_duration: z.number().int().describe('Seconds a station ID that is an image is shown'),
  loudness_target: z.number().describe("The loudness Airwave's playout airs each analysed item at, LUFS: -18 by default; -23 is EBU R128's broadcast level, -16 streaming's"),
  default_playlist_id: z.number().int().nullable().describe('The playlist that fills every gap'),
  parent_player_id: z.number().int().nullable(),
  use_parent_schedule: z.boolean(),
  use_parent_dynamic: z.boolean(),
  use_parent_ids: z.boolean(),
  use_parent_playlist: z.boolean(),
  use_parent_alert: z.boolean(),
  version: z.string().describe('Read only: the version the player last reported'),
  last_connect: instantText.describe('Read only: its last sync request of any kind (UTC)'),
  last_connect_schedule: instantText,
  last_connect_emergency: instantText,
  last_connect_playlog: instantText,
  last_connect_media: instantText,
  last_ip_address: z.string().nullable().describe('Read only: the address of its last sync ("******" without manage_players)'),
  longitude: z.number().nullable().describe('Read only: as the player reported it'),
  latitude: z.number().nullable(),
});
export type Player = z.infer<typeof Player>;

/** A reference that may be absent: an id, or "", 0 or null for none (what OB's forms send). */
const OptionalRef = z.union([z.literal(''), z.literal(0), z.literal('0'), z.null(), Id]).transform((v) => (v === '' || v === 0 || v === '0' || v === null ? null : v));

const StreamUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000)]);
const IpAddress = z.union([z.literal(''), z.null(), z.ipv4({ error: 'must be an IPv4 or IPv6 address' }), z.ipv6({ error: 'must be an IPv4 or IPv6 address' })]);
export const SourcePassword = z.union([z.literal(''), z.null(), z.string().min(6, 'must be at least 6 characters').max(200)]);
const Password = z.union([z.literal(''), z.null(), z.string().min(6, 'must be at least 6 characters').max(200)]);

/**
 * What a save may send. On an edit a field left out keeps its value (only name, timezone and
 * description are always written, as before); an empty password keeps the old one.
 */
const PlayerFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  timezone: TimeZone,
  stream_url: StreamUrl.optional(),
  password: Password.optional().describe('Write only, at least 6 characters; empty or absent keeps the current one'),
  playout: PlayoutMode.optional().describe('Who airs the player: external (OB Player, the default) or airwave (the playout service, to the Icecast mount stream_url)'),
  source_password: SourcePassword.optional().describe('Write only: the Icecast source password of the mount stream_url, kept encrypted; empty or absent keeps it, null clears it'),
  ip_address: IpAddress.optional().describe('Pin the player to one address; empty or null: any'),
  support_audio: Flag.optional(),
  support_video: Flag.optional(),
  support_images: Flag.optional(),
  support_linein: Flag.optional(),
  station_ids: z.array(Id).max(100).optional(),
  station_id_image_duration: z.coerce.number().int('must be whole seconds').positive().max(86_400).optional(),
  loudness_target: z.coerce.number({ error: 'must be a loudness in LUFS, e.g. -18' }).min(-31, 'must be from -31 to -5 LUFS').max(-5, 'must be from -31 to -5 LUFS').optional(),
  default_playlist_id: OptionalRef.optional(),
  default_playlist: OptionalRef.optional().describe("OpenBroadcaster's name for default_playlist_id"),
  parent_player_id: OptionalRef.optional(),
  use_parent_schedule: Flag.optional(),
  use_parent_dynamic: Flag.optional(),
  use_parent_ids: Flag.optional(),
  use_parent_playlist: Flag.optional(),
  use_parent_alert: Flag.optional(),
};

/** OpenBroadcaster's `default_playlist` is `default_playlist_id`. */
const withPlaylistAlias = <T extends { default_playlist?: number | null | undefined; default_playlist_id?: number | null | undefined }>({ default_playlist, ...rest }: T) =>
  default_playlist !== undefined && rest.default_playlist_id === undefined ? { ...rest, default_playlist_id: default_playlist } : rest;

export const PlayerInput = z.object(PlayerFields).transform(withPlaylistAlias);
export type PlayerInput = z.output<typeof PlayerInput>;

/** The columns a player search may filter and order by (OB's `filters` and `orderby`). */
export const PlayerColumn = z.enum([
  'id',
  'name',
  'description',
  'timezone',
  'stream_url',
  'playout',
  'ip_address',
  'support_audio',
  'support_video',
  'support_images',
  'support_linein',
  'station_id_image_duration',
  'default_playlist_id',
  'parent_player_id',
  'use_parent_schedule',
  'use_parent_dynamic',
  'use_parent_ids',
  'use_parent_playlist',
  'use_parent_alert',
  'version',
  'last_connect',
  'last_connect_schedule',
  'last_connect_emergency',
  'last_connect_playlog',
  'last_connect_media',
  'last_ip_address',
  'longitude',
  'latitude',
]);

export const PlayerFilter = z.object({
  column: PlayerColumn,
  value: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
  operator: z.enum(['=', '!=', '<', '>', '<=', '>=']).default('='),
});

/** `orderdesc`: OB's clients send "desc", 1 or true for descending. */
export const OrderDesc = documentedInput(
  z.preprocess((v) => (v === 'desc' ? true : v === 'asc' || v === '' ? false : v), Flag),
  z.union([z.boolean(), z.enum(['desc', 'asc', '', 'true', 'false', '1', '0']), z.literal(1), z.literal(0)]).optional(),
);

export const PlayerSearch = z.object({
  filters: z.array(PlayerFilter).max(20).optional(),
  orderby: PlayerColumn.default('name'),
  orderdesc: OrderDesc.optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const playerOperations = {
  playerList: defineOperation({
    subject: 'scheduling.players.list',
    input: PlayerSearch,
    output: z.array(Player),
    auth: 'user',
    http: { method: 'GET', path: '/players', summary: "Players, searched as OpenBroadcaster's players search (filters, orderby, orderdesc, limit, offset)", tag },
  }),
  playerGet: defineOperation({ subject: 'scheduling.players.get', input: z.object({ id: Id }), output: Player, auth: 'user', http: { method: 'GET', path: '/players/:id', summary: 'One player', tag } }),
  playerCreate: defineOperation({
    subject: 'scheduling.players.create',
    input: PlayerInput,
    output: Player,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'POST', path: '/players', summary: 'Create a player', tag, creates: true },
    successMessage: 'Player saved.',
  }),
  playerSave: defineOperation({
    subject: 'scheduling.players.save',
    input: z.object({ id: Id, ...PlayerFields }).transform(withPlaylistAlias),
    output: Player,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'PUT', path: '/players/:id', summary: 'Edit a player (or create it with this id)', tag },
    successMessage: 'Player saved.',
  }),
  playerDelete: defineOperation({
    subject: 'scheduling.players.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'manage_players',
    http: { method: 'DELETE', path: '/players/:id', summary: 'Delete a player without schedule entries, alerts or child players', tag },
    successMessage: 'Player deleted.',
  }),
};
