// Limits of the values a client stores on its account (docs/decisions/accounts.md).
import { AirwaveError, STORE_MAX_ENTRIES, STORE_VALUE_MAX_BYTES } from '@airwave/contracts';

/** A value is at most 64 KiB (in UTF-8). */
export function assertValueSize(value: string): void {
  if (Buffer.byteLength(value, 'utf8') > STORE_VALUE_MAX_BYTES) {
    throw new AirwaveError('payload_too_large', `A stored value may be at most ${STORE_VALUE_MAX_BYTES} bytes.`, { limit: STORE_VALUE_MAX_BYTES });
  }
}

/** An account holds at most 200 values. */
export function assertEntryCount(entries: number): void {
  if (entries > STORE_MAX_ENTRIES) {
    throw new AirwaveError('payload_too_large', `An account may store at most ${STORE_MAX_ENTRIES} values.`, { limit: STORE_MAX_ENTRIES });
  }
}
