// The iCalendar feeds: a player's shows (by their own name, else what they air, as GET /shows names them) and the
// caller's own timeslots across players. Each holds every series still running within the last
// year, with its exceptions (docs/decisions/scheduling.md, "The schedule as iCalendar").
import { notFound, schedulingCalendar } from '@airwave/contracts';
import { bindOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { findPlayer } from '../players/queries';
import { playerZones } from '../players/zones';
import type { SchedulingDB } from '../schema';
import type { ShowExceptionRow } from '../schedule/exception-queries';
import { seriesReaching, type EntryTable } from '../schedule/queries';
import { askItemsOver } from '../shows/item-facts';
import { withShowContent } from '../shows/show-content';
import { calendarFeed, type FeedSeries } from './feed';

/** How far back a feed reaches: series whose last occurrence ended longer ago are left out. */
export const FEED_HISTORY_MS = 366 * 86_400_000;

/** Every series still running within the feed's history (a series lasts at most ten years), with its exceptions. */
async function feedSeries(db: SchedulingDB, table: EntryTable, filter: { playerIds: number[] | null; userId?: number }) {
  const now = Date.now();
  return seriesReaching(db, table, now - FEED_HISTORY_MS, now + 11 * 366 * 86_400_000, filter.playerIds, filter.userId);
}

async function playerFeed({ db, bus }: SchedulingContext, id: number, call: AuthenticatedContext) {
  const player = await findPlayer(db, id);
  if (!player) throw notFound('No such player.');
  const rows = await feedSeries(db, 'shows', { playerIds: [id] });
  const shown = [...rows.map((row) => ({ item_type: row.item_type as string, item_id: row.item_id as number }))];
  for (const row of rows) for (const e of row.exceptions as ShowExceptionRow[]) if (e.item_type && e.item_id) shown.push({ item_type: e.item_type, item_id: e.item_id });
  const named = await withShowContent(shown, askItemsOver(bus, call, db));
  const names = new Map(named.map((n) => [`${n.item_type} ${n.item_id}`, n.name]));
  const nameOf = (type: string, itemId: number) => names.get(`${type} ${itemId}`) ?? `${type} ${itemId}`;
  const series: FeedSeries[] = rows.map((row) => ({
    row,
    zone: player.timezone,
    exceptions: row.exceptions,
    uid: `show-${row.id}.player-${id}@airwave`,
    summary: (row.name as string | null) ?? nameOf(row.item_type as string, row.item_id as number),
    summaryOf: (e) => ((e as ShowExceptionRow).item_type ? nameOf((e as ShowExceptionRow).item_type!, (e as ShowExceptionRow).item_id!) : null),
  }));
  return calendarFeed(player.name, series);
}

async function timeslotFeed({ db }: SchedulingContext, userId: number) {
  const zones = await playerZones(db);
  const rows = await feedSeries(db, 'timeslots', { playerIds: null, userId });
  const series: FeedSeries[] = rows.map((row) => ({
    row,
    zone: zones.get(row.player_id) ?? 'UTC',
    exceptions: row.exceptions,
    uid: `timeslot-${row.id}.player-${row.player_id}@airwave`,
    summary: (row.description as string) || 'Timeslot',
  }));
  return calendarFeed('My timeslots', series);
}

export function bindCalendars(context: SchedulingContext) {
  return Promise.all([
    bindOperation(context.bus, schedulingCalendar.playerSchedule, ({ id }, call) => playerFeed(context, id, call)),
    bindOperation(context.bus, schedulingCalendar.ownTimeslots, (_input, call) => timeslotFeed(context, call.principal.userId)),
  ]);
}
