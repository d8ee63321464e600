// Recovery codes: ten random codes of 80 bits (16 characters of Crockford's base32, grouped by four:
// `7k2m-q9xd-…`), shown once and stored as SHA-256 hashes (random secrets of that size need no slow
// hash). Typed back in any case, with or without dashes and spaces; Crockford's look-alikes (o, i,
// l) read as the digits they resemble.
import { createHash, randomBytes } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 16;

function encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

const grouped = (code: string) => code.match(/.{4}/g)!.join('-');

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => grouped(encode(randomBytes(10)).slice(0, LENGTH)));
}

/** A typed recovery code in its canonical form, or null when it cannot be one. */
export function recoveryCode(input: string): string | null {
  const plain = input
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  if (plain.length !== LENGTH || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return grouped(plain);
}

export const hashRecoveryCode = (canonical: string): string => createHash('sha256').update(canonical, 'utf8').digest('hex');
