// The plays a clock hour is picked against (issue 45): what aired (the player's as-run log, up to
// now) and what its clock hours plan (the stored clock blocks, from now on), over ROTATION_DAYS before
// the rundown's range and the longest separation after it, so a re-resolved hour keeps clear of the
// hours on both sides of it and a rotation carries on from one rundown to the next.
import type { RundownItem } from '@airwave/contracts';
import { sql } from 'kysely';
import type { SchedulingDB } from '../schema';
import { PlayHistory, type Play } from './history';

/** How far back "least recently played" looks. */
export const ROTATION_DAYS = 7;
const DAY = 86_400_000;

export interface PastAndPlanned {
  history: PlayHistory;
  /** The plays each stored clock block added, by its start (taken back when it is resolved again). */
  byBlock: Map<number, Play[]>;
}

/** What the album of an aired or planned song is, where its category knows it. */
export type AlbumOf = (mediaId: number) => string;

export async function pastAndPlanned(db: SchedulingDB, playerId: number, range: { start: number; end: number }, afterMs: number, now: number, albumOf: AlbumOf): Promise<PastAndPlanned> {
  const from = range.start - ROTATION_DAYS * DAY;
  const to = range.end + afterMs;
  const [aired, planned] = await Promise.all([
    db
      .selectFrom('asrun')
      .select(['media_id', 'artist', 'title', 'played_at'])
      .where('player_id', '=', playerId)
      .where(sql<boolean>`played_at >= ${from / 1000} and played_at < ${now / 1000}`)
      .orderBy('played_at')
      .execute(),
    db.selectFrom('rundown_blocks').select(['start', 'items']).where('player_id', '=', playerId).where('kind', '=', 'clock').where('start', '>=', new Date(from)).where('start', '<', new Date(to)).orderBy('start').execute(),
  ]);
  const history = new PlayHistory();
  for (const row of aired) {
    const song = { id: row.media_id, title: row.title, artist: row.artist, album: albumOf(row.media_id), duration: 0 };
    history.add({ song, at: Math.round(Number(row.played_at) * 1000), category: '' });
  }
  const byBlock = new Map<number, Play[]>();
  for (const block of planned) {
    const start = block.start.getTime();
    const plays = (block.items as RundownItem[]).flatMap((item): Play[] => {
      const at = start + Math.round(item.offset * 1000);
      if (item.media_id === null || !item.rotation || at < now) return [];
      return [{ song: { id: item.media_id, title: item.title, artist: item.artist, album: albumOf(item.media_id), duration: item.duration }, at, category: String(item.rotation.category_id ?? '') }];
    });
    for (const play of plays) history.add(play);
    byBlock.set(start, plays);
  }
  return { history, byBlock };
}
