// Sessions the gateway has just resolved, kept for a moment: a client calling many times a second
// (the console, an integration, a player's sync) costs the session store (Redis in production) one
// read a second instead of one a request. The copy is dropped at once when this replica sees the
// session end (logout through it) or any user or group change (account.user.*, account.group.*
// events, which every replica follows, and modules.module.* since a module's permissions reach every profile), and is never older than TTL_MS otherwise: a logout or a
// permission change through another replica reaches this one within that (docs/deploy.md). A
// session's own writes drop its copy before their reply is sent (authentication.ts), so whoever
// changes something, their own rights included (installing a module), reads it back at once.
import type { Bus, Subscription } from '@airwave/bus';
import type { SessionStore } from '@airwave/sessions';

/** The longest a resolved session is used without asking the store again. */
export const TTL_MS = 1_000;
/** At most this many sessions are kept (a bound on memory; the oldest are dropped first). */
const MAX_KEPT = 10_000;

type Found = Awaited<ReturnType<SessionStore['authenticate']>>;

export interface SessionCache {
  authenticate(key: string): Promise<Found>;
  /** Drops every copy of a session (it ended). */
  forgetSession(sessionId: string): void;
  /** Drops the copy for one key: its holder has just changed something, perhaps its own rights. */
  forgetKey(key: string): void;
  /** Drops every copy (a user or group changed). */
  clear(): void;
  /** Follows account changes on the bus until the returned subscription ends. */
  follow(bus: Bus): Promise<Subscription>;
}

export function createSessionCache(sessions: SessionStore, now = () => Date.now()): SessionCache {
  const kept = new Map<string, { found: NonNullable<Found>; until: number }>();
  // Bumped by every drop: a read that began before one is used once, not kept.
  let generation = 0;
  const cache: SessionCache = {
    async authenticate(key) {
      const copy = kept.get(key);
      if (copy && copy.until > now()) return copy.found;
      const started = generation;
      const found = await sessions.authenticate(key);
      kept.delete(key);
      if (found && started === generation) {
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, { found, until: now() + TTL_MS });
      }
      return found;
    },
    forgetSession(sessionId) {
      generation += 1;
      for (const [key, copy] of kept) if (copy.found.session.id === sessionId) kept.delete(key);
    },
    forgetKey(key) {
      generation += 1;
      kept.delete(key);
    },
    clear() {
      generation += 1;
      kept.clear();
    },
    follow: (bus) =>
      // A module installed or removed changes the permissions every profile holds (the account
      // service refreshes them all before the module's event is published).
      Promise.all(['account.user.*', 'account.group.*', 'modules.module.*'].map((subject) => bus.subscribe(subject, async () => cache.clear()))).then((subscriptions) => ({
        unsubscribe: async () => {
          await Promise.all(subscriptions.map((s) => s.unsubscribe()));
        },
      })),
  };
  return cache;
}
