// Listener events counted where they arrive (issue 46): held per player and key, and handed to the
// scheduling service in one call every `intervalMs` (or as soon as `maxEvents` wait), never one call
// per event. A call that fails is tried again with the next, events kept up to `maxHeld` a player
// (the oldest given up past it, and said); what is held is handed over when the gateway stops.
import type { ListenerEventInput } from '@airwave/contracts';
import type { z } from 'zod';

export type ListenerEvent = z.infer<typeof ListenerEventInput>;

export interface BatcherOptions {
  send: (playerId: number, key: string, events: ListenerEvent[]) => Promise<void>;
  warn: (fields: Record<string, unknown>, message: string) => void;
  intervalMs?: number;
  maxEvents?: number;
  maxHeld?: number;
}

export class ListenerBatcher {
  readonly #held = new Map<string, { playerId: number; key: string; events: ListenerEvent[] }>();
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: BatcherOptions) {
    this.#timer = setInterval(() => void this.flush(), options.intervalMs ?? 250);
    this.#timer.unref();
  }

  add(playerId: number, key: string, event: ListenerEvent) {
    const id = `${playerId}\n${key}`;
    const held = this.#held.get(id) ?? { playerId, key, events: [] };
    this.#held.set(id, held);
    held.events.push(event);
    const maxHeld = this.options.maxHeld ?? 50_000;
    if (held.events.length > maxHeld) {
      held.events.splice(0, held.events.length - maxHeld);
      this.options.warn({ playerId, maxHeld }, 'Listener events given up: the scheduling service has not taken them');
    }
    if (held.events.length >= (this.options.maxEvents ?? 2000)) void this.flush();
  }

  /** Hands over what is held (one flush at a time; events arriving meanwhile go with the next). */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#sendAll());
    return this.#flushing;
  }

  async #sendAll() {
    const batches = [...this.#held.values()].filter((b) => b.events.length > 0);
    this.#held.clear();
    await Promise.all(
      batches.map(async (batch) => {
        try {
          await this.options.send(batch.playerId, batch.key, batch.events);
        } catch (error) {
          this.options.warn({ playerId: batch.playerId, events: batch.events.length, err: error }, 'Listener events not handed over: tried again with the next');
          for (const event of batch.events.reverse()) this.#requeue(batch.playerId, batch.key, event);
        }
      }),
    );
  }

  #requeue(playerId: number, key: string, event: ListenerEvent) {
    const id = `${playerId}\n${key}`;
    const held = this.#held.get(id) ?? { playerId, key, events: [] };
    this.#held.set(id, held);
    held.events.unshift(event);
  }

  async close() {
    clearInterval(this.#timer);
    await this.flush();
  }
}
