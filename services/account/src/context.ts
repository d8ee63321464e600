import type { Bus } from '@airwave/bus';
import { AirwaveError, type PrincipalProfile } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import type { SessionStore } from '@airwave/sessions';
import type { ServiceEvents } from '@airwave/service-kit';
import type { Mailer } from './mailer';
import type { AccountDB } from './schema';

export interface AccountConfig {
  publicUrl: string;
  resetTtlMs: number;
}

export interface AccountContext {
  db: AccountDB;
  bus: Bus;
  sessions: SessionStore;
  logger: Logger;
  mailer: Mailer;
  config: AccountConfig;
  events: ServiceEvents;
  /** Rebuilds the cached principal of a user (after a change of groups or permissions). */
  refreshProfile(userId: number): Promise<PrincipalProfile | null>;
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Counts an attempt in a rate-limit bucket; throws 429 with Retry-After past the limit. */
export async function limit(sessions: SessionStore, bucket: string, max: number, windowSeconds: number, message: string): Promise<void> {
  const { count, resetInSeconds } = await sessions.hit(bucket, windowSeconds);
  if (count > max) throw new AirwaveError('rate_limited', message, { retryAfterSeconds: resetInSeconds });
}

/** The address the gateway saw the request come from (for rate limits and logs). */
export const clientAddress = (headers: Record<string, string>) => headers['x-client-address'] ?? 'unknown';

/** A password may not be, or contain, the username. */
export function checkPasswordAgainstUsername(password: string, username: string): string | null {
  const p = password.toLowerCase();
  const u = username.toLowerCase();
  if (u.length >= 3 && p.includes(u)) return 'must not contain the username';
  return null;
}
