// A webhook's signing secrets at rest: sealed with AIRWAVE_ENCRYPTION_KEY for `webhook:<id>`, the
// previous one kept signing for a day after a rotation, so receivers can switch without a gap.
import { AirwaveError } from '@airwave/contracts';
import type { SecretBox } from '@airwave/service-kit';
import type { WebhookRow } from './queries';

export const PREVIOUS_SECRET_SIGNS_MS = 24 * 60 * 60 * 1000;

const context = (webhookId: number) => `webhook:${webhookId}`;

export function availableBox(box: SecretBox | null): SecretBox {
  if (!box) throw new AirwaveError('unavailable', 'Webhooks need AIRWAVE_ENCRYPTION_KEY on the modules service (their signing secrets are kept encrypted).');
  return box;
}

export const sealSecret = (box: SecretBox, webhookId: number, secret: string) => box.seal(secret, context(webhookId));

/** The secrets that sign a delivery now: the current one, and the previous one within a day of a rotation. */
export function signingSecrets(box: SecretBox, row: Pick<WebhookRow, 'id' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_until'>, now: Date): string[] {
  const secrets = [box.open(row.secret_sealed, context(row.id))];
  if (row.previous_secret_sealed && row.previous_secret_until && row.previous_secret_until > now) {
    secrets.push(box.open(row.previous_secret_sealed, context(row.id)));
  }
  return secrets;
}
