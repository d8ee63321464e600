// What aired and what is planned, as the rotation rules read it (issue 45): every play of a song by
// its artist, title and album, on both sides of the instant a pick is for, so a separation holds
// against what aired before and what is planned after. Pure.

/** A song of a category, as the rotation sees it. */
export interface Song {
  id: number;
  title: string;
  artist: string;
  album: string;
  /** Seconds. */
  duration: number;
}

/** One play: the song and when it starts (Unix ms). */
export interface Play {
  song: Song;
  at: number;
  category: string;
}

/** The same artist, title or album however it is written ("The Beatles" and "the beatles "). */
export const sameKey = (text: string) => text.trim().toLocaleLowerCase('en').replace(/\s+/g, ' ');

/** Sorted instants per key, with the nearest to an instant found by binary search. */
class Instants {
  private readonly byKey = new Map<string, number[]>();

  add(key: string, at: number) {
    if (!key) return;
    const list = this.byKey.get(key) ?? [];
    let i = list.length;
    while (i > 0 && list[i - 1]! > at) i -= 1;
    list.splice(i, 0, at);
    this.byKey.set(key, list);
  }

  /** How close (ms) the nearest play of `key` is to `at`, or Infinity. */
  nearest(key: string, at: number): number {
    const list = this.byKey.get(key);
    if (!key || !list?.length) return Number.POSITIVE_INFINITY;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    const after = lo < list.length ? list[lo]! - at : Number.POSITIVE_INFINITY;
    const before = lo > 0 ? at - list[lo - 1]! : Number.POSITIVE_INFINITY;
    return Math.min(after, before);
  }

  remove(key: string, at: number) {
    const list = this.byKey.get(key);
    const i = list?.indexOf(at) ?? -1;
    if (i >= 0) list!.splice(i, 1);
  }

  /** Plays of `key` in [from, to). */
  count(key: string, from: number, to: number): number {
    return (this.byKey.get(key) ?? []).filter((t) => t >= from && t < to).length;
  }

  /** The latest play of `key` before `at`, or -Infinity. */
  lastBefore(key: string, at: number): number {
    const list = this.byKey.get(key) ?? [];
    for (let i = list.length - 1; i >= 0; i -= 1) if (list[i]! < at) return list[i]!;
    return Number.NEGATIVE_INFINITY;
  }
}

export class PlayHistory {
  readonly artists = new Instants();
  readonly titles = new Instants();
  readonly albums = new Instants();
  readonly songs = new Instants();
  /** Every play in order of time: the category before an instant. */
  private readonly plays: Play[] = [];

  constructor(plays: Iterable<Play> = []) {
    for (const play of plays) this.add(play);
  }

  add(play: Play) {
    this.artists.add(sameKey(play.song.artist), play.at);
    this.titles.add(sameKey(play.song.title), play.at);
    this.albums.add(sameKey(play.song.album), play.at);
    this.songs.add(String(play.song.id), play.at);
    let i = this.plays.length;
    while (i > 0 && this.plays[i - 1]!.at > play.at) i -= 1;
    this.plays.splice(i, 0, play);
  }

  /** A play taken back (planned, then dropped). */
  remove(play: Play) {
    const i = this.plays.indexOf(play);
    if (i < 0) return;
    this.plays.splice(i, 1);
    this.artists.remove(sameKey(play.song.artist), play.at);
    this.titles.remove(sameKey(play.song.title), play.at);
    this.albums.remove(sameKey(play.song.album), play.at);
    this.songs.remove(String(play.song.id), play.at);
  }

  /** The play just before `at` (what a pick at `at` follows), if any. */
  before(at: number): Play | undefined {
    return this.plays.findLast((p) => p.at < at);
  }

  all(): readonly Play[] {
    return this.plays;
  }
}
