// The events a gateway has sent for each player lately, so that a client reconnecting with
// `Last-Event-ID` gets what it missed (docs/decisions/now-playing-stream.md). An event id is the
// scheduling service's event sequence: increasing, and delivered in order while nothing fails.
import type { NowPlayingStreamEventName } from '@airwave/contracts';

export interface StreamEvent {
  /** The scheduling service's event sequence; none for a heartbeat or a state read without one. */
  id?: number;
  event: NowPlayingStreamEventName;
  data: unknown;
}

interface Held {
  events: StreamEvent[];
  /** Events of the player up to this id may be missing here (not kept, or dropped for room). */
  gapUpTo: number;
}

export class RecentEvents {
  private readonly players = new Map<number, Held>();
  /** The first sequence received since following began: every event from it on was received. */
  private firstReceived: number | null = null;

  constructor(private readonly size = 100) {}

  /** Every event received (of any player) passes here first, in the order received. */
  received(sequence: number): void {
    this.firstReceived ??= sequence;
  }

  /** An event of the player sent to its clients. */
  add(playerId: number, event: StreamEvent & { id: number }): void {
    const held = this.heldFor(playerId);
    held.events.push(event);
    while (held.events.length > this.size) held.gapUpTo = Math.max(held.gapUpTo, held.events.shift()!.id ?? 0);
  }

  /** An event of the player that was not kept (no one was listening, or its state could not be read). */
  gap(playerId: number, sequence: number): void {
    const held = this.heldFor(playerId);
    held.gapUpTo = Math.max(held.gapUpTo, sequence);
  }

  /**
   * The player's events after `lastId`, or null when some may be missing here: `lastId` from before
   * this gateway began following, or before a gap of the player's.
   */
  after(playerId: number, lastId: number): StreamEvent[] | null {
    if (this.firstReceived === null || lastId < this.firstReceived - 1) return null;
    const held = this.players.get(playerId);
    if (!held) return [];
    if (lastId < held.gapUpTo) return null;
    return held.events.filter((event) => (event.id ?? 0) > lastId);
  }

  private heldFor(playerId: number): Held {
    let held = this.players.get(playerId);
    if (!held) {
      held = { events: [], gapUpTo: 0 };
      this.players.set(playerId, held);
    }
    return held;
  }
}

/** One event as text/event-stream writes it: `id:` (when it has one), `event:`, one `data:` line (JSON never holds a line break). */
export function sseFrame({ id, event, data }: StreamEvent): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** `Last-Event-ID` as a sequence, or null when absent or not one of ours. */
export function lastEventIdOf(header: string | string[] | undefined): number | null {
  return typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : null;
}
