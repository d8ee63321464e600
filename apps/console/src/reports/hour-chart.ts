// The hour-by-hour chart's drawing, worked out apart from React: a bar an hour (its height the
// hour's unique listeners) across the width the chart has, the scale's top rounded up to 1, 2 or 5
// times a power of ten, the labels under it (every 6 hours over a day or two, each midnight over
// more, none closer than LABEL_GAP to the one before), and the sentence that says the chart in words.
import { i18n } from '../i18n';
import '../lib/date-locale';
import { DateTime } from 'luxon';
import { countText, hourWords, type HourRow } from './report-types';

/** The width drawn before the chart's is known, and the least. */
export const WIDTH = 720;
export const MIN_WIDTH = 280;
const LABEL_GAP = 48;
export const HEIGHT = 180;
export const LEFT = 36;
export const BOTTOM = 22;
export const TOP = 10;

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  row: HourRow;
}

/** The scale's top: at least `most`, 1, 2 or 5 times a power of ten (1 for an empty chart). */
export function scaleTop(most: number): number {
  if (most <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(most));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= most)!;
}

/** The bars of the hours, left to right, and the scale's top. */
export function barsOf(rows: readonly HourRow[], width: number): { bars: Bar[]; top: number } {
  const top = scaleTop(Math.max(0, ...rows.map((row) => row.unique_listeners)));
  const plot = HEIGHT - BOTTOM - TOP;
  const step = (width - LEFT) / Math.max(1, rows.length);
  const gap = step > 4 ? step * 0.15 : 0;
  const bars = rows.map((row, i) => {
    const height = (row.unique_listeners / top) * plot;
    return { x: LEFT + i * step + gap / 2, y: TOP + plot - height, width: step - gap, height, row };
  });
  return { bars, top };
}

/** The labels under the bars: the time every 6 hours over two days or less, else the day at each midnight. */
export function labelsOf(bars: readonly Bar[], width: number): { x: number; text: string }[] {
  const byDay = bars.length > 48;
  const labels: { x: number; text: string }[] = [];
  for (const bar of bars) {
    const hour = DateTime.fromISO(bar.row.hour, { setZone: true });
    if (byDay ? hour.hour !== 0 : hour.hour % 6 !== 0) continue;
    if ((labels.length && bar.x - labels.at(-1)!.x < LABEL_GAP) || bar.x + LABEL_GAP > width) continue;
    labels.push({ x: bar.x, text: hour.toFormat(byDay ? 'ccc d' : 'HH:mm') });
  }
  return labels;
}

/** The chart in words: its hours, the busiest hour and how many hours had listeners. */
export function chartWords(rows: readonly HourRow[]): string {
  if (rows.length === 0) return i18n.t('No hours in this period.');
  const busiest = rows.reduce((best, row) => (row.unique_listeners > best.unique_listeners ? row : best), rows[0]!);
  const heard = rows.filter((row) => row.sessions > 0).length;
  if (heard === 0) return i18n.t('From {{from}} to {{to}}. No listeners in any hour.', { from: hourWords(rows[0]!.hour), to: hourWords(rows.at(-1)!.hour) });
  return i18n.t('From {{from}} to {{to}}. Most unique listeners in an hour: {{most}} ({{busiest}}). Hours with listeners: {{heard}} of {{hours}}.', {
    from: hourWords(rows[0]!.hour),
    to: hourWords(rows.at(-1)!.hour),
    most: countText(busiest.unique_listeners),
    busiest: hourWords(busiest.hour),
    heard: countText(heard),
    hours: countText(rows.length),
  });
}
