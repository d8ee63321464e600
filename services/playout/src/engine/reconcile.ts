// What the engine has told Liquidsoap: actions done, files that failed, the main item on air and
// its deck, per deck the items pushed that have not started yet, and the item each deck is airing
// with the end it was given. When a new plan differs for waiting items, that deck's queue is
// flushed and they are pushed again from the new plan; when it ends an item on air sooner (a hard
// start moved in front of it, or the item left the plan), that deck is cut at the new end.
import type { Plan } from './plan';
import { requestUri, timeline, type Action, type Deck, type PushAction, type TimelineOptions, type TimelineState } from './timeline';

interface Queued {
  key: string;
  signature: string;
  /** Where it stops sounding, Unix ms. */
  endAt: number;
}

/** A deck to cut short: its item on air ends at `at` (Unix ms) instead. */
export interface DeckCut {
  deck: Deck;
  key: string;
  at: number;
}

/**
 * What a push tells Liquidsoap, to compare it with a fresh timeline's: the item (its file, start,
 * cue points, fades, gain and names), its deck and where it ends. Not when its window opens: for an
 * item under way that follows from when it was pushed (a late start), and one whose start has just
 * passed is airing or about to, whatever a timeline computed now would say.
 */
const signature = (a: PushAction) => `${a.deck} ${a.item.start} ${a.until} ${requestUri({ ...a, cueIn: a.item.cue_in, from: a.item.start })} ${JSON.stringify(a.item.duck ?? null)}`;
const DECKS: Deck[] = ['deck_a', 'deck_b', 'alert', 'voice'];

export class Reconciler {
  readonly done = new Set<string>();
  readonly failed = new Set<string>();
  private playing?: { key: string; deck: Deck };
  private queued = new Map<Deck, Queued[]>();
  private airing = new Map<Deck, { key: string; endAt: number }>();

  reset() {
    this.done.clear();
    this.failed.clear();
    this.playing = undefined;
    this.queued.clear();
    this.airing.clear();
  }

  /** What timeline() needs to know of the past. */
  get state(): TimelineState {
    return { done: this.done, failed: this.failed, playing: this.playing, decks: this.decks() };
  }

  /** The main items Liquidsoap holds: the one each deck airs (or last aired), and those waiting. */
  private decks(): Map<string, { deck: Deck; airing: boolean }> {
    const out = new Map<string, { deck: Deck; airing: boolean }>();
    for (const deck of ['deck_a', 'deck_b'] as const) {
      for (const q of this.queued.get(deck) ?? []) out.set(q.key, { deck, airing: false });
      const air = this.airing.get(deck);
      if (air) out.set(air.key, { deck, airing: true });
    }
    return out;
  }

  did(a: Action) {
    this.done.add(a.id);
  }

  pushed(a: PushAction) {
    this.queued.set(a.deck, [...(this.queued.get(a.deck) ?? []), { key: a.key, signature: signature(a), endAt: a.endAt }]);
  }

  fail(key: string) {
    this.failed.add(key);
  }

  /**
   * A deck started `key`: it and what was before it are no longer waiting. (A deck's window that
   * opens or closes on nothing reports a track without a key: not an item.)
   */
  started(deck: Deck, key: string) {
    if (!key) return;
    if (deck === 'deck_a' || deck === 'deck_b') this.playing = { key, deck };
    const list = this.queued.get(deck) ?? [];
    const at = list.findIndex((q) => q.key === key);
    if (at < 0) return;
    this.airing.set(deck, { key, endAt: list[at]!.endAt });
    list.splice(0, at + 1);
  }

  /**
   * What a new plan changes in what Liquidsoap was told: the items on air to cut short, and the
   * decks whose waiting items to flush (and push again from the plan).
   */
  changes(plan: Plan, now: number, options: TimelineOptions): { cuts: DeckCut[]; flush: Deck[] } {
    const fresh = timeline(plan, now, options, { failed: this.failed, playing: this.playing, decks: this.decks() });
    return { cuts: this.cuts(fresh, now, options.hardFadeS * 1000), flush: this.stale(fresh) };
  }

  /**
   * The decks whose item on air the fresh timeline (computed with nothing done) ends sooner than
   * it was told: at the item's new cut, or `fadeMs` from now when the plan no longer has it.
   */
  cuts(fresh: Action[], now: number, fadeMs: number): DeckCut[] {
    const out: DeckCut[] = [];
    for (const [deck, air] of this.airing) {
      if (air.endAt <= now) continue;
      const push = fresh.find((a): a is PushAction => a.kind === 'push' && a.deck === deck && a.key === air.key);
      const at = push ? push.endAt : now + fadeMs;
      if (at < air.endAt) out.push({ deck, key: air.key, at });
    }
    return out;
  }

  /** The deck was told to end its item on air at `at`. */
  cut(c: DeckCut) {
    const air = this.airing.get(c.deck);
    if (air?.key === c.key) this.airing.set(c.deck, { key: c.key, endAt: c.at });
  }

  /** The decks whose waiting items the fresh timeline (computed with nothing done) no longer matches. */
  stale(fresh: Action[]): Deck[] {
    return DECKS.filter((deck) => {
      const waiting = this.queued.get(deck) ?? [];
      if (!waiting.length) return false;
      const pushes = fresh.filter((a): a is PushAction => a.kind === 'push' && a.deck === deck);
      const from = pushes.findIndex((p) => p.key === waiting[0]!.key);
      if (from < 0) return true;
      return waiting.some((w, i) => {
        const p = pushes[from + i];
        return !p || p.key !== w.key || signature(p) !== w.signature;
      });
    });
  }

  /** The deck's queue was emptied: its waiting items are to be pushed again. */
  flushed(deck: Deck) {
    const channel = deck === 'alert' || deck === 'voice' ? deck : 'main';
    for (const w of this.queued.get(deck) ?? []) this.done.delete(`push:${channel}:${w.key}`);
    this.queued.set(deck, []);
  }
}
