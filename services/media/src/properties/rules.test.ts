import { describe, expect, it } from 'vitest';
import { PROPERTIES_MAX_BYTES, propertiesJson } from './rules';

describe('item properties', () => {
  it('are stored as their JSON, counted in bytes up to the limit', () => {
    expect(propertiesJson({ a: 1, b: ['x'] })).toBe('{"a":1,"b":["x"]}');
    const fits = { v: 'x'.repeat(PROPERTIES_MAX_BYTES - 8) };
    expect(propertiesJson(fits)).toHaveLength(PROPERTIES_MAX_BYTES);
    // Two bytes a character in UTF-8: half as many characters are too many.
    expect(() => propertiesJson({ v: 'é'.repeat(PROPERTIES_MAX_BYTES / 2) })).toThrow('Properties may be at most 16384 bytes of JSON.');
  });
});
