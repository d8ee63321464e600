// The embedded default's throttle buckets and short-lived values, in this process's memory, with
// the same rules as the Redis store (throttle.ts). Expired entries are dropped when read, and all
// of them every thousand writes, so a flood of new buckets cannot grow the maps without end.
import { throttleWaitMs } from './throttle';
import type { SessionStore } from './types';

type Buckets = Map<string, { count: number; lastMs: number; expiresAtMs: number }>;
type Values = Map<string, { value: string; expiresAtMs: number }>;

const SWEEP_EVERY = 1000;

function sweeper(maps: Map<string, { expiresAtMs: number }>[]) {
  let writes = 0;
  return () => {
    writes += 1;
    if (writes % SWEEP_EVERY !== 0) return;
    const now = Date.now();
    for (const map of maps) for (const [name, entry] of map) if (entry.expiresAtMs <= now) map.delete(name);
  };
}

export type ThrottlePart = Pick<SessionStore, 'throttleAttempt' | 'throttleGiveBack' | 'throttleClear' | 'putValue' | 'getValue' | 'deleteValue' | 'claimValue'>;

export function memoryThrottlePart(): ThrottlePart & { clear(): void } {
  const buckets: Buckets = new Map();
  const values: Values = new Map();
  const sweep = sweeper([buckets, values]);
  const live = <T extends { expiresAtMs: number }>(map: Map<string, T>, name: string, now = Date.now()): T | undefined => {
    const entry = map.get(name);
    if (entry && entry.expiresAtMs <= now) map.delete(name);
    return entry && entry.expiresAtMs > now ? entry : undefined;
  };
  return {
    async throttleAttempt(rules) {
      const now = Date.now();
      const waits = rules.map((rule) => {
        const entry = live(buckets, rule.bucket, now);
        return entry ? throttleWaitMs(rule, entry.count, entry.lastMs, now) : 0;
      });
      const waitMs = Math.max(0, ...waits);
      if (waitMs > 0) return { allowed: false, waitMs };
      const counts = rules.map((rule) => {
        const count = (live(buckets, rule.bucket, now)?.count ?? 0) + 1;
        buckets.set(rule.bucket, { count, lastMs: now, expiresAtMs: now + rule.forgetAfterSeconds * 1000 });
        return count;
      });
      sweep();
      return { allowed: true, counts };
    },
    async throttleGiveBack(names) {
      for (const name of names) {
        const entry = live(buckets, name);
        if (!entry) continue;
        entry.count -= 1;
        if (entry.count <= 0) buckets.delete(name);
      }
    },
    async throttleClear(names) {
      for (const name of names) buckets.delete(name);
    },
    async putValue(name, value, ttlSeconds) {
      values.set(name, { value, expiresAtMs: Date.now() + ttlSeconds * 1000 });
      sweep();
    },
    async getValue(name) {
      return live(values, name)?.value ?? null;
    },
    claimValue: async (name, value, ttlSeconds) => live(values, name)?.value ?? (values.set(name, { value, expiresAtMs: Date.now() + ttlSeconds * 1000 }), null),
    async deleteValue(name) {
      const existed = live(values, name) !== undefined;
      values.delete(name);
      return existed;
    },
    clear() {
      buckets.clear();
      values.clear();
    },
  };
}
