import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range';

describe('byte ranges', () => {
  it('is the whole file without a header', () => {
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('', 100)).toBeNull();
  });

  it('reads first-last, first- and a suffix, clamped to the file', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange(' bytes=90- ', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('cannot satisfy a range past the end, reversed, several or malformed', () => {
    for (const header of ['bytes=100-', 'bytes=10-5', 'bytes=0-1,5-6', 'bytes=-', 'items=0-1', 'bytes=x-1']) expect(byteRange(header, 100), header).toBe('unsatisfiable');
    expect(byteRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
