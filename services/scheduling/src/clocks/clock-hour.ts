// A clock (issue 45: an hour template of ordered slots) filled for one hour: each category slot's
// songs picked under the rotation rules (rotation.ts), a station ID, fixed-time events (a hard one
// cuts what runs into it, a soft one waits for it to end), breakpoints; then the hour brought to
// its target length: filled from the fill category when short, the last song ended early (faded)
// when long. What could not be done is said in `warnings`, never left as silence. Pure.
import type { Play, PlayHistory, Song } from './history';
import { brokenRules, pickSong, type Pick as RotationPick, type PickSpot, type Rotation, type RotationRules, type RuleName } from './rotation';

export type ClockSlot =
  | { kind: 'category'; category: string; count: number | null; seconds: number | null }
  | { kind: 'station_id' }
  | { kind: 'fixed'; minute: number; song: Song; start: 'hard' | 'soft' }
  | { kind: 'breakpoint' };

export interface Clock {
  id: number;
  name: string;
  slots: ClockSlot[];
  /** Seconds the hour lasts (3600). */
  target_seconds: number;
  /** Where a short hour is filled from; null: it is left short, with a warning. */
  fill_category: string | null;
  /** A long hour: its last song ended early with a fade (`fade_last`), or left to run on (`keep`). */
  overrun: 'fade_last' | 'keep';
}

export interface HourItem {
  kind: 'song' | 'station_id' | 'fixed' | 'breakpoint';
  /** Seconds from the hour's start, and how long it airs (cut: less than the song). */
  offset: number;
  duration: number;
  song: Song | null;
  category: string | null;
  /** The slot it fills (the fill after the slots: -1). */
  slot: number;
  relaxed: RuleName[];
  broken: RuleName[];
  /** Ended before the song does: faded out at its end. */
  cut: boolean;
  /** The play the rotation counted (songs only). */
  play?: Play;
  /** Which pick of the fill it is (songs only; a replacement is kept by it), and whether one was pinned there. */
  pick?: number;
  replaced?: boolean;
}

export interface HourInput {
  clock: Clock;
  /** Unix ms of the hour's start, and the player's day around it (plays per day). */
  start: number;
  day: { start: number; end: number };
  /** Each category's songs in rotation (built once for all the hours). */
  categories: ReadonlyMap<string, Rotation>;
  stationIds: readonly Song[];
  rules: RotationRules;
  /** Seconds into the hour where filling starts (a show before it) and where it must end (a show after it). */
  from?: number;
  until?: number;
  /** Songs put in place by hand, by pick (its songs counted from 0): aired there whatever the rotation would choose (`replaced`: chosen by hand; else kept as it was when a later one was). */
  pinned?: ReadonlyMap<number, { song: Song; replaced: boolean }>;
}

export interface FilledHour {
  items: HourItem[];
  warnings: string[];
}

const MAX_FILL = 500;

/** One hour of a clock. `history` gains the hour's songs (the next hour's picks see them). */
export function fillHour(input: HourInput, history: PlayHistory): FilledHour {
  const hour = new HourFill(input, history);
  input.clock.slots.forEach((slot, index) => hour.slot(slot, index));
  hour.toTarget();
  return { items: hour.items, warnings: hour.warnings };
}

class HourFill {
  readonly items: HourItem[] = [];
  readonly warnings: string[] = [];
  private t: number;
  private picks = 0;

  constructor(
    private readonly input: HourInput,
    private readonly history: PlayHistory,
  ) {
    this.t = input.from ?? 0;
  }

  /** Where the hour ends: its target, or sooner where a show starts. */
  private get end() {
    return Math.min(this.input.clock.target_seconds, this.input.until ?? Number.POSITIVE_INFINITY);
  }

  slot(slot: ClockSlot, index: number) {
    if (slot.kind === 'category') return this.category(slot.category, slot.count, slot.seconds, index);
    if (slot.kind === 'breakpoint') return void this.push({ kind: 'breakpoint', duration: 0, song: null, category: null, slot: index });
    if (slot.kind === 'station_id') return this.stationId(index);
    return this.fixed(slot, index);
  }

  /** `count` songs, or songs until `seconds` are filled. */
  private category(category: string, count: number | null, seconds: number | null, index: number) {
    const songs = this.input.categories.get(category);
    if (!songs?.size) return void this.warnings.push(`slot ${index + 1}: the category “${category}” has no song that may air`);
    const until = this.t + (seconds ?? 0);
    for (let n = 0; n < MAX_FILL && (count !== null ? n < count : this.t < until); n += 1) this.song(category, songs, index);
  }

  private song(category: string, songs: Rotation, index: number) {
    const at = this.input.start + Math.round(this.t * 1000);
    const spot = { at, category, day: this.input.day };
    const n = this.picks++;
    const pinned = this.input.pinned?.get(n);
    const pick = pinned ? pinnedPick(pinned.song, spot, this.history, this.input.rules) : pickSong(songs, spot, this.history, this.input.rules)!;
    const play = { song: pick.song, at, category };
    this.history.add(play);
    this.push({ kind: 'song', duration: pick.song.duration, song: pick.song, category, slot: index, relaxed: pick.relaxed, broken: pick.broken, play, pick: n, ...(pinned?.replaced ? { replaced: true } : {}) });
  }

  private stationId(index: number) {
    const ids = this.input.stationIds;
    if (ids.length === 0) return void this.warnings.push(`slot ${index + 1}: the player has no station ID`);
    const song = ids[this.items.filter((i) => i.kind === 'station_id').length % ids.length]!;
    this.push({ kind: 'station_id', duration: song.duration, song, category: null, slot: index });
  }

  /** A fixed event at its minute: the gap before it filled, or what runs into it cut (hard) or waited for (soft). */
  private fixed(slot: Extract<ClockSlot, { kind: 'fixed' }>, index: number) {
    const at = slot.minute * 60;
    // an event outside the part of the hour filled here (a show airs then) is not aired
    if (at < (this.input.from ?? 0) || at >= this.end) return;
    if (this.t < at && !this.fillTo(at, -1)) this.warnings.push(`slot ${index + 1}: nothing airs for ${Math.round(at - this.t)} s before the event at :${String(slot.minute).padStart(2, '0')}`);
    if (this.t > at && slot.start === 'hard') this.cutAt(at);
    if (this.t < at) this.t = at;
    this.push({ kind: 'fixed', duration: slot.song.duration, song: slot.song, category: null, slot: index });
  }

  /** Songs of the fill category until `seconds`. */
  private fillTo(seconds: number, index: number) {
    const category = this.input.clock.fill_category;
    const songs = category ? this.input.categories.get(category) : undefined;
    if (!category || !songs?.size) return false;
    for (let n = 0; n < MAX_FILL && this.t < seconds; n += 1) this.song(category, songs, index);
    return true;
  }

  /** The items that run past `seconds` ended there (faded); those that would start after it dropped. */
  private cutAt(seconds: number) {
    while (this.items.length && this.items.at(-1)!.offset >= seconds) {
      const dropped = this.items.pop()!;
      if (dropped.play) this.history.remove(dropped.play);
    }
    const last = this.items.at(-1);
    if (last && last.offset + last.duration > seconds) Object.assign(last, { duration: seconds - last.offset, cut: true });
    this.t = seconds;
  }

  toTarget() {
    const end = this.end;
    if (this.t < end && !this.fillTo(end, -1)) this.warnings.push(`the hour runs ${Math.round(end - this.t)} s short of ${end} s`);
    // a show after it always ends the hour; the clock's own end, as its overrun says
    const cut = end < this.input.clock.target_seconds || this.input.clock.overrun === 'fade_last';
    if (this.t > end && cut) this.cutAt(end);
  }

  private push(item: Omit<HourItem, 'offset' | 'relaxed' | 'broken' | 'cut'> & Partial<Pick<HourItem, 'relaxed' | 'broken' | 'play' | 'pick' | 'replaced'>>) {
    this.items.push({ relaxed: [], broken: [], cut: false, ...item, offset: this.t });
    this.t += item.duration;
  }
}

/** A song put in place by hand: it airs, naming the rules it breaks there now (soft ones as given up, hard ones as broken). */
function pinnedPick(song: Song, spot: PickSpot, history: PlayHistory, rules: RotationRules): RotationPick {
  const broken = brokenRules(song, spot, history, rules);
  return { song, relaxed: broken.filter((r) => !rules.hard.includes(r)), broken: broken.filter((r) => rules.hard.includes(r)) };
}
