// A PlayerEngine that airs nothing and remembers what it was asked (the service's tests, before
// and beside the Liquidsoap engine): when it started, each plan with the instant it came, and it
// reports a track start for the item on air whenever a plan arrives, as an engine would.
import type { EngineOutput, Plan, PlayerEngine, TrackEvent } from '@airwave/playout/engine';
import type { EngineFactory } from '@airwave/playout';
import { onAirAt } from '@airwave/playout/internal/plan/build';

export class FakeEngine implements PlayerEngine {
  output: EngineOutput | null = null;
  readonly updates: { at: number; plan: Plan }[] = [];
  stopped = false;
  readonly #listeners = new Set<(event: TrackEvent) => void>();
  #onAir: string | null = null;

  /** `startMs`: how long its start takes (Liquidsoap's on a busy machine). */
  constructor(
    readonly playerId: number,
    readonly startMs = 0,
  ) {}

  async start(output: EngineOutput): Promise<void> {
    if (this.startMs) await new Promise((resolve) => setTimeout(resolve, this.startMs));
    this.output = output;
  }

  async update(plan: Plan): Promise<void> {
    const at = Date.now();
    this.updates.push({ at, plan });
    const item = onAirAt(plan, at);
    if (item && item.key !== this.#onAir) {
      this.#onAir = item.key;
      this.emit({ player_id: this.playerId, key: item.key, media_id: item.media_id, title: item.title, artist: item.artist, context: item.context, at, kind: 'start' });
    }
  }

  onTrack(listener: (event: TrackEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: TrackEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  async stop(): Promise<void> {
    this.stopped = true;
  }
}

/** A factory remembering every engine it made, by player. */
export function fakeEngines(options: { startMs?: number } = {}): { factory: EngineFactory; made: FakeEngine[] } {
  const made: FakeEngine[] = [];
  return {
    made,
    factory: (player) => {
      const engine = new FakeEngine(player.id, options.startMs);
      made.push(engine);
      return engine;
    },
  };
}
