// Signing as the Standard Webhooks specification says (https://www.standardwebhooks.com): the
// secret is `whsec_` and base64 bytes; the signature is HMAC-SHA256 over `<id>.<timestamp>.<body>`,
// sent as `webhook-signature: v1,<base64>`, space-separated when two secrets sign (a rotation).
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

const keyOf = (secret: string) => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');

export function signDelivery(secrets: readonly string[], id: string, at: Date, body: string): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`);
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
