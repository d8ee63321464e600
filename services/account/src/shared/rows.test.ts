import { describe, expect, it } from 'vitest';
import { isUniqueViolation, sentFields, withIsoTimes } from './rows';

describe('row mappers', () => {
  it('writes the times as ISO strings, last_access null until used', () => {
    const created = new Date('2026-01-02T03:04:05.000Z');
    expect(withIsoTimes({ id: 1, created, last_access: null })).toEqual({ id: 1, created: '2026-01-02T03:04:05.000Z', last_access: null });
    expect(withIsoTimes({ id: 1, created, last_access: created }).last_access).toBe('2026-01-02T03:04:05.000Z');
  });

  it('keeps only the fields that were sent', () => {
    expect(sentFields({ name: 'A', email: undefined, theme: null })).toEqual({ name: 'A', theme: null });
  });

  it('recognises a unique violation by its code', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
