// Rotation rules (issue 45): which song of a category airs next. Candidates are tried least
// recently played first (never played before any, in an order shuffled by a seed, then the oldest
// play; the same inputs always give the same pick). The first that breaks no rule airs; when none can, the
// soft rules are given up one by one in the player's order, and the reason is kept with the pick;
// a hard rule is broken only when no candidate keeps it, and that is kept too. Never silence. Pure.
import { sameKey, type PlayHistory, type Song } from './history';

export const RULES = ['artist', 'title', 'album', 'plays_per_day', 'category_in_row'] as const;
export type RuleName = (typeof RULES)[number];

export interface RotationRules {
  /** Minutes between two plays of the same artist, title, album (0: no rule). */
  artist_minutes: number;
  title_minutes: number;
  album_minutes: number;
  /** Plays of one song in a calendar day of the player (null: no rule). */
  plays_per_day: number | null;
  /** No two songs in a row from the same category. */
  category_in_row: boolean;
  /** Rules never given up while a candidate keeps them. */
  hard: RuleName[];
  /** The soft rules in the order they are given up (those not named go last, in RULES' order). */
  relax_order: RuleName[];
}

export const DEFAULT_RULES: RotationRules = {
  artist_minutes: 60,
  title_minutes: 180,
  album_minutes: 0,
  plays_per_day: null,
  category_in_row: false,
  hard: ['title'],
  relax_order: ['album', 'category_in_row', 'artist', 'plays_per_day'],
};

/** Where a pick is for: its instant, its category, and the player's day (for plays per day). */
export interface PickSpot {
  at: number;
  category: string;
  day: { start: number; end: number };
}

export interface Pick {
  song: Song;
  /** Soft rules this pick gave up (none kept them all), in the order given up. */
  relaxed: RuleName[];
  /** Hard rules no candidate could keep. */
  broken: RuleName[];
}

const MINUTE = 60_000;

/** The rules a song would break airing at the spot. */
export function brokenRules(song: Song, spot: PickSpot, history: PlayHistory, rules: RotationRules): RuleName[] {
  const out: RuleName[] = [];
  const near = (minutes: number, distance: number) => minutes > 0 && distance < minutes * MINUTE;
  if (near(rules.artist_minutes, history.artists.nearest(sameKey(song.artist), spot.at))) out.push('artist');
  if (near(rules.title_minutes, history.titles.nearest(sameKey(song.title), spot.at))) out.push('title');
  if (near(rules.album_minutes, history.albums.nearest(sameKey(song.album), spot.at))) out.push('album');
  if (rules.plays_per_day !== null && history.songs.count(String(song.id), spot.day.start, spot.day.end) >= rules.plays_per_day) out.push('plays_per_day');
  if (rules.category_in_row && history.before(spot.at)?.category === spot.category) out.push('category_in_row');
  return out;
}

/** The soft rules in the order they are given up. */
export function relaxOrder(rules: RotationRules): RuleName[] {
  const soft = RULES.filter((r) => !rules.hard.includes(r));
  return [...rules.relax_order.filter((r) => soft.includes(r)), ...soft.filter((r) => !rules.relax_order.includes(r))];
}

/** FNV-1a: a stable tie-break between songs never played (or played at the same instant). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * A category's songs in rotation order, built once for all the picks of a rundown: never played
 * first (in an order shuffled by the seed, the same for the same seed), then least recently played.
 * Candidates are produced lazily: a pick usually takes one of the first, so a pick in a category of
 * a hundred thousand songs reads a few of them, not all.
 */
export class Rotation {
  private readonly order: readonly Song[];

  constructor(
    readonly songs: readonly Song[],
    seed: string,
  ) {
    const keyed = songs.map((song) => ({ song, tie: hash(`${seed}:${song.id}`) }));
    this.order = keyed.sort((a, b) => a.tie - b.tie || a.song.id - b.song.id).map((k) => k.song);
  }

  get size() {
    return this.order.length;
  }

  /** The songs in the order they are tried for a pick at `at`. */
  *candidates(at: number, history: PlayHistory): Generator<Song> {
    const played: { song: Song; last: number }[] = [];
    for (const song of this.order) {
      const last = history.songs.lastBefore(String(song.id), at);
      if (last === Number.NEGATIVE_INFINITY) yield song;
      else played.push({ song, last });
    }
    // stable: equal last plays keep the shuffled order
    yield* played.sort((a, b) => a.last - b.last).map((p) => p.song);
  }
}

/** The song to air at the spot, or null for an empty category. */
export function pickSong(rotation: Rotation, spot: PickSpot, history: PlayHistory, rules: RotationRules): Pick | null {
  if (rotation.size === 0) return null;
  const broken: { song: Song; rules: RuleName[] }[] = [];
  for (const song of rotation.candidates(spot.at, history)) {
    const theirs = brokenRules(song, spot, history, rules);
    if (theirs.length === 0) return { song, relaxed: [], broken: [] };
    broken.push({ song, rules: theirs });
  }
  const order = relaxOrder(rules);
  for (let given = 1; given <= order.length; given += 1) {
    const allowed = new Set(order.slice(0, given));
    const kept = broken.find((b) => b.rules.every((r) => allowed.has(r)));
    if (kept) return { song: kept.song, relaxed: order.filter((r) => kept.rules.includes(r)), broken: [] };
  }
  // no candidate keeps the hard rules: the one breaking the fewest, least recently played first
  const least = broken.reduce((best, b) => (hardCount(b.rules, rules) < hardCount(best.rules, rules) ? b : best));
  return { song: least.song, relaxed: order.filter((r) => least.rules.includes(r)), broken: least.rules.filter((r) => rules.hard.includes(r)) };
}

const hardCount = (broken: RuleName[], rules: RotationRules) => broken.filter((r) => rules.hard.includes(r)).length;
