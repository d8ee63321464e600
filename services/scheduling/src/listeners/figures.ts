// Each play's listener figures as every reader gets them (GET /players/{id}/plays, SoundExchange's
// report): settled with the play's as-run entry where they have been (settle.ts: an hour after the
// play, so kept past the sessions' retention), counted from the sessions otherwise.
import type { SchedulingDB } from '../schema';
import { playFigures, type PlayFigures } from './play-figures';
import { sessionsIn } from './store';

/** A play as the as-run log has it (store.ts playsIn): its entry's id, its start and its end (null while it airs). */
export interface LoggedPlay {
  id: number | string;
  start: number;
  end: number | null;
}

/** The figures of `plays` (a player's, in order). */
export async function figuresOf(db: SchedulingDB, playerId: number, plays: readonly LoggedPlay[], now = Date.now()): Promise<PlayFigures[]> {
  const settled = await settledFigures(db, plays.map((p) => p.id));
  const open = plays.filter((p) => !settled.has(String(p.id)));
  const counted = await countedFigures(db, playerId, open, now);
  const byId = new Map(open.map((p, i) => [String(p.id), counted[i]!]));
  return plays.map((p) => settled.get(String(p.id)) ?? byId.get(String(p.id))!);
}

/** The figures of `plays` counted from the player's sessions as they stand (a play still airing ends now). */
export async function countedFigures(db: SchedulingDB, playerId: number, plays: readonly LoggedPlay[], now: number): Promise<PlayFigures[]> {
  if (!plays.length) return [];
  const from = Math.min(...plays.map((p) => p.start));
  const until = plays.reduce((latest, p) => Math.max(latest, p.end ?? now), from);
  return playFigures(await sessionsIn(db, playerId, from, until), plays.map((p) => ({ start: p.start, end: p.end ?? Math.max(p.start, now) })), now);
}

async function settledFigures(db: SchedulingDB, ids: ReadonlyArray<number | string>): Promise<Map<string, PlayFigures>> {
  const found = new Map<string, PlayFigures>();
  for (let at = 0; at < ids.length; at += 5000) {
    const rows = await db
      .selectFrom('play_listeners')
      .select(['asrun_id', 'listeners_at_start', 'peak_listeners', 'listener_seconds', 'atp'])
      .where('asrun_id', 'in', ids.slice(at, at + 5000) as number[])
      .execute();
    for (const r of rows) found.set(String(r.asrun_id), { at_start: r.listeners_at_start, peak: r.peak_listeners, listener_seconds: r.listener_seconds, atp: r.atp });
  }
  return found;
}
