// Throttling that slows without locking out (docs/decisions/accounts.md, "Login throttling"): each
// bucket counts attempts and remembers when the last one was counted. While a bucket has seen more
// than its free attempts, the next one must wait a delay that doubles with every further attempt,
// up to a ceiling, counted from the last one. A bucket is forgotten `forgetAfterSeconds` after its
// last attempt. Both stores keep exactly these rules (the Redis store in a script, on Redis's clock).

export interface ThrottleRule {
  /** The bucket's name, e.g. `login-pair:alice:203.0.113.7`. */
  bucket: string;
  /** Attempts counted before any delay applies (a bucket that must never wait: a very large number). */
  freeAttempts: number;
  /** The delay after the first attempt past the free ones; each further attempt doubles it. */
  baseDelayMs: number;
  /** The longest delay. */
  maxDelayMs: number;
  /** A bucket with no attempt for this long is forgotten. */
  forgetAfterSeconds: number;
}

/** Either the attempt was counted in every bucket (`counts`, in the rules' order, this one included),
 * or one bucket still asks to wait and nothing was counted. */
export type ThrottleAttempt = { allowed: true; counts: number[] } | { allowed: false; waitMs: number };

/** Most attempts a bucket can count before a delay would overflow (2^40 ms is 35 years). */
const MAX_DOUBLINGS = 40;

/** The delay a bucket asks for after `count` counted attempts. */
export function throttleDelayMs(rule: Pick<ThrottleRule, 'freeAttempts' | 'baseDelayMs' | 'maxDelayMs'>, count: number): number {
  if (count <= rule.freeAttempts) return 0;
  const doublings = Math.min(count - rule.freeAttempts - 1, MAX_DOUBLINGS);
  return Math.min(rule.baseDelayMs * 2 ** doublings, rule.maxDelayMs);
}

/** Milliseconds a bucket still asks to wait, given its count and the time of its last attempt. */
export function throttleWaitMs(rule: ThrottleRule, count: number, lastAttemptMs: number, nowMs: number): number {
  return Math.max(0, lastAttemptMs + throttleDelayMs(rule, count) - nowMs);
}

/** The parameters of the rules as the Redis script reads them: four numbers per bucket. */
export function throttleArguments(rules: ThrottleRule[]): number[] {
  return rules.flatMap((rule) => [Math.min(rule.freeAttempts, 2 ** 31), rule.baseDelayMs, rule.maxDelayMs, rule.forgetAfterSeconds]);
}

// The same rules as throttleAttempt in one atomic script, on Redis's own clock (replicas' clocks may
// differ). KEYS: the buckets (hashes with `n`, the count, and `l`, the last attempt in ms);
// ARGV: four numbers per bucket (throttleArguments). Reply: {1, count…} or {0, wait ms}.
export const THROTTLE_ATTEMPT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local wait = 0
for i, key in ipairs(KEYS) do
  local free, base, max = tonumber(ARGV[i * 4 - 3]), tonumber(ARGV[i * 4 - 2]), tonumber(ARGV[i * 4 - 1])
  local h = redis.call('HMGET', key, 'n', 'l')
  local n, l = tonumber(h[1] or '0'), tonumber(h[2] or '0')
  if n > free then
    local delay = math.min(base * 2 ^ math.min(n - free - 1, ${MAX_DOUBLINGS}), max)
    if l + delay - now > wait then wait = l + delay - now end
  end
end
if wait > 0 then return {0, wait} end
local out = {1}
for i, key in ipairs(KEYS) do
  out[i + 1] = redis.call('HINCRBY', key, 'n', 1)
  redis.call('HSET', key, 'l', now)
  redis.call('EXPIRE', key, tonumber(ARGV[i * 4]))
end
return out
`;

// Takes one counted attempt back from each bucket (KEYS); a bucket left at zero is deleted.
export const THROTTLE_GIVE_BACK_SCRIPT = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 and redis.call('HINCRBY', key, 'n', -1) <= 0 then redis.call('DEL', key) end
end
return 0
`;
