import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ok, okJson } from './envelope';

describe('okJson', () => {
  it('writes the same text as serializing ok(data, msg)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.option(fc.string({ unit: 'binary' }), { nil: undefined }), (data, msg) => {
        const json = JSON.stringify(data);
        expect(okJson(json, msg)).toBe(JSON.stringify(ok(JSON.parse(json), msg)));
      }),
      { numRuns: 500 },
    );
  });
});
