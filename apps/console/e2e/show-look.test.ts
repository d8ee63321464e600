// How a show looks in the calendar (issue 43, N2): black or white text on its colour, whichever
// contrasts more, and how much of its time its items fill, in words. No browser needed.
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script, without types
import { readCatalogue } from '../scripts/i18n-keys.mjs';
import { i18n } from '../src/i18n';
import { fillOf, SHOW_SWATCHES, textOn } from '../src/schedule/show-look';

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) =>
    [1, 3, 5]
      .map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
      .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("a show's colour", () => {
  it('writes white on dark colours and black on light ones', () => {
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#1864ab')).toBe('#ffffff');
    expect(textOn('#c92a2a')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#ffd43b')).toBe('#000000');
    expect(textOn('#FFCC00')).toBe('#000000');
  });

  it('keeps every swatch, and any colour, readable (AA for normal text: 4.5)', () => {
    for (const colour of [...SHOW_SWATCHES, '#777777', '#808080', '#00ff00', '#ff0000', '#0000ff']) expect(contrast(colour, textOn(colour)), colour).toBeGreaterThanOrEqual(4.5);
  });
});

describe("a show's fill", () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says how much of the occurrence its items fill, or by how much they run over', () => {
    expect(fillOf(1800, 3600)).toEqual({ words: 'fills 0:30:00 of 1:00:00', share: 0.5, over: false });
    expect(fillOf(4200, 3600)).toEqual({ words: 'runs 0:10:00 over', share: 1, over: true });
    expect(fillOf(60, 1800)).toEqual({ words: 'fills 1:00 of 30:00', share: 60 / 1800, over: false });
    expect(fillOf(0, 1800)).toEqual({ words: 'fills 0:00 of 30:00', share: 0, over: false });
  });

  it('counts a second over as full (a crossfade), and says nothing when the length is unknown or live', () => {
    expect(fillOf(3601, 3600)).toEqual({ words: 'fills 1:00:00 of 1:00:00', share: 1, over: false });
    expect(fillOf(null, 3600)).toBeNull();
    expect(fillOf(undefined, 3600)).toBeNull();
  });

  it('says it in French too', async () => {
    i18n.addResourceBundle('fr', 'translation', readCatalogue('fr'));
    await i18n.changeLanguage('fr');
    expect(fillOf(1800, 3600)!.words).toBe('remplit 0:30:00 sur 1:00:00');
    expect(fillOf(4200, 3600)!.words).toBe('déborde de 0:10:00');
  });
});
