// OB Player's element text: the shortcut for text without a character to change (most of a
// schedule reply's thousands of values) answers what the full escaping does, for any text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xmlText } from './xml';

/** The escaping without the shortcut: what xmlText must answer for every text. */
const escaped = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

describe('xmlText', () => {
  it('escapes the five special characters, drops what XML 1.0 forbids, keeps surrogate pairs', () => {
    expect(xmlText(`Song <A> & "more" 'x'`)).toBe('Song &lt;A&gt; &amp; &quot;more&quot; &apos;x&apos;');
    expect(xmlText('a\u0000b\u001Fc\uFFFEd')).toBe('abcd');
    expect(xmlText('🎵 \uD800 ok')).toBe('🎵  ok');
    expect(xmlText(12.5)).toBe('12.5');
  });

  it('answers what the full escaping answers, for any text', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('a', '&', '<', '>', '"', "'", '\u0001', '\uD83C', '\uDFB5', '\uFFFF', 'é') }));
    fc.assert(fc.property(text, (t) => xmlText(t) === escaped(t)), { numRuns: 2000 });
  });
});
