// OB Player's play log document as the as-run log takes it: what is stored, what is skipped, and a
// document built to make a backtracking parser take quadratic time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { decodeXmlText, playlogEntries } from './playlog';

const entry = (title: string, at = '1795653588.87', id = '101') =>
  `<entry><media_id>${id}</media_id><artist>A</artist><title>${title}</title><datetime>${at}</datetime><context>show</context><emerg_id>0</emerg_id><notes></notes></entry>`;
const doc = (...entries: string[]) => `<?xml version="1.0" ?><obconnect><playlog>${entries.join('')}</playlog></obconnect>`;

describe('the play log document', () => {
  it('decodes entities and character references, and refuses characters XML does not allow', () => {
    expect(decodeXmlText('Tone &amp; A &#233;&#x1F600; &lt;b&gt; &nope;')).toBe('Tone & A é😀 <b> &nope;');
    for (const bad of ['&#x110000;', '&#99999999999;', '&#0;', '&#x1;', '&#xD800;', '&#xFFFE;', 'raw \u0000 nul', 'raw \u0007 bell', 'lone \uD800 surrogate']) {
      expect(decodeXmlText(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(decodeXmlText('tab\tnew\nline\r')).toBe('tab\tnew\nline\r');
  });

  it('skips an entry that cannot be stored, counts it, and keeps the others', () => {
    const { entries, unstorable } = playlogEntries(doc(entry('Good'), entry('&#x110000;'), entry('Nul &#0;'), entry('Also good', '1795653600.5', '102')));
    expect(entries.map((e) => e.title)).toEqual(['Good', 'Also good']);
    expect(unstorable).toBe(2);
  });

  it('reads any text without throwing, and every title it keeps is storable (no NUL, no lone surrogate)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), (title, noise) => {
        const { entries } = playlogEntries(doc(entry(title.replaceAll('<', '')), noise));
        // what PostgreSQL's text refuses (NUL) or UTF-8 cannot hold (a lone surrogate) is never kept
        for (const e of entries) expect(e.title.includes('\u0000') || Buffer.from(e.title).toString() !== e.title).toBe(false);
      }),
    );
  });

  it('reads a document of 128,000 unclosed entries in one pass (it took 26 s before)', () => {
    const data = `<obconnect>${'<entry>'.repeat(128_000)}`;
    const started = performance.now();
    expect(playlogEntries(data)).toEqual({ entries: [], unstorable: 0 });
    // linear: a few ms; the quadratic pattern took tens of seconds
    expect(performance.now() - started).toBeLessThan(limit(1000));
  });

  it('ends an entry at its first close and stops at one never closed', () => {
    const { entries } = playlogEntries(doc(entry('One'), '<entry><media_id>5</media_id>', entry('Two'), '<entry><title>never closed</title>'));
    // the unclosed entry runs into Two's close (one entry, the first of each field), the last one is never closed
    expect(entries.map((e) => [e.media_id, e.title])).toEqual([[101, 'One'], [5, 'Two']]);
  });
});
