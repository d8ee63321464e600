// How a show looks in the calendar (issue 43, N2): drawn in its colour with black or white text,
// whichever reads better on it (WCAG's contrast of relative luminances), and how much of its time
// what it airs fills, in words ("fills 0:30:00 of 1:00:00", "runs 0:10:00 over") and as a share of
// its length for the bar under it.
import { i18n } from '../i18n';
import { formatDurationsAlike } from '../media/media-types';

/** The colours offered in the show dialog (each with white or black text readable on it). */
export const SHOW_SWATCHES = ['#1864ab', '#0b7285', '#2b8a3e', '#e67700', '#c92a2a', '#862e9c', '#495057', '#ffd43b'];

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** A #rrggbb colour's relative luminance (0 black, 1 white). */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => channel(parseInt(hex.slice(at, at + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The text colour on a show's colour: black or white, whichever contrasts more. */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

export const isColour = (value: string | null | undefined): value is string => typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

export interface Fill {
  /** "fills 0:30:00 of 1:00:00" or "runs 0:10:00 over". */
  words: string;
  /** The share of the occurrence its items fill, 0 to 1. */
  share: number;
  over: boolean;
}

/** How much of an occurrence of `length` seconds `content` seconds of items fill (null: not known, or live). A second over is a crossfade's rounding, not an overrun. */
export function fillOf(content: number | null | undefined, length: number): Fill | null {
  if (content === null || content === undefined || length <= 0) return null;
  if (content > length + 1) {
    const [over] = formatDurationsAlike(content - length, length);
    return { words: i18n.t('runs {{over}} over', { over }), share: 1, over: true };
  }
  const [filled, whole] = formatDurationsAlike(Math.min(content, length), length);
  return { words: i18n.t('fills {{content}} of {{length}}', { content: filled, length: whole }), share: Math.min(content / length, 1), over: false };
}
