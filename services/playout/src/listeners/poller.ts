// Listeners counted without the hook (issue 46, "polling of Icecast's statistics as the fallback"):
// every few seconds, for each player this replica airs, the list of its mount's listeners read from
// its Icecast (listclients.ts, with the source credentials the playout streams with) and handed to
// the scheduling service whole, which opens and closes the sessions from it. A player with a
// listener hook is counted by the hook: the scheduling service says so, and its mount is then asked
// only once a minute, in case the hook is removed. An Icecast that does not answer is skipped (its
// listeners are not taken for gone); so is a mount without its source.
import type { Bus } from '@airwave/bus';
import { listenerSnapshots, type AiredPlayer } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import { callOperation } from '@airwave/service-kit';
import { mountOf } from './icecast-stats';
import { listClientsUrl, parseListClients } from './listclients';

export interface ListenerPollerOptions {
  bus: Bus;
  logger: Logger;
  /** The players this replica airs now, their source passwords open. */
  players: () => AiredPlayer[];
  intervalMs: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** How long a player whose hook counts is left before its mount is asked again. */
const HOOKED_RECHECK_MS = 60_000;

export class ListenerPoller {
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<void> | null = null;
  /** Per player: when its list was last handed over (the next one's `since`). */
  readonly #since = new Map<number, number>();
  /** Per player with a hook: until when it is left alone. */
  readonly #hooked = new Map<number, number>();
  readonly #fetch: typeof fetch;
  readonly #now: () => number;

  constructor(private readonly options: ListenerPollerOptions) {
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? Date.now;
  }

  start(): void {
    if (this.options.intervalMs <= 0 || this.#timer) return;
    this.#timer = setInterval(() => void (this.#round ??= this.poll().finally(() => (this.#round = null))), this.options.intervalMs);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#round;
  }

  /** One round: each aired player's mount asked and handed over, side by side. */
  async poll(): Promise<void> {
    const players = this.options.players();
    const aired = new Set(players.map((p) => p.id));
    for (const id of this.#since.keys()) if (!aired.has(id)) this.#since.delete(id);
    await Promise.all(players.filter((p) => (this.#hooked.get(p.id) ?? 0) <= this.#now()).map((p) => this.#pollPlayer(p)));
  }

  async #pollPlayer(player: AiredPlayer): Promise<void> {
    const url = listClientsUrl(player.stream_url);
    const mount = mountOf(player.stream_url);
    if (!url || !mount) return;
    const at = this.#now();
    const listeners = await this.#ask(url, mount, player.source_password ?? '');
    if (!listeners) return;
    try {
      const { counted } = await callOperation(this.options.bus, listenerSnapshots.snapshot, { player_id: player.id, mount, at, since: this.#since.get(player.id) ?? null, listeners }, { timeoutMs: 5000 });
      if (counted) this.#since.set(player.id, at);
      else {
        this.#since.delete(player.id);
        this.#hooked.set(player.id, at + HOOKED_RECHECK_MS);
      }
    } catch (error) {
      this.options.logger.warn({ err: error, playerId: player.id }, 'Playout: the listeners read from Icecast could not be handed over');
    }
  }

  /** The mount's listeners, or null when Icecast does not list them (not answering, refusing, no source). */
  async #ask(url: string, mount: string, password: string) {
    try {
      const reply = await this.#fetch(url, { headers: { authorization: `Basic ${Buffer.from(`source:${password}`).toString('base64')}` }, signal: AbortSignal.timeout(2000), redirect: 'error' });
      return reply.ok ? parseListClients(await reply.text(), mount) : null;
    } catch {
      return null;
    }
  }
}
