// The enabled webhooks as the intake matches events against them, kept in memory so that an event
// costs no query (with no webhook registered, none at all). Every change to a webhook drops the
// copy: this replica's own changes as they commit, other replicas' when their modules.webhook.*
// event arrives (every replica subscribes, not a shared consumer), and at the latest after MAX_AGE_MS.
import type { Bus, Subscription } from '@airwave/bus';
import type { ModulesDB } from '../schema';
import { enabledWebhooks } from './queries';

/** The longest a copy is used: a bound on staleness should an invalidation event be missed. */
export const MAX_AGE_MS = 60_000;

type Enabled = Awaited<ReturnType<typeof enabledWebhooks>>;

export interface WebhookCache {
  enabled(): Promise<Enabled>;
  /** Drops the copy (a webhook changed). */
  invalidate(): void;
}

export function createWebhookCache(db: ModulesDB, now = () => Date.now()): WebhookCache {
  let copy: { rows: Enabled; at: number } | null = null;
  // Bumped by every invalidation: a read that began before one is used once, not kept.
  let generation = 0;
  return {
    async enabled() {
      if (copy && now() - copy.at < MAX_AGE_MS) return copy.rows;
      const started = generation;
      const at = now();
      const rows = await enabledWebhooks(db);
      if (started === generation) copy = { rows, at };
      return rows;
    },
    invalidate() {
      generation += 1;
      copy = null;
    },
  };
}

/** Drops the copy whenever any replica changes a webhook. */
export function followWebhookChanges(bus: Bus, cache: WebhookCache): Promise<Subscription> {
  return bus.subscribe('modules.webhook.*', async () => cache.invalidate());
}
