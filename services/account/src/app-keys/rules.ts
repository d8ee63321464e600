// App keys: long random secrets for programs, stored only as SHA-256 hashes (a 256-bit random
// secret needs no slow hash), limited to a list of endpoints and never above their owner.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type Endpoint = ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];

/** A new secret: 256 random bits, 43 base64url characters, shown once. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const hashKey = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/**
 * Whether a presented key matches the stored hash (hex), compared in constant time; an unknown id
 * (no stored hash) costs the same comparison against a dummy.
 */
export function keyMatches(key: string, storedHex: string | undefined): boolean {
  const presented = hashKey(key);
  const stored = storedHex !== undefined ? Buffer.from(storedHex, 'hex') : Buffer.alloc(32);
  return timingSafeEqual(presented, stored) && storedHex !== undefined;
}

/** An app key as its owner sees it (never the secret or its hash). */
export const toInfo = (row: { id: number; name: string; permissions: [string, string][]; created: Date; last_access: Date | null }) => ({
  id: row.id,
  name: row.name,
  permissions: row.permissions as Endpoint[],
  created: row.created.toISOString(),
  last_access: row.last_access?.toISOString() ?? null,
});
