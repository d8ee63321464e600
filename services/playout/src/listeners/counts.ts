// The listeners of each aired player, from the Icecast its stream goes to (icecast-stats.ts): each
// Icecast asked at most once every `maxAgeMs` (5 s), however often the status is read, and an
// Icecast that does not answer within `timeoutMs` (2 s) counts as unknown until the next ask.
import { mountListeners, mountOf, statsUrlOf } from './icecast-stats';

export interface ListenerCountsOptions {
  /** Each aired player's stream URL, by player id (read at most once every maxAgeMs too). */
  streamUrls: () => Promise<Map<number, string>>;
  fetch?: typeof fetch;
  maxAgeMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

export class ListenerCounts {
  readonly #stats = new Map<string, Cached<Map<string, number> | null>>();
  #urls: Cached<Map<number, string>> | null = null;
  readonly #fetch: typeof fetch;
  readonly #maxAgeMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;

  constructor(private readonly options: ListenerCountsOptions) {
    this.#fetch = options.fetch ?? fetch;
    this.#maxAgeMs = options.maxAgeMs ?? 5000;
    this.#timeoutMs = options.timeoutMs ?? 2000;
    this.#now = options.now ?? Date.now;
  }

  /** How many listen to each player's mount now; null when unknown (no stream URL, Icecast silent, the mount not on it). */
  async of(playerIds: readonly number[]): Promise<Map<number, number | null>> {
    if (playerIds.length === 0) return new Map();
    const urls = await this.#fresh(this.#urls, () => this.options.streamUrls(), (cached) => (this.#urls = cached)).catch(() => new Map<number, string>());
    const known = await Promise.all(
      playerIds.map(async (id) => {
        const streamUrl = urls.get(id);
        const statsUrl = streamUrl ? statsUrlOf(streamUrl) : null;
        const mount = streamUrl ? mountOf(streamUrl) : null;
        if (!statsUrl || !mount) return null;
        const mounts = await this.#fresh(this.#stats.get(statsUrl), () => this.#ask(statsUrl), (cached) => this.#stats.set(statsUrl, cached));
        return mounts?.get(mount) ?? null;
      }),
    );
    return new Map(playerIds.map((id, i) => [id, known[i] ?? null]));
  }

  /** The cached value while it is younger than maxAgeMs (a failure too), else a new one. */
  #fresh<T>(cached: Cached<T> | null | undefined, read: () => Promise<T>, keep: (cached: Cached<T>) => void): Promise<T> {
    const now = this.#now();
    if (cached && now - cached.at < this.#maxAgeMs) return cached.value;
    const value = read();
    keep({ at: now, value });
    return value;
  }

  /** One Icecast's mounts and listeners; null when it does not answer them. */
  async #ask(statsUrl: string): Promise<Map<string, number> | null> {
    try {
      const reply = await this.#fetch(statsUrl, { signal: AbortSignal.timeout(this.#timeoutMs), redirect: 'error' });
      if (!reply.ok) return null;
      return mountListeners(JSON.parse(await reply.text()));
    } catch {
      return null;
    }
  }
}
