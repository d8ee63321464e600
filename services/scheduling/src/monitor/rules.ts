// The player monitor's rules (docs/decisions/players.md, "Now playing and the as-run log"): who may
// read it, an as-run row as the API answers it, OB's CSV, and a reply that fits one bus message.
import type { AsRunEntry, Principal } from '@airwave/contracts';
import { sql } from 'kysely';
import { localWallTime } from '../schedule/occurrence-rows';
import { isoInZone } from '../schedule/recurrence';

/** view_player_monitor for every player, or view_player_monitor:<id> for this one (OB's check). */
export function canViewMonitor(principal: Principal, playerId: number): boolean {
  return principal.permissions.includes('view_player_monitor') || principal.permissions.includes(`view_player_monitor:${playerId}`);
}

export interface AsRunRow {
  id: number | string;
  player_id: number;
  media_id: number;
  artist: string;
  title: string;
  /** Unix seconds as stored (numeric as text). */
  played_at: string;
  context: string;
  emerg_id: number;
  notes: string;
  /** Unix seconds as stored, or null when the end is unknown. */
  ended_at: string | null;
  show_name: string | null;
}

/** The as-run columns as an AsRunRow is read (the numeric instants as exact text). */
export const AS_RUN_COLUMNS = [
  'id',
  'player_id',
  'media_id',
  'artist',
  'title',
  'context',
  'emerg_id',
  'notes',
  'show_name',
  sql<string>`played_at::text`.as('played_at'),
  sql<string | null>`ended_at::text`.as('ended_at'),
] as const;

/** An instant (Unix seconds as text) in the zone: ISO 8601 and OB's local date and time. */
function inZone(seconds: string, zone: string) {
  const iso = isoInZone(Math.floor(Number(seconds) * 1000), zone);
  return { iso, wall: localWallTime(iso) };
}

/** An as-run row as the monitor answers it: its start in the player's zone, and as the player sent it. */
export function asRunOut(row: AsRunRow, zone: string): AsRunEntry {
  const start = inZone(row.played_at, zone);
  const end = row.ended_at === null ? null : inZone(row.ended_at, zone);
  return {
    id: Number(row.id),
    player_id: row.player_id,
    media_id: row.media_id,
    artist: row.artist,
    title: row.title,
    timestamp: start.iso,
    unix_timestamp: row.played_at,
    datetime: start.wall,
    context: row.context as AsRunEntry['context'],
    emerg_id: row.emerg_id,
    notes: row.notes,
    end_timestamp: end?.iso ?? null,
    end_unix_timestamp: row.ended_at,
    end_datetime: end?.wall ?? null,
    show_name: row.show_name,
  };
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. */
const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/**
 * OB's monitor CSV (players_model.php monitor_csv): its header row and columns, lines ending CRLF,
 * then Airwave's "End Date/Time" and "Show" (empty when unknown) so OB's columns keep their places.
 */
export function monitorCsv(rows: readonly AsRunEntry[]): string {
  const header = ['Media ID', 'Artist', 'Title', 'Date/Time', 'Context', 'Notes', 'End Date/Time', 'Show'];
  const lines = [header, ...rows.map((r) => [r.media_id, r.artist, r.title, r.datetime, r.context, r.notes, r.end_datetime ?? '', r.show_name ?? ''])];
  return lines.map((line) => `${line.map(csvField).join(',')}\r\n`).join('');
}

/** What a monitor reply may carry: well under NATS's 1 MB message, with the envelope around it. */
export const REPLY_BUDGET_BYTES = 800_000;

/**
 * The first rows whose JSON fits the budget: a page of long titles is cut short rather than
 * failing on the bus (`total_rows` still counts them all; the next page starts after the last row).
 */
export function fitToReply<T>(rows: readonly T[], budget = REPLY_BUDGET_BYTES): T[] {
  let used = 0;
  for (let i = 0; i < rows.length; i += 1) {
    used += Buffer.byteLength(JSON.stringify(rows[i])) + 1;
    if (used > budget) return rows.slice(0, i);
  }
  return [...rows];
}
