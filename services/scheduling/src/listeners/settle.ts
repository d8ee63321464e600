// Each play's listener figures stored with its as-run entry (issue 46: "stored with the as-run
// entry"), so that a report of a year ago still has them after the sessions' retention has deleted
// the sessions they were counted from. A play is settled an hour after it ended (a disconnect the
// gateway still held, or a late list from the playout, has arrived by then); figures read before
// that are counted from the sessions as they stand (figures.ts). Settled by the hourly retention
// round, before it prunes, the oldest first, at most MAX_PLAYS a round; plays older than the
// retention have no sessions left to count and are not settled.
import { sql } from 'kysely';
import type { SchedulingContext } from '../context';
import { countedFigures } from './figures';
import { playsIn } from './store';

export const SETTLE_AFTER_MS = 3_600_000;
const MAX_PLAYS = 20_000;
const DAY = 86_400_000;

/** Settles what has ended long enough ago; answers how many plays were settled. */
export async function settlePlays({ db, listenerRetentionDays }: Pick<SchedulingContext, 'db' | 'listenerRetentionDays'>, now = Date.now()): Promise<number> {
  const cutoff = now - SETTLE_AFTER_MS;
  const oldest = now - listenerRetentionDays * DAY;
  const waiting = await db
    .selectFrom('asrun as a')
    .leftJoin('play_listeners as p', 'p.asrun_id', 'a.id')
    .where('p.asrun_id', 'is', null)
    .where(sql<boolean>`a.played_at >= ${oldest / 1000} and a.played_at < ${cutoff / 1000}`)
    .select(['a.player_id', sql<string>`min(a.played_at)`.as('first')])
    .groupBy('a.player_id')
    .execute();
  let settled = 0;
  for (const { player_id, first } of waiting) {
    if (settled >= MAX_PLAYS) break;
    settled += await settlePlayer(db, player_id, Math.floor(Number(first) * 1000), cutoff, MAX_PLAYS - settled);
  }
  return settled;
}

async function settlePlayer(db: SchedulingContext['db'], playerId: number, from: number, cutoff: number, most: number): Promise<number> {
  // the window runs to the cutoff: the last play before it ends where the next one (after it) begins
  const plays = (await playsIn(db, playerId, from, cutoff + SETTLE_AFTER_MS)).filter((p) => p.start < cutoff && p.end !== null && p.end <= cutoff).slice(0, most);
  if (!plays.length) return 0;
  const figures = await countedFigures(db, playerId, plays, Math.max(...plays.map((p) => p.end!)));
  const rows = plays.map((p, i) => ({ asrun_id: Number(p.id), listeners_at_start: figures[i]!.at_start, peak_listeners: figures[i]!.peak, listener_seconds: figures[i]!.listener_seconds, atp: figures[i]!.atp }));
  for (let at = 0; at < rows.length; at += 2000) await db.insertInto('play_listeners').values(rows.slice(at, at + 2000)).onConflict((oc) => oc.column('asrun_id').doNothing()).execute();
  return rows.length;
}
