// What to tell Liquidsoap when: the plan turned into timed actions. Pure, so the timing rules are
// unit- and property-tested without a Liquidsoap (timeline.test.ts).
//
// Rules (docs/playout-engine.md, "Timing model"):
// - Files of the show (contexts show and fallback) go to the two main decks, alternately, so an
//   item and the next can overlap; alerts (emerg) to the alert deck; a voicetrack's voice to the
//   voice deck, over its item (voice.ts); live items set the harbor's window and password.
// - Each push sets the deck's window [from, until): Liquidsoap plays the item from its start
//   instant and not past its end, on its own stream clock. A push goes `leadMs` ahead, or once
//   the deck's previous window has closed (plus `settleMs`) when that is later.
// - An item is cut at its end, or at the start of the next item when that overlaps it by more
//   than its crossfade (or is a hard start): the cut fades for `hardFadeS`. A crossfade fades the
//   item out and the next in across the overlap; a segue (the overlap is the item's own fading tail)
//   fades neither. A hard start ends every item before it, also one
//   whose crossfade runs past a short item into it.
// - An item already under way starts `lateStartMs` after its push, at its cue-in plus the
//   lateness at that instant.
import type { PlannedItem, Plan } from './plan';
import { duckLeadMs, voiceItems } from './voice';

export type Channel = 'main' | 'alert' | 'voice';
export type Deck = 'deck_a' | 'deck_b' | 'alert' | 'voice';

export interface PushAction {
  kind: 'push';
  id: string;
  at: number;
  channel: Channel;
  deck: Deck;
  key: string;
  item: PlannedItem;
  /** The deck's window, Unix ms: it plays from `from` (the start, or `lateStartMs` after a late push) to `until`. */
  from: number;
  until: number;
  /** Where the item stops sounding (its cut): the window closes `closeMarginMs` later. */
  endAt: number;
  cueIn: number;
  cueOut: number;
  fadeIn: number;
  fadeOut: number;
  /** When it airs: the start, or the late start. */
  airsAt: number;
}

export interface LiveAction {
  kind: 'live';
  id: string;
  at: number;
  key: string;
  item: PlannedItem;
  from: number;
  until: number;
  password: string;
}

export type Action = PushAction | LiveAction;

export interface TimelineOptions {
  /** How long before its start an item is pushed (when its deck is free). */
  leadMs: number;
  /** After a deck's window closes, how long to wait before pushing its next item. */
  settleMs: number;
  /** Fade when an item is cut before its planned end (a hard start or an overlap), seconds. */
  hardFadeS: number;
  /** How long a deck's window stays open after the planned end (the cue-out ends it first). */
  closeMarginMs: number;
  /** The harbor's password when a live item has none. */
  livePassword: string;
  /**
   * An item already under way starts this long after it is pushed, at a known instant with the
   * cue-in for that instant, so the time the push takes does not shift the offset.
   */
  lateStartMs: number;
}

export const defaultTimelineOptions: TimelineOptions = {
  leadMs: 8000,
  settleMs: 100,
  hardFadeS: 0.1,
  closeMarginMs: 60,
  livePassword: '',
  lateStartMs: 1000,
};

const end = (item: PlannedItem) => item.start + item.duration;

/** Items of one channel, in order of start (ties: plan order). */
function channelItems(plan: Plan, channel: Channel): PlannedItem[] {
  return plan.items
    .filter((i) => i.kind === 'file' && (i.context === 'emerg') === (channel === 'alert'))
    .map((item, order) => ({ item, order }))
    .sort((a, b) => a.item.start - b.item.start || a.order - b.order)
    .map((x) => x.item);
}

export interface Cut {
  endAt: number;
  fadeOut: number;
  /** Seconds this item crosses into the next. */
  cross: number;
}

/**
 * Where an item stops and how it hands over to the next one: a crossfade when the next overlaps it
 * by its crossfade (not a hard start), otherwise a cut at the next start, faded briefly.
 */
export function cutOf(item: PlannedItem, next: PlannedItem | undefined, o: TimelineOptions): Cut {
  const planned = end(item);
  // back to back within the rundown's rounding (offsets and lengths each rounded to the ms)
  if (!next || next.start >= planned || (!next.hard && next.start >= planned - BACK_TO_BACK_MS)) return { endAt: planned, fadeOut: 0, cross: 0 };
  const overlap = planned - next.start;
  const cross = Math.max(0, item.crossfade) * 1000;
  const crossed = !next.hard && cross > 0 && overlap <= cross + 250;
  // a segue: its own tail fades under the next item, which starts at full level
  if (crossed && item.segue) return { endAt: planned, fadeOut: 0, cross: 0 };
  if (crossed) return { endAt: planned, fadeOut: overlap / 1000, cross: overlap / 1000 };
  return { endAt: Math.max(item.start, next.start), fadeOut: o.hardFadeS, cross: 0 };
}

/**
 * An item's cut in its channel (items by start): by the next item (cutOf), or sooner by a later
 * hard start it would still sound over (its crossfade into a short item runs past that item). Then
 * it ends, its crossfade shortened to what is left, early enough for its deck, which the hard
 * start's item comes to, to be free (closed and settled) by that start; never before the next
 * item starts.
 */
export function cutIn(items: readonly PlannedItem[], index: number, o: TimelineOptions): Cut {
  const item = items[index]!;
  const next = items[index + 1];
  const cut = cutOf(item, next, o);
  const handOver = o.closeMarginMs + o.settleMs + HAND_OVER_SLACK_MS;
  const hard = items.slice(index + 2).find((later) => later.hard && later.start < cut.endAt + handOver);
  if (!hard || !next) return cut;
  const endAt = Math.min(cut.endAt, hard.start, Math.max(item.start, next.start, hard.start - handOver));
  if (endAt === cut.endAt) return cut;
  return { endAt, fadeOut: Math.max(o.hardFadeS, cut.cross > 0 ? (endAt - next.start) / 1000 : 0), cross: cut.cross };
}

/** Beyond an item's own end, where its cue-out goes (more than a frame: see pushesFor). */
export const NATURAL_END_SLACK_S = 0.025;

/** How far apart two items may be in the plan and still be back to back (rounding to the ms). */
export const BACK_TO_BACK_MS = 2;

/** Two frames, for a push to reach Liquidsoap before the window it opens. */
const HAND_OVER_SLACK_MS = 40;

/** Which deck each item of a channel plays on: main alternates two decks, so a crossfade overlaps. */
export function deckOf(channel: Channel, index: number, playing?: { index: number; deck: Deck }): Deck {
  if (channel === 'alert') return 'alert';
  const base = playing ? index - playing.index + (playing.deck === 'deck_b' ? 1 : 0) : index;
  return Math.abs(base) % 2 === 0 ? 'deck_a' : 'deck_b';
}

const otherDeck = (deck: Deck): Deck => (deck === 'deck_a' ? 'deck_b' : 'deck_a');

/**
 * The deck of every item of main: an item on air stays on the deck it airs on; one waiting on a
 * deck stays there when that still alternates; the others alternate from the item before them (the
 * first from the item last started, or by its place).
 */
function mainDecks(items: PlannedItem[], state: TimelineState): Deck[] {
  const idx = state.playing ? items.findIndex((i) => i.key === state.playing!.key) : -1;
  const playing = idx >= 0 ? { index: idx, deck: state.playing!.deck } : undefined;
  const decks: Deck[] = [];
  items.forEach((item, i) => {
    const prev = decks[i - 1];
    const held = state.decks?.get(item.key);
    if (held?.airing) decks.push(held.deck);
    else if (held && held.deck !== prev) decks.push(held.deck);
    else decks.push(prev ? otherDeck(prev) : deckOf('main', i, playing));
  });
  return decks;
}

function pushesFor(items: PlannedItem[], channel: Channel, now: number, o: TimelineOptions, state: TimelineState = {}): Action[] {
  const out: Action[] = [];
  const decks = channel === 'main' ? mainDecks(items, state) : items.map(() => channel);
  const lastClose = new Map<Deck, number>();
  let prevCross = 0;
  items.forEach((item, i) => {
    const cut = cutIn(items, i, o);
    const deck = decks[i]!;
    const fadeIn = prevCross;
    prevCross = cut.cross;
    const until = cut.endAt + o.closeMarginMs;
    const freeAt = lastClose.get(deck);
    lastClose.set(deck, until);
    if (cut.endAt <= now || cut.endAt <= item.start) return;
    const at = Math.max(now, item.start - o.leadMs - duckLeadMs(item), freeAt !== undefined ? freeAt + o.settleMs : now);
    const from = item.start >= at ? item.start : Math.min(at + o.lateStartMs, cut.endAt);
    out.push({
      kind: 'push',
      id: `push:${channel}:${item.key}`,
      at,
      channel,
      deck,
      key: item.key,
      item,
      from,
      until,
      endAt: cut.endAt,
      cueIn: item.cue_in + (from - item.start) / 1000,
      // an item that ends where the plan has it end plays to its last sample: Liquidsoap ends a track
      // at its cue-out only on a frame, up to 20 ms short, so its cue-out is a frame and a bit past it
      cueOut: item.cue_in + (cut.endAt - item.start) / 1000 + (cut.endAt === end(item) && cut.fadeOut === 0 ? NATURAL_END_SLACK_S : 0),
      fadeIn,
      fadeOut: cut.fadeOut,
      airsAt: from,
    });
  });
  return out;
}

function liveActions(plan: Plan, now: number, o: TimelineOptions): Action[] {
  let freeAt: number | undefined;
  return plan.items
    .filter((i) => i.kind === 'live')
    .sort((a, b) => a.start - b.start)
    .flatMap((item): Action[] => {
      const prevFree = freeAt;
      freeAt = end(item);
      if (end(item) <= now) return [];
      const at = Math.max(now, item.start - o.leadMs, prevFree ?? now);
      return [{ kind: 'live', id: `live:${item.key}`, at, key: item.key, item, from: item.start, until: end(item), password: item.password ?? o.livePassword }];
    });
}

/**
 * Every action the plan still needs at `now`, in order of time (pushes before controls at the same
 * instant), leaving out those already done and the items whose file failed.
 */
export function timeline(plan: Plan, now: number, options: Partial<TimelineOptions> = {}, state: TimelineState = {}): Action[] {
  const o = { ...defaultTimelineOptions, ...options };
  const failed = state.failed ?? new Set();
  const keep = (i: PlannedItem) => !failed.has(i.key);
  const main = channelItems(plan, 'main').filter(keep);
  const voices = voiceItems(main, main.map((_, i) => cutIn(main, i, o).endAt)).filter(keep);
  const actions = [
    ...pushesFor(main, 'main', now, o, state),
    ...pushesFor(voices, 'voice', now, o),
    ...pushesFor(channelItems(plan, 'alert').filter(keep), 'alert', now, o),
    ...liveActions(plan, now, o),
  ];
  const done = state.done ?? new Set();
  return actions.filter((a) => !done.has(a.id)).sort((a, b) => a.at - b.at);
}

export interface TimelineState {
  /** Actions already done (their ids). */
  done?: ReadonlySet<string>;
  /** Items whose file failed: the default playlist airs in their place. */
  failed?: ReadonlySet<string>;
  /** The main item last started and its deck: items alternate decks from it. */
  playing?: { key: string; deck: Deck };
  /** The items Liquidsoap holds, by key: on air (they stay on their deck) or waiting on a deck. */
  decks?: ReadonlyMap<string, { deck: Deck; airing: boolean }>;
}

const clean = (value: string) => value.replace(/["\\\n\r]/g, ' ');

/** The request Liquidsoap is given for a push: the file with its cue points, gain and names. */
export function requestUri(p: PushAction): string {
  const fields: Array<[string, string]> = [
    ['aw_key', p.key],
    ['aw_start', (p.item.start / 1000).toFixed(3)],
    ['aw_cue', p.item.cue_in.toFixed(3)],
    // no cue-in from the file's start: Liquidsoap seeks to any cue-in it is given, and a seek to 0
    // loses the decoder's first packet (some 10 ms of MP3 per item, found by chaining them)
    ...(p.cueIn > 0 ? [['liq_cue_in', p.cueIn.toFixed(3)] as [string, string]] : []),
    ['liq_cue_out', p.cueOut.toFixed(3)],
    ['liq_amplify', `${p.item.gain_db.toFixed(2)}dB`],
    ['liq_fade_in', (p.fadeIn || (p.from > p.item.start ? 0.005 : 0)).toFixed(3)],
    ['liq_fade_out', p.fadeOut.toFixed(3)],
    ['title', p.item.title],
    ['artist', p.item.artist],
  ];
  return `annotate:${fields.map(([k, v]) => `${k}="${clean(v)}"`).join(',')}:${p.item.path ?? ''}`;
}

/** The default playlist as an m3u for Liquidsoap's playlist operator. */
export function fallbackPlaylist(plan: Plan): string {
  return plan.fallback
    .filter((i) => i.kind === 'file' && i.path)
    .map((i) => `annotate:aw_key="${clean(i.key)}",liq_amplify="${i.gain_db.toFixed(2)}dB",title="${clean(i.title)}",artist="${clean(i.artist)}":${i.path}`)
    .join('\n')
    .concat('\n');
}
