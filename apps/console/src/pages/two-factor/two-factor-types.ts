// The two-factor operations' types (from the contracts), and what the dialogs share.
import type { operationGroups } from '@airwave/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, messageOf } from '../../lib/api';
import { displayLocale } from '../../lib/locale';

type T = (typeof operationGroups)['twoFactor'];
export type TwoFactorStatus = z.output<T['status']['output']>;
export type TwoFactorSetup = z.output<T['setup']['output']>;

/** The base32 secret in groups of four, as people type it (`ABCD EFGH …`). */
export const groupSecret = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export const when = (value: string): string => new Date(value).toLocaleString(displayLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/** A form's call: busy while it runs; the server's message and its field errors when refused. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      await call();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, errors, run };
}

/** A yellow notice's title in the text's colour (Mantine's yellow on yellow is below 4.5:1). */
export const warningStyles = { title: { color: 'var(--mantine-color-text)' } };
