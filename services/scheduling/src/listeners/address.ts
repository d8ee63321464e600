// A listener's address as Airwave keeps it (issue 46): never the address, only a salted hash of it
// (HMAC-SHA-256 under the station's secret, 16 bytes, base64url), enough to count unique listeners
// and nothing to read an address back from, even knowing the addresses a station's listeners may have
// (the secret is the salt). Pure.
import { createHmac } from 'node:crypto';

/** The address in one canonical form: IPv4-mapped IPv6 as IPv4, IPv6 in lower case, no zone or port. */
export function canonicalAddress(address: string): string {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return mapped[1]!;
  return text.replace(/%.*$/, '');
}

export function addressHash(address: string, secret: Uint8Array): string {
  return createHmac('sha256', secret).update(canonicalAddress(address)).digest().subarray(0, 16).toString('base64url');
}
