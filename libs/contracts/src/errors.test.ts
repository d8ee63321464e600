import { describe, expect, it } from 'vitest';
import { AirwaveError, forbidden } from './errors';

describe('AirwaveError.is', () => {
  it('recognises its own errors by code', () => {
    expect(AirwaveError.is(forbidden())).toBe(true);
    expect(AirwaveError.is(forbidden(), 'forbidden')).toBe(true);
    expect(AirwaveError.is(forbidden(), 'not_found')).toBe(false);
    expect(AirwaveError.is(new Error('plain'))).toBe(false);
    expect(AirwaveError.is({ code: 'forbidden', message: 'looks alike' })).toBe(false);
    expect(AirwaveError.is(null)).toBe(false);
  });

  it('recognises errors of another copy of this package (a module loaded beside a bundle)', () => {
    // What a second copy of the class makes: a different prototype, the same global brand.
    const other = Object.assign(new Error('from a module'), { [Symbol.for('airwave.error')]: true, code: 'conflict', details: undefined });
    expect(other instanceof AirwaveError).toBe(false);
    expect(AirwaveError.is(other)).toBe(true);
    expect(AirwaveError.is(other, 'conflict')).toBe(true);
  });
});
