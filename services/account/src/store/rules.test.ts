import { AirwaveError, STORE_MAX_ENTRIES, STORE_VALUE_MAX_BYTES } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { assertEntryCount, assertValueSize } from './rules';

describe('stored values', () => {
  it('may be up to the limit in UTF-8 bytes', () => {
    expect(() => assertValueSize('a'.repeat(STORE_VALUE_MAX_BYTES))).not.toThrow();
    // Two bytes per character: half as many characters reach the limit.
    expect(() => assertValueSize('é'.repeat(STORE_VALUE_MAX_BYTES / 2 + 1))).toThrow(AirwaveError);
  });

  it('are refused past the limit with 413 and the limit', () => {
    try {
      assertValueSize('a'.repeat(STORE_VALUE_MAX_BYTES + 1));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AirwaveError);
      expect((error as AirwaveError).code).toBe('payload_too_large');
      expect((error as AirwaveError).details).toEqual({ limit: STORE_VALUE_MAX_BYTES });
    }
  });

  it('are at most a fixed number per account', () => {
    expect(() => assertEntryCount(STORE_MAX_ENTRIES)).not.toThrow();
    expect(() => assertEntryCount(STORE_MAX_ENTRIES + 1)).toThrow(`An account may store at most ${STORE_MAX_ENTRIES} values.`);
  });
});
