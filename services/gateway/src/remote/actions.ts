// The actions of remote.php (PROTOCOL.md 1.3-1.8), each asking the scheduling service once (which
// authenticates the player and records the connect) and the media service at most once.
import type { Bus } from '@airwave/bus';
import { AirwaveError, mediaInternal, playerRemote, playerSync, type PlayerFile } from '@airwave/contracts';
import { callOperation } from '@airwave/service-kit';
import type { Readable } from 'node:stream';
import { emergDocument } from './emerg';
import { isPlaylogDocument, playlogEntries } from './playlog';
import { digits } from './request';
import { mediaIdsOf, scheduleDocument } from './schedule';
import { errorDocument, obconnect } from './xml';

/** The version the `version` action answers: the OB server whose protocol this is (four numeric parts, above OB Player's minimum 4.1.1-20150507). */
export const REMOTE_VERSION = '5.3.6-20250809';

/** The longest buffer answered: the rundown's 7 days, less the two minutes OB adds around it. */
const MAX_BUFFER_SECONDS = 7 * 86_400 - 120;
const AS_RUN_BATCH = 1000;

export interface Credentials {
  id: number;
  password: string;
  alternative_password?: string;
  address: string;
}

export interface ActionCall {
  bus: Bus;
  fields: Record<string, string>;
  credentials: Credentials;
  headers: Record<string, string>;
  timeoutMs?: number | undefined;
  now: number;
  /** Notes what the player sent that was skipped (the request's log). */
  warn?: (fields: Record<string, unknown>, message: string) => void;
}

/** What an action answers: a typed text body, or a file's bytes. */
export type ActionReply = { type: string; body: string } | { file: { stream: Readable; size: number } | null };

export type OpenFile = (fileId: string) => Promise<{ stream: Readable; size: number } | null>;

const XML = 'text/xml; charset=utf-8';
const xml = (body: string): ActionReply => ({ type: XML, body });
const options = (call: ActionCall) => ({ principal: null, headers: call.headers, ...(call.timeoutMs ? { timeoutMs: call.timeoutMs } : {}) });

/** Credentials for playerSync.connect, which takes one password (the alternative reading is for media only). */
const connectInput = ({ id, password, address }: Credentials) => ({ id, password, address });

/** The buffer in seconds (`hbuffer` hours, else `buffer` days, as OB reads them), or null when neither is a number. */
export function bufferSeconds(fields: Record<string, string>): number | null {
  const hours = Number(fields.hbuffer);
  const days = Number(fields.buffer);
  const seconds = fields.hbuffer && Number.isFinite(hours) ? hours * 3600 : fields.buffer && Number.isFinite(days) ? days * 86_400 : null;
  return seconds === null ? null : Math.min(Math.max(seconds, 0), MAX_BUFFER_SECONDS);
}

/** The media service's file facts for the ids, asked once (in messages of at most 2000 ids). */
async function filesOf(call: ActionCall, ids: number[]): Promise<Map<number, PlayerFile>> {
  const files = new Map<number, PlayerFile>();
  for (let i = 0; i < ids.length; i += 2000) {
    for (const file of await callOperation(call.bus, mediaInternal.playerFiles, { ids: ids.slice(i, i + 2000) }, options(call))) files.set(file.id, file);
  }
  return files;
}

/** A request the player got wrong, answered once its credentials are checked (so that only an authenticated request clears the throttle). */
async function refuseAfterConnect(call: ActionCall, kind: 'schedule' | 'emergency', message: string): Promise<ActionReply> {
  await callOperation(call.bus, playerSync.connect, { ...connectInput(call.credentials), kind }, options(call));
  return xml(errorDocument(message));
}

export async function schedule(call: ActionCall): Promise<ActionReply> {
  const buffer = bufferSeconds(call.fields);
  if (buffer === null) return refuseAfterConnect(call, 'schedule', 'Schedule action requires a buffer (days) or hbuffer (hours) parameter.');
  const from = Math.floor(call.now / 1000) - 60;
  const { blocks } = await callOperation(call.bus, playerRemote.schedule, { ...call.credentials, from, to: from + buffer + 60 }, options(call));
  return xml(scheduleDocument(blocks, await filesOf(call, mediaIdsOf(blocks))));
}

export async function emerg(call: ActionCall): Promise<ActionReply> {
  const buffer = bufferSeconds(call.fields);
  if (buffer === null) return refuseAfterConnect(call, 'emergency', 'Emergency action requires a buffer (days) or hbuffer (hours) parameter.');
  const from = Math.floor(call.now / 1000);
  const { alerts } = await callOperation(call.bus, playerRemote.alerts, { ...call.credentials, from, to: from + buffer }, options(call));
  return xml(emergDocument(alerts, await filesOf(call, mediaIdsOf([], alerts))));
}

/** The file's bytes, or an empty body for an unknown id, an item the player has not been given, or a missing file. */
export async function media(call: ActionCall, open: OpenFile | undefined): Promise<ActionReply> {
  const mediaId = digits(call.fields.media_id);
  const from = Math.floor(call.now / 1000) - 60;
  const input = { ...call.credentials, media_id: mediaId ?? 0, from, to: from + MAX_BUFFER_SECONDS };
  if (mediaId === null || mediaId === 0) {
    await callOperation(call.bus, playerSync.connect, { ...connectInput(call.credentials), kind: 'media' }, options(call));
    return { file: null };
  }
  const { allowed } = await callOperation(call.bus, playerRemote.mayDownload, input, options(call));
  if (!allowed || !open) return { file: null };
  const file = (await filesOf(call, [mediaId])).get(mediaId);
  return { file: file ? await open(file.file_id) : null };
}

export async function version(call: ActionCall): Promise<ActionReply> {
  const coordinate = (value: string | undefined, limit: number) => (value && Number.isFinite(Number(value)) && Math.abs(Number(value)) <= limit ? Number(value) : null);
  const longitude = coordinate(call.fields.longitude, 180);
  const latitude = coordinate(call.fields.latitude, 90);
  const location = longitude !== null || latitude !== null ? { longitude, latitude } : {};
  const given = call.fields.version ? { version: call.fields.version.slice(0, 255) } : {};
  await callOperation(call.bus, playerSync.connect, { ...connectInput(call.credentials), kind: null, ...given, ...location }, options(call));
  return { type: 'application/json; charset=utf-8', body: JSON.stringify(REMOTE_VERSION) };
}

export async function nowPlaying(call: ActionCall): Promise<ActionReply> {
  const f = call.fields;
  await callOperation(call.bus, playerSync.connect, { ...connectInput(call.credentials), kind: null }, options(call));
  const mediaId = digits(f.media_id);
  const end = (value: string | undefined) => (value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : null);
  const input = { player_id: call.credentials.id, show_name: f.show_name ? f.show_name : null, playlist_id: digits(f.playlist_id), playlist_end: end(f.playlist_end), media_id: mediaId === 0 ? null : mediaId, media_end: end(f.media_end) };
  await callOperation(call.bus, playerSync.recordNowPlaying, input, options(call));
  return { type: 'text/html; charset=utf-8', body: '' };
}

export async function playlogStatus(call: ActionCall): Promise<ActionReply> {
  await callOperation(call.bus, playerSync.connect, { ...connectInput(call.credentials), kind: 'playlog' }, options(call));
  const { last_timestamp } = await callOperation(call.bus, playerSync.lastAsRun, { player_id: call.credentials.id }, options(call));
  return xml(`<?xml version="1.0"?>\n<obconnect><last_timestamp>${last_timestamp}</last_timestamp></obconnect>\n`);
}

/** Stores the entries OB would store, then answers success (only once they are stored). */
export async function playlogPost(call: ActionCall): Promise<ActionReply> {
  await callOperation(call.bus, playerSync.connect, { ...connectInput(call.credentials), kind: 'playlog' }, options(call));
  const data = call.fields.data;
  if (!data) return xml(errorDocument('missing XML post data'));
  if (!isPlaylogDocument(data)) return xml(errorDocument('invalid XML post data'));
  const { entries, unstorable } = playlogEntries(data);
  // acknowledged with the rest: the player would otherwise resend them at every sync, for ever
  if (unstorable) call.warn?.({ playerId: call.credentials.id, skipped: unstorable }, 'Play log entries with characters that cannot be stored skipped');
  for (let i = 0; i < entries.length; i += AS_RUN_BATCH) {
    await callOperation(call.bus, playerSync.appendAsRun, { player_id: call.credentials.id, entries: entries.slice(i, i + AS_RUN_BATCH) }, options(call));
  }
  return xml(obconnect('<status>success</status>').replace("<?xml version='1.0' standalone='yes'?>", '<?xml version="1.0"?>'));
}

export const actions: Record<string, (call: ActionCall, open: OpenFile | undefined) => Promise<ActionReply>> = {
  version,
  schedule,
  emerg,
  media,
  now_playing: nowPlaying,
  playlog_status: playlogStatus,
  playlog_post: playlogPost,
};

/** The text an error of the services becomes in OB's `<error>` (null: not the player's doing, answered as a failure). */
export function playerErrorText(error: unknown): string | null {
  if (!(error instanceof AirwaveError)) return null;
  if (error.code === 'not_found') return 'player not found';
  if (error.code === 'unauthenticated') return 'authentication failed';
  if (error.code === 'bad_request') return error.message;
  return null;
}
