// What authenticating a session key reads from Redis: the lookups of one event-loop turn sent as
// one script call, and the principals they return parsed once per distinct text.
import { PrincipalProfile } from '@airwave/contracts';
import type { Redis } from 'ioredis';
import { deepFreeze } from './types';

// Authenticates every session key presented in one turn of the event loop with one script call:
// for each key, slide the session's TTL and fetch the user's cached principal. Under load this is
// one Redis command per batch instead of one per request (Redis's CPU and the gateway's socket
// writes per request fall with the batch size). KEYS: session keys; ARGV[1] ttl seconds;
// ARGV[2] principal key prefix. Reply: per key nil (no such session, or one that cannot be read:
// one bad value must not fail the other keys of its batch), or [session JSON, principal JSON or nil].
const AUTHENTICATE_MANY = `
local out = {}
for i, key in ipairs(KEYS) do
  local session = redis.call('GETEX', key, 'EX', ARGV[1])
  local ok, decoded = false, nil
  if session then ok, decoded = pcall(cjson.decode, session) end
  if ok and type(decoded) == 'table' and decoded.userId then
    out[i] = { session, redis.call('GET', ARGV[2] .. decoded.userId) }
  else
    out[i] = false
  end
end
return out
`;

/** Most parsed principals kept per store (the cache is emptied when full). */
const PROFILE_CACHE_MAX = 10_000;

/** Most keys in one batch (a larger turn is sent as several commands). */
export const AUTHENTICATE_BATCH_MAX = 64;

/** A session's stored JSON and its user's principal JSON (or null), or null for no readable session. */
export type SessionLookup = (key: string) => Promise<[string, string | null] | null>;

/** Looks session keys up (sliding their TTL) in batches, one script call per turn of the event loop. */
export function batchedLookups(redis: Redis, ttlSeconds: number, principalPrefix: string): SessionLookup {
  redis.defineCommand('airwaveAuthenticateMany', { lua: AUTHENTICATE_MANY });
  const authenticateMany = (redis as unknown as { airwaveAuthenticateMany(...args: (string | number)[]): Promise<([string, string | null] | null)[]> }).airwaveAuthenticateMany.bind(redis);

  // Lookups wait for the end of the event loop's turn (setImmediate: after the I/O of every request
  // that arrived in it), then go out together. Each batch is its own command with its own timeout,
  // so a frozen Redis fails each batch after commandTimeout, never queueing later ones behind it.
  type Lookup = { key: string; resolve(value: [string, string | null] | null): void; reject(error: unknown): void };
  let batch: Lookup[] = [];
  const flush = () => {
    const lookups = batch;
    batch = [];
    if (lookups.length === 0) return;
    const fail = (error: unknown) => lookups.forEach((lookup) => lookup.reject(error));
    try {
      authenticateMany(lookups.length, ...lookups.map((lookup) => lookup.key), ttlSeconds, principalPrefix).then(
        (results) => lookups.forEach((lookup, i) => lookup.resolve(results[i] ?? null)),
        fail,
      );
    } catch (error) {
      fail(error);
    }
  };
  return (key: string) =>
    new Promise<[string, string | null] | null>((resolve, reject) => {
      batch.push({ key, resolve, reject });
      if (batch.length === 1) setImmediate(flush);
      else if (batch.length >= AUTHENTICATE_BATCH_MAX) flush();
    });
}

/** Parses a stored principal's JSON, null when absent or unreadable. */
export type ProfileParser = (raw: string | null | false) => PrincipalProfile | null;

export function profileParser(): ProfileParser {
  // Parsed principals by their stored JSON: a user's requests present the same text again and
  // again, so it is parsed and validated once, not on every request. The cached values are frozen
  // (callers copy what they change); a changed principal is new text, so nothing goes stale.
  const parsedProfiles = new Map<string, PrincipalProfile | null>();
  return (raw) => {
    if (!raw) return null;
    const cached = parsedProfiles.get(raw);
    if (cached !== undefined) return cached;
    let profile: PrincipalProfile | null = null;
    try {
      const parsed = PrincipalProfile.safeParse(JSON.parse(raw));
      if (parsed.success) profile = deepFreeze(parsed.data);
    } catch {
      // Not JSON: treated as no cached principal (the gateway asks the account service).
    }
    if (parsedProfiles.size >= PROFILE_CACHE_MAX) parsedProfiles.clear();
    parsedProfiles.set(raw, profile);
    return profile;
  };
}
