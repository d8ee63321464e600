// The now-playing streams of one gateway: it follows the scheduling service's events about what
// players air (`scheduling.now_playing.changed`, `scheduling.asrun.recorded`) on the bus, as any
// replica does in either run mode, and hands each to the clients streaming that player. A change
// is read once as `GET /players/playing/{id}` answers it (the event has no titles), whatever the
// number of clients; a player's events go out one after another, in the order received.
import type { Bus, IncomingEvent, Subscription } from '@airwave/bus';
import { AsRunStreamEntries, scheduling, type NowPlayingStreamState, type Principal } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import { z } from 'zod';
import { RecentEvents, type StreamEvent } from './recent';

export interface StreamClient {
  principal: Principal;
  send(event: StreamEvent): void;
}

const Frame = z.object({ sequence: z.number().int(), payload: z.object({ player_id: z.number().int() }).loose() });

export class NowPlayingHub {
  private readonly clients = new Map<number, Set<StreamClient>>();
  private readonly chains = new Map<number, Promise<void>>();
  private readonly recent = new RecentEvents();
  private following: Promise<Subscription[]> | null = null;
  private lastReceived = 0;

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
    private readonly requestTimeoutMs?: number,
  ) {}

  /** Follows the events from now on: once, on the first client (again after a failure to subscribe). */
  async follow(): Promise<void> {
    this.following ??= this.subscribe().catch((error: unknown) => {
      this.following = null;
      throw error;
    });
    await this.following;
  }

  /** Both subscriptions, or neither (one taken when the other failed is given up, so a retry doubles nothing). */
  private async subscribe(): Promise<Subscription[]> {
    const taken = await Promise.allSettled([
      this.bus.subscribe('scheduling.now_playing.changed', (event) => this.take(event, 'now_playing')),
      this.bus.subscribe('scheduling.asrun.recorded', (event) => this.take(event, 'asrun')),
    ]);
    const failed = taken.find((result) => result.status === 'rejected');
    const subscriptions = taken.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (!failed) return subscriptions;
    await Promise.all(subscriptions.map((s) => s.unsubscribe().catch(() => undefined)));
    throw failed.reason;
  }

  /** Adds a client of a player; answers the last event sequence received before it joined. */
  join(playerId: number, client: StreamClient): number {
    let set = this.clients.get(playerId);
    if (!set) this.clients.set(playerId, (set = new Set()));
    set.add(client);
    return this.lastReceived;
  }

  leave(playerId: number, client: StreamClient): void {
    const set = this.clients.get(playerId);
    set?.delete(client);
    if (set?.size === 0) this.clients.delete(playerId);
  }

  /** The player's events after `lastId` held here, or null when some may be missing. */
  missedSince(playerId: number, lastId: number): StreamEvent[] | null {
    return this.recent.after(playerId, lastId);
  }

  /** What the player airs now, as `GET /players/playing/{id}` answers the caller (its errors too: 404, 401). */
  async stateOf(playerId: number, principal: Principal): Promise<NowPlayingStreamState> {
    const options = this.requestTimeoutMs ? { timeoutMs: this.requestTimeoutMs } : {};
    const state = (await this.bus.request(scheduling.playerNowPlaying.subject, { input: { id: playerId }, principal }, options)) as Omit<NowPlayingStreamState, 'player_id'>;
    return { player_id: playerId, ...state };
  }

  async close(): Promise<void> {
    const subscriptions = await this.following?.catch(() => []);
    this.following = null;
    await Promise.all((subscriptions ?? []).map((s) => s.unsubscribe().catch(() => undefined)));
  }

  private take(event: IncomingEvent, kind: 'now_playing' | 'asrun'): void {
    const frame = Frame.safeParse(event.data);
    if (!frame.success) return;
    const { sequence, payload } = frame.data;
    this.recent.received(sequence);
    this.lastReceived = Math.max(this.lastReceived, sequence);
    const playerId = payload.player_id;
    const listeners = this.clients.get(playerId);
    if (!listeners?.size) return this.recent.gap(playerId, sequence);
    const principal = listeners.values().next().value!.principal;
    this.enqueue(playerId, async () => {
      const data = kind === 'asrun' ? AsRunStreamEntries.parse(payload) : await this.stateOf(playerId, principal);
      this.emit(playerId, { id: sequence, event: kind, data });
    }, sequence);
  }

  /** Runs a player's sends one after another; a failure leaves a gap (a resume then gets the state). */
  private enqueue(playerId: number, work: () => Promise<void>, sequence: number): void {
    const next = (this.chains.get(playerId) ?? Promise.resolve()).then(work).catch((error: unknown) => {
      this.recent.gap(playerId, sequence);
      this.logger.warn({ err: error, playerId }, 'A now-playing event could not be streamed');
    });
    this.chains.set(playerId, next);
    void next.then(() => {
      if (this.chains.get(playerId) === next) this.chains.delete(playerId);
    });
  }

  private emit(playerId: number, event: StreamEvent & { id: number }): void {
    this.recent.add(playerId, event);
    for (const client of this.clients.get(playerId) ?? []) client.send(event);
  }
}
