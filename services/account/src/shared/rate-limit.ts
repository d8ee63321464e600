// Rate limits: buckets in the session store (Redis), so every replica shares them.
import { AirwaveError } from '@airwave/contracts';
import type { SessionStore } from '@airwave/sessions';

/** Counts an attempt in a rate-limit bucket; throws 429 with Retry-After past the limit. */
export async function limit(sessions: SessionStore, bucket: string, max: number, windowSeconds: number, message: string): Promise<void> {
  const { count, resetInSeconds } = await sessions.hit(bucket, windowSeconds);
  if (count > max) throw new AirwaveError('rate_limited', message, { retryAfterSeconds: resetInSeconds });
}

/** The address the gateway saw the request come from (for rate limits and logs). */
export const clientAddress = (headers: Record<string, string>) => headers['x-client-address'] ?? 'unknown';
