// Secrets kept at rest that must be read again (two-factor secrets, webhook signing secrets) are
// sealed with AES-256-GCM under a key from the configuration (AIRWAVE_ENCRYPTION_KEY), bound to
// what they belong to (`totp:<user id>`, `webhook:<id>` as additional data, so a sealed value
// copied to another row does not open). A sealed value
// names the key it was sealed with (the first 8 hex digits of the key's SHA-256), so keys can be
// rotated: the first key of the ring seals, every key opens.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const KEY_BYTES = 32;

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Opens a sealed value; throws when it was not sealed with a key of the ring for this context. */
  open(sealed: string, context: string): string;
  /** Whether a sealed value should be sealed again with the ring's first key. */
  isStale(sealed: string): boolean;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** Why a configured key ring is not usable, or null when it is. */
export function keyringProblem(value: string): string | null {
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => part === '')) return 'must be one or more keys separated by commas';
  for (const part of parts) {
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(part) || Buffer.from(part, 'base64').length !== KEY_BYTES) {
      return 'each key must be 32 random bytes in base64, e.g. from `openssl rand -base64 32`';
    }
  }
  return null;
}

/** The keys of a configured ring (check it with keyringProblem first). */
export const parseKeyring = (value: string): Buffer[] => value.split(',').map((part) => Buffer.from(part.trim(), 'base64'));

export const newKey = (): Buffer => randomBytes(KEY_BYTES);

export function secretBox(keys: Buffer[]): SecretBox {
  const [first] = keys;
  if (!first || keys.some((key) => key.length !== KEY_BYTES)) throw new Error('A secret box needs keys of 32 bytes.');
  const byId = new Map(keys.map((key) => [keyId(key), key]));
  const firstId = keyId(first);
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', first, iv).setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, firstId, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, id, iv, body, tag] = sealed.split('.');
      const key = byId.get(id ?? '');
      if (version !== VERSION || !key || !iv || body === undefined || !tag) throw new Error('The value was not sealed with a key this server has.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    isStale: (sealed) => sealed.split('.')[1] !== firstId,
  };
}
