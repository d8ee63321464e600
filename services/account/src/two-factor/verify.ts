// Checking a second factor: a TOTP code (accepted once: a code of the same step or an earlier one is
// refused afterwards, even within its 90 seconds) or an unused recovery code (used up by the check).
// Both claims are single conditional updates, so two requests with the same code cannot both pass.
import { AirwaveError } from '@airwave/contracts';
import type { AccountContext } from '../shared/context';
import type { SecretBox } from '@airwave/service-kit';
import { claimStep, reseal, twoFactorRow, useRecoveryCode } from './queries';
import { hashRecoveryCode, recoveryCode } from './recovery-codes';
import { sealContext, UNAVAILABLE } from './rules';
import { matchingStep, totpCode } from './totp';

export type SecondFactor = 'totp' | 'recovery_code';

export function availableBox(secrets: SecretBox | null): SecretBox {
  if (!secrets) throw new AirwaveError('unavailable', UNAVAILABLE);
  return secrets;
}

/** A user's TOTP secret from its sealed form; 503 when this server's keys cannot open it. */
export function openSecret(secrets: SecretBox | null, userId: number, sealed: string): string {
  const box = availableBox(secrets);
  try {
    return box.open(sealed, sealContext(userId));
  } catch {
    throw new AirwaveError('unavailable', 'Two-factor secrets cannot be read with the encryption keys this server has (AIRWAVE_ENCRYPTION_KEY).');
  }
}

/** Which second factor `code` is for the user, used up; null when it is none (or already used). */
export async function useSecondFactor({ db, secrets }: Pick<AccountContext, 'db' | 'secrets'>, userId: number, code: string): Promise<SecondFactor | null> {
  const totp = totpCode(code);
  if (totp) {
    const row = await twoFactorRow(db, userId);
    if (!row?.enabled_at) return null;
    const secret = openSecret(secrets, userId, row.secret);
    const step = matchingStep(secret, totp, Date.now());
    if (step === null || !(await claimStep(db, userId, step))) return null;
    // Sealed with a key being rotated out: sealed again with the current one.
    if (secrets!.isStale(row.secret)) await reseal(db, userId, secrets!.seal(secret, sealContext(userId)));
    return 'totp';
  }
  const recovery = recoveryCode(code);
  if (!recovery) return null;
  return (await useRecoveryCode(db, userId, hashRecoveryCode(recovery))) ? 'recovery_code' : null;
}
