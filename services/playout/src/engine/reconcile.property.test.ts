// The engine's handling of a plan that changes while it airs, against a model of Liquidsoap's
// decks (a window per deck, a push replacing what a deck holds, its cue-out ending the item, a flush
// dropping an item not yet started, a cut closing the window sooner). Driven as engine.ts drives Liquidsoap (timeline.ts's
// actions at their instants, reconcile.ts on every new plan), for random plans and random changes:
// after a change, nothing airs that the new plan does not air then, and every item the new plan
// puts ahead airs at its instant (one put a second or two ahead, as soon as a deck can take it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replacing, resumeAt } from '../plan/build';
import type { Plan, PlannedItem } from './plan';
import { Reconciler } from './reconcile';
import { cutIn, defaultTimelineOptions, timeline, type Deck } from './timeline';

const T = 1_800_000_000_000;
const STEP_MS = 20; // one Liquidsoap frame
const o = defaultTimelineOptions;
/** A change that soon is late by up to the other deck's crossfade tail, its close and settle, and a late start. */
const SOON_MS = 1000 + o.closeMarginMs + o.settleMs + o.lateStartMs + 2 * STEP_MS;

interface DeckState {
  key: string;
  from: number;
  until: number;
  /** Where its cue-out ends the item, as pushed. */
  cueOutAt: number;
  started: boolean;
  closed?: boolean;
}

/** Liquidsoap's decks as the engine drives them. */
class ModelEngine {
  readonly reconciler = new Reconciler();
  readonly decks = new Map<Deck, DeckState>();

  constructor(public plan: Plan) {}

  /** engine.ts's update(): cuts of the items on air, then flushes of decks whose waiting items changed. */
  update(plan: Plan, now: number) {
    this.plan = plan;
    const r = this.reconciler;
    const changes = r.changes(plan, now, o);
    for (const cut of changes.cuts) {
      const deck = this.decks.get(cut.deck);
      if (deck) deck.until = Math.min(deck.until, cut.at);
      r.cut(cut);
    }
    for (const name of changes.flush) {
      if (!this.decks.get(name)?.started) this.decks.delete(name);
      r.flushed(name);
    }
  }

  /** One frame: the actions due (engine.ts's tick), then the decks whose window opened start their item. */
  advance(now: number) {
    const r = this.reconciler;
    for (let a = timeline(this.plan, now, o, r.state)[0]; a && a.at <= now; a = timeline(this.plan, now, o, r.state)[0]) {
      if (a.kind === 'push') {
        this.decks.set(a.deck, { key: a.key, from: a.from, until: a.until, cueOutAt: a.endAt, started: false });
        r.pushed(a);
      }
      r.did(a);
    }
    for (const [name, deck] of this.decks) {
      if (!deck.started && now >= deck.from && now < deck.until) {
        deck.started = true;
        r.started(name, deck.key);
      }
      // Liquidsoap reports a track without a key when a deck's window closes on nothing
      if (deck.started && !deck.closed && now >= deck.until) {
        deck.closed = true;
        r.started(name, '');
      }
    }
  }

  /** The items heard at `now`. */
  sounding(now: number): string[] {
    return [...this.decks.values()].filter((d) => d.started && now >= d.from && now < Math.min(d.until, d.cueOutAt)).map((d) => d.key);
  }
}

/** When the plan airs each item: from its start to its cut, as timeline.ts cuts it. */
function airTimes(plan: Plan): Map<string, { start: number; end: number }> {
  const items = [...plan.items].sort((a, b) => a.start - b.start);
  return new Map(items.map((item, i) => [item.key, { start: item.start, end: cutIn(items, i, o).endAt }]));
}

const file = (key: string, start: number, duration: number, extra: Partial<PlannedItem> = {}): PlannedItem => ({
  key, kind: 'file', path: `/m/${key}.wav`, media_id: 1, title: key, artist: 'a', start, duration, cue_in: 0, gain_db: 0, crossfade: 0, hard: false, context: 'show', show_id: 1, show_name: 's', ...extra,
});

const plans = fc
  .array(fc.record({ duration: fc.integer({ min: 3000, max: 10_000 }), crossfade: fc.constantFrom(0, 0, 1), hard: fc.boolean() }), { minLength: 2, maxLength: 6 })
  .map((specs) => {
    let t = T;
    return specs.map((s, i) => {
      const item = file(`b:${i}`, t, s.duration, { crossfade: s.crossfade, hard: s.hard && i > 0 });
      t += s.duration - (s.hard ? 0 : s.crossfade * 1000);
      return item;
    });
  });

type Change = { kind: 'hard start'; ahead: number } | { kind: 'remove on air' } | { kind: 'same' };
const changes = fc.oneof(
  fc.record({ kind: fc.constant('hard start' as const), ahead: fc.integer({ min: 0, max: 9000 }) }),
  fc.constant({ kind: 'remove on air' as const }),
  fc.constant({ kind: 'same' as const }),
);

/** The new plan: a show added with a hard start `ahead` ms from now (what came after it dropped), the item on air removed, or the same. */
function changed(items: PlannedItem[], change: Change, now: number): PlannedItem[] {
  if (change.kind === 'same') return items;
  const times = airTimes({ player_id: 1, items, fallback: [] });
  if (change.kind === 'remove on air') return items.filter((i) => !(times.get(i.key)!.start <= now && now < times.get(i.key)!.end));
  const at = now + change.ahead;
  // What began before the new show is cut at its start. A remnant shorter than 1.5 s is dropped:
  // an item must outlast the crossfade into it with time for the other deck to be pushed (about
  // 200 ms, docs/playout-engine.md), or what follows it on that deck starts late.
  const kept = items.filter((i) => i.start < at - 200).map((i) => (i.start + i.duration > at ? { ...i, duration: at - i.start } : i));
  return [...kept, file('added', at, 6000, { hard: true })];
}

describe('a plan changed under the items on air, against a model of the decks', () => {
  it('property: after the change nothing airs that the new plan does not, and what it puts ahead airs on time', () => {
    fc.assert(
      fc.property(plans, changes, fc.integer({ min: 500, max: 20_000 }), (items, change, offset) => {
        const engine = new ModelEngine({ player_id: 1, items, fallback: [] });
        const changeAt = T + offset;
        for (let t = T - 12_000; t < changeAt; t += STEP_MS) engine.advance(t);
        const plan: Plan = { player_id: 1, items: changed(items, change, changeAt), fallback: [] };
        engine.update(plan, changeAt);
        const times = airTimes(plan);
        const end = Math.max(changeAt, ...[...times.values()].map((x) => x.end)) + 1000;
        for (let t = changeAt; t < end; t += STEP_MS) {
          engine.advance(t);
          const heard = engine.sounding(t);
          // a removed item fades out over hardFadeS after the change; a cut item's window closes at its cut
          if (t >= changeAt + o.hardFadeS * 1000) {
            for (const key of heard) {
              const air = times.get(key);
              expect(air, `${key} airs at +${t - changeAt} ms, not in the new plan`).toBeDefined();
              expect(t >= air!.start && t < air!.end + o.closeMarginMs, `${key} airs at +${t - changeAt} ms, outside ${air!.start - changeAt}..${air!.end - changeAt}`).toBe(true);
            }
          }
          // what the new plan starts after the change airs from its start to its end; one starting
          // within about 2 s of the change may start late (its deck is pushed once free, a late
          // start 1 s after: the change takes effect "at once", not on the instant)
          for (const [key, air] of times) {
            if (air.start >= changeAt && t >= Math.max(air.start, changeAt + SOON_MS) && t < air.end) expect(heard, `${key} at +${t - changeAt} ms`).toContain(key);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** What PlayerAir does on a refresh: the rundown rebuilt from `now` (items ended by then left out), replacing the plan before. */
function rebuilt(rundown: PlannedItem[], before: Plan | null, now: number): Plan {
  const built: Plan = { player_id: 1, items: rundown.filter((i) => i.start + i.duration > now), fallback: [] };
  return before === null ? resumeAt(built, now) : replacing(before, built, now);
}

describe('a plan rebuilt from an unchanged rundown', () => {
  it('property: changes nothing on air (no cut, no flush), whenever and however often it comes', () => {
    fc.assert(
      fc.property(plans, fc.integer({ min: -2000, max: 15_000 }), fc.array(fc.integer({ min: 20, max: 30_000 }), { minLength: 1, maxLength: 8 }), (items, startAt, gaps) => {
        // the engine starts at T + startAt (maybe mid-item: the item resumes at its offset), and the
        // same rundown is rebuilt after each gap
        let now = T + startAt;
        let plan = rebuilt(items, null, now);
        const engine = new ModelEngine(plan);
        engine.update(plan, now);
        for (const gap of gaps) {
          const next = now + gap;
          for (let t = now; t < next; t += STEP_MS) engine.advance(t);
          now = next;
          plan = rebuilt(items, plan, now);
          const changes = engine.reconciler.changes(plan, now, o);
          expect(changes.cuts, `refresh at +${now - T} ms cut ${changes.cuts.map((c) => c.key).join(', ')}`).toEqual([]);
          expect(changes.flush, `refresh at +${now - T} ms flushed`).toEqual([]);
          engine.update(plan, now);
        }
      }),
      { numRuns: 300 },
    );
  });
});
