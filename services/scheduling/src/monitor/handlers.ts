// What a player airs and has aired: now playing (any user, as OB answers anyone) and the player
// monitor (view_player_monitor, for every player or per player), both as its sync reported them.
import { forbidden, mediaInternal, notFound, scheduling, type MonitorSearch, type Principal } from '@airwave/contracts';
import { bindOperation, callOperation, type CallContext } from '@airwave/service-kit';
import type { z } from 'zod';
import type { SchedulingContext } from '../context';
import { findPlayer } from '../players/queries';
import { isoInZone } from '../schedule/recurrence';
import { fieldError, resolveTime } from '../schedule/times';
import { searchAsRun } from './queries';
import { asRunOut, canViewMonitor, fitToReply, monitorCsv } from './rules';

export function bindMonitor(context: SchedulingContext) {
  const { bus } = context;
  return Promise.all([
    bindOperation(bus, scheduling.playerMonitor, (search, { principal }) => monitor(context, search, principal)),
    bindOperation(bus, scheduling.playerNowPlaying, ({ id }, call) => nowPlaying(context, id, call)),
  ]);
}

async function monitor({ db }: SchedulingContext, search: z.output<typeof MonitorSearch>, principal: Principal) {
  const playerId = search.player_id;
  if (!canViewMonitor(principal, playerId)) throw forbidden('Permission denied.', { permission: `view_player_monitor:${playerId}` });
  const player = await db.selectFrom('players').select('timezone').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw notFound('No such player.');
  // Dates and local times are the player's (OB reads them in its zone).
  const from = resolveTime(search.date_start, player.timezone);
  const to = resolveTime(search.date_end, player.timezone);
  if (to <= from) throw fieldError('date_end', `must be after date_start (in the player's zone, ${player.timezone})`);
  const { rows, total } = await searchAsRun(db, search, from, to);
  const entries = fitToReply(rows.map((row) => asRunOut(row, player.timezone)));
  return { results: search.type === 'csv' ? monitorCsv(entries) : entries, total_rows: total };
}

const secondsLeft = (end: Date | null, now: number) => (end ? Math.max(0, Math.round((end.getTime() - now) / 1000)) : null);
const endIn = (end: Date | null, zone: string) => (end ? isoInZone(end.getTime(), zone) : null);

/** OB's now_playing: the show's name and time left, and the media item airing with its time left. */
async function nowPlaying({ db, bus }: SchedulingContext, id: number, call: CallContext) {
  const row = await findPlayer(db, id);
  if (!row) throw notFound('No such player.');
  const now = Date.now();
  const [item] = row.media_id === null ? [] : await callOperation(bus, mediaInternal.summaries, { ids: [row.media_id] }, { principal: call.principal, within: call });
  const media =
    row.media_id === null
      ? null
      : { id: row.media_id, title: item?.title ?? null, artist: item?.artist ?? null, duration: item?.duration ?? null, time_left: secondsLeft(row.media_end, now), end: endIn(row.media_end, row.timezone) };
  return {
    show_name: row.show_name,
    show_time_left: secondsLeft(row.playlist_end, now),
    show_end: endIn(row.playlist_end, row.timezone),
    playlist_id: row.playlist_id,
    media,
    updated: row.now_playing_updated ? row.now_playing_updated.toISOString() : null,
  };
}
