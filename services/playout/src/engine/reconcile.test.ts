import { describe, expect, it } from 'vitest';
import type { Plan, PlannedItem } from './plan';
import { Reconciler } from './reconcile';
import { defaultTimelineOptions, timeline, type PushAction } from './timeline';

const T = 1_800_000_000_000;
const item = (n: number, start: number, extra: Partial<PlannedItem> = {}): PlannedItem => ({
  key: `b:${n}`, kind: 'file', path: `/m/${n}.wav`, media_id: n, title: `t${n}`, artist: 'a', start: T + start, duration: 4000,
  cue_in: 0, gain_db: 0, crossfade: 0, hard: false, context: 'show', show_id: 1, show_name: 's', ...extra,
});
const plan = (items: PlannedItem[]): Plan => ({ player_id: 1, items, fallback: [] });

/** Pushes what is due at `now`, as the engine does. */
function pushDue(r: Reconciler, p: Plan, now: number): PushAction[] {
  const out: PushAction[] = [];
  for (let a = timeline(p, now, {}, r.state)[0]; a && a.at <= now; a = timeline(p, now, {}, r.state)[0]) {
    if (a.kind === 'push') {
      r.pushed(a);
      out.push(a);
    }
    r.did(a);
  }
  return out;
}

describe('reconciling a new plan with what Liquidsoap was told', () => {
  it('keeps queued items the new plan still has, and replaces a deck whose queued item changed', () => {
    const r = new Reconciler();
    const first = plan([item(1, 0), item(2, 4000), item(3, 8000)]);
    expect(pushDue(r, first, T - 3000).map((p) => p.key)).toEqual(['b:1', 'b:2']);
    r.started('deck_a', 'b:1');
    // same plan again: nothing to flush
    expect(r.stale(timeline(first, T + 1000, {}, { failed: r.failed, playing: r.state.playing }))).toEqual([]);
    // b:2 moves: its deck is flushed and it is pushed again with the new window
    const moved = plan([item(1, 0), item(2, 5000), item(3, 8000)]);
    expect(r.stale(timeline(moved, T + 1000, {}, { failed: r.failed, playing: r.state.playing }))).toEqual(['deck_b']);
    r.flushed('deck_b');
    expect(pushDue(r, moved, T + 1000).map((p) => [p.key, p.deck, p.from - T])).toEqual([['b:2', 'deck_b', 5000]]);
  });

  it('takes a track reported without a key (a window closing on nothing) for no item', () => {
    const r = new Reconciler();
    pushDue(r, plan([item(1, 0), item(2, 4000)]), T - 3000);
    r.started('deck_a', 'b:1');
    r.started('deck_b', '');
    expect(r.state.playing).toEqual({ key: 'b:1', deck: 'deck_a' });
    expect(r.state.decks?.get('b:1')).toEqual({ deck: 'deck_a', airing: true });
  });

  it('keeps the item on air on its deck when the rebuilt plan no longer has what came before it', () => {
    const r = new Reconciler();
    const first = plan([item(1, 0), item(2, 4000), item(3, 8000)]);
    pushDue(r, first, T - 3000);
    r.started('deck_a', 'b:1');
    pushDue(r, first, T + 1000);
    r.started('deck_b', 'b:2');
    // rebuilt at T+5 s: b:1 has ended and is left out, so b:2 comes first; it stays on deck_b
    const rebuiltPlan = plan([item(2, 4000), item(3, 8000)]);
    const changes = r.changes(rebuiltPlan, T + 5000, { ...defaultTimelineOptions });
    expect(changes).toEqual({ cuts: [], flush: [] });
  });

  it('flushes a deck whose queued item left the plan, and forgets everything on a restart', () => {
    const r = new Reconciler();
    pushDue(r, plan([item(1, 0), item(2, 4000)]), T - 3000);
    r.started('deck_a', 'b:1');
    expect(r.stale(timeline(plan([item(1, 0)]), T + 1000, {}, { playing: r.state.playing }))).toEqual(['deck_b']);
    r.fail('b:9');
    r.reset();
    expect([r.done.size, r.failed.size, r.state.playing]).toEqual([0, 0, undefined]);
  });

  it('cuts the item on air when a hard start moves in front of it, or at once (after the fade) when it leaves the plan', () => {
    const r = new Reconciler();
    const long = item(1, 0, { duration: 60_000 });
    pushDue(r, plan([long]), T - 3000);
    r.started('deck_a', 'b:1');
    // the same plan: nothing to cut
    expect(r.cuts(timeline(plan([long]), T + 5000, {}, { failed: r.failed, playing: r.state.playing }), T + 5000, 100)).toEqual([]);
    // a hard start at T+20 s, planned at T+10 s: the item on air ends there
    const added = plan([{ ...long, duration: 20_000 }, item(2, 20_000, { hard: true })]);
    const cuts = r.cuts(timeline(added, T + 10_000, {}, { failed: r.failed, playing: r.state.playing }), T + 10_000, 100);
    expect(cuts).toEqual([{ deck: 'deck_a', key: 'b:1', at: T + 20_000 }]);
    r.cut(cuts[0]!);
    // told once: the same change again cuts nothing more
    expect(r.cuts(timeline(added, T + 11_000, {}, { failed: r.failed, playing: r.state.playing }), T + 11_000, 100)).toEqual([]);
    // the item leaves the plan: it ends a fade from now
    expect(r.cuts(timeline(plan([]), T + 12_000, {}, { playing: r.state.playing }), T + 12_000, 100)).toEqual([{ deck: 'deck_a', key: 'b:1', at: T + 12_100 }]);
    // once it has ended there is nothing to cut
    expect(r.cuts(timeline(plan([]), T + 21_000, {}, {}), T + 21_000, 100)).toEqual([]);
  });
});
