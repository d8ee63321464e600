// What a player airs and has aired, as its sync reports it: now playing (`GET /players/playing/{id}`)
// and the player monitor, its as-run log (`GET /players/monitor`), in OpenBroadcaster's shapes
// (docs/decisions/players.md, "Now playing and the as-run log").
import { z } from 'zod';
import { Id } from './common';
import { documentedInput } from './input-forms';
import { defineOperation } from './operation';
import { schedulingTag as tag } from './scheduling-entries';
import { OrderDesc } from './scheduling-players';
import { localTime, MAX_UNIX_SECONDS, readTime, type LocalTime, type TimeValue } from './times';

export const AsRunContext = z.enum(['show', 'emerg', 'fallback']);

/** One as-run entry as the monitor answers it (OpenBroadcaster's playlog row, with its `datetime`). */
export const AsRunEntry = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  media_id: z.number().int().describe('0 for what is not a media item (a test signal)'),
  artist: z.string(),
  title: z.string(),
  timestamp: z.string().describe("When it began, ISO 8601 in the player's zone (to the millisecond)"),
  unix_timestamp: z.string().describe('When it began, Unix seconds with the fraction the player sent, as a decimal'),
  datetime: z.string().describe('When it began, local "YYYY-MM-DD HH:MM:SS" in the player\'s zone (OpenBroadcaster\'s)'),
  context: AsRunContext,
  emerg_id: z.number().int().describe('The alert, for context emerg (0 otherwise)'),
  notes: z.string(),
  end_timestamp: z.string().nullable().describe("When it ended, ISO 8601 in the player's zone; null when unknown (OB Player's playlog gives no end)"),
  end_unix_timestamp: z.string().nullable().describe('When it ended, Unix seconds as a decimal; null when unknown'),
  end_datetime: z.string().nullable().describe('When it ended, local "YYYY-MM-DD HH:MM:SS" in the player\'s zone; null when unknown'),
  show_name: z.string().nullable().describe("The show it aired in, as Airwave's playout names it (the show's own name, else its timeslot's, else what it airs); null when unknown (OB Player's playlog gives none)"),
});
export type AsRunEntry = z.infer<typeof AsRunEntry>;

/** What a player is airing, as it last reported it (OB's now_playing). */
export const NowPlaying = z.object({
  show_name: z.string().nullable(),
  show_time_left: z.number().int().nullable().describe('Seconds until the show (or default playlist block) ends; null when unknown'),
  show_end: z.string().nullable().describe("When the show (or default playlist block) ends, ISO 8601 in the player's zone; null when unknown"),
  playlist_id: z.number().int().nullable().describe('What the player reported as the show: the show series, 0 for the default playlist'),
  media: z
    .object({
      id: z.number().int(),
      title: z.string().nullable(),
      artist: z.string().nullable(),
      duration: z.number().nullable(),
      time_left: z.number().int().nullable(),
      end: z.string().nullable().describe("When the item ends, ISO 8601 in the player's zone; null when unknown"),
    })
    .nullable()
    .describe('The media item airing, null between items'),
  updated: z.string().nullable().describe('When the player last reported (UTC); null: never'),
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const FORMS = 'Unix seconds, ISO 8601 with an offset, a local time "YYYY-MM-DD HH:MM:SS" or a date "YYYY-MM-DD" in the player\'s zone';

/** A date alone as a local reading: its first moment (`start`), or the first moment after it (`end`). */
function dateBound(text: string, bound: 'start' | 'end'): LocalTime | string | null {
  const date = DATE_ONLY.exec(text);
  if (!date) return null;
  const day = localTime(Number(date[1]), Number(date[2]), Number(date[3]));
  if (typeof day === 'string' || bound === 'start') return day;
  const wall = day.wall + 86_400_000;
  return { kind: 'local', wall, text: new Date(wall).toISOString().slice(0, 19).replace('T', ' ') };
}

/** A bound of the monitor's window: any time form, or a date (date_end: through that whole day). */
const MonitorTime = (bound: 'start' | 'end') =>
  z
    .union([z.string(), z.number().int().min(0).max(MAX_UNIX_SECONDS)], { error: `must be ${FORMS}` })
    .transform((value, ctx): TimeValue => {
      const read = typeof value === 'number' ? value * 1000 : (dateBound(value, bound) ?? readTime(value));
      if (typeof read !== 'string') return read;
      ctx.addIssue({ code: 'custom', message: read, input: value });
      return z.NEVER;
    })
    .describe(`${FORMS}. A date alone: ${bound === 'start' ? 'from its first moment' : 'through that whole day'}.`);

export const MonitorFilter = z.object({
  column: z.enum(['media_id', 'artist', 'title', 'context', 'show_name']).describe("OB's columns, and Airwave's context (show, emerg, fallback) and show_name"),
  operator: z.enum(['is', 'not', 'like', 'not_like']),
  value: z.union([z.string().max(500), z.number()]),
});

/**
 * `filters` as clients send them: an array (OB's bracket notation in the query string,
 * `filters[0][column]=title`), or its JSON (what @airwave/client puts in a query string).
 */
const MonitorFilters = documentedInput(
  z.preprocess((v) => {
    if (typeof v !== 'string' || !v.trim().startsWith('[')) return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, z.array(MonitorFilter).max(20).optional()),
  z.union([z.array(MonitorFilter).max(20), z.string().max(20_000).describe('The JSON of the array')]).optional().describe('Every filter must match'),
);

export const MonitorSearch = z.object({
  player_id: Id,
  date_start: MonitorTime('start'),
  date_end: MonitorTime('end'),
  filters: MonitorFilters,
  orderby: z.enum(['timestamp', 'datetime', 'media_id', 'artist', 'title', 'context', 'show_name']).optional().describe('Default: timestamp, newest first'),
  orderdesc: OrderDesc.optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  type: z.enum(['json', 'csv']).default('json'),
});

export const MonitorResult = z.object({
  results: z.union([z.array(AsRunEntry), z.string()]).describe('The rows; for type csv one CSV text (RFC 4180, a header row first)'),
  total_rows: z.number().int().describe('How many rows the search matches, whatever the limit'),
});

export const monitorOperations = {
  playerMonitor: defineOperation({
    subject: 'scheduling.players.monitor',
    input: MonitorSearch,
    output: MonitorResult,
    auth: 'user',
    http: { method: 'GET', path: '/players/monitor', summary: "The player monitor: a player's as-run log in a window, as JSON rows or CSV (view_player_monitor or view_player_monitor:<player id>)", tag },
  }),
  playerNowPlaying: defineOperation({
    subject: 'scheduling.players.playing',
    input: z.object({ id: Id }),
    output: NowPlaying,
    auth: 'user',
    http: { method: 'GET', path: '/players/playing/:id', summary: 'What a player is airing now, as it last reported', tag },
  }),
};
