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

type SealedSecrets = Pick<WebhookRow, 'id' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_until'>;

/**
 * The secrets that sign a delivery now: the current one, and the previous one within a day of a
 * rotation. Opened once per sealed value (a rotation seals anew), so a busy webhook's deliveries
 * do not decrypt its secret each time.
 */
export function secretsOpener(box: SecretBox): (row: SealedSecrets, now: Date) => string[] {
  const opened = new Map<string, string>();
  const open = (sealed: string, webhookId: number) => {
    let plain = opened.get(sealed);
    if (plain === undefined) {
      if (opened.size >= 1000) opened.clear();
      plain = box.open(sealed, context(webhookId));
      opened.set(sealed, plain);
    }
    return plain;
  };
  const openPrevious = (sealed: string, webhookId: number): string[] => {
    try {
      return [open(sealed, webhookId)];
    } catch {
      return []; // replaced because the key changed: only the new secret signs
    }
  };
  return (row, now) => {
    const secrets = [open(row.secret_sealed, row.id)];
    if (row.previous_secret_sealed && row.previous_secret_until && row.previous_secret_until > now) secrets.push(...openPrevious(row.previous_secret_sealed, row.id));
    return secrets;
  };
}
