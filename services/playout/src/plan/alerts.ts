// Alerts (priority broadcasts) as plays: each alert airs at its start, then `frequency` seconds
// after the end of each play, until its stop (OpenBroadcaster's emergency rule); a play interrupts
// whatever is planned then, and the schedule resumes after it where the rundown is by then (the
// interrupted item continues at its later offset, hard), so the air stays in step with the rundown.
import type { Alert } from '@airwave/contracts';
import type { PlannedItem } from '../engine/plan';

/** One play of an alert, at its instant (Unix ms). */
export interface AlertPlay {
  alert_id: number;
  media_id: number;
  title: string;
  path: string;
  start: number;
  duration: number;
}

/** How long one play of an alert lasts (ms): the item's own length, else the alert's duration. */
const playLength = (alert: Alert) => Math.round((alert.item_duration ?? alert.duration ?? 0) * 1000);

/** The plays of the alerts in [from, to), for those whose file is local. At most 1000 an alert. */
export function alertPlays(alerts: Alert[], files: ReadonlyMap<number, string>, from: number, to: number): AlertPlay[] {
  const plays: AlertPlay[] = [];
  for (const alert of alerts) {
    const path = files.get(alert.item_id);
    const length = playLength(alert);
    if (!path || length <= 0) continue;
    const stop = Date.parse(alert.stop);
    const every = length + Math.max(1, alert.frequency) * 1000;
    let start = Date.parse(alert.start);
    if (start < from) start += Math.floor((from - start) / every) * every;
    for (let n = 0; start < Math.min(stop, to) && n < 1000; n += 1, start += every) {
      if (start + length > from) plays.push({ alert_id: alert.id, media_id: alert.item_id, title: alert.item_name ?? alert.name, path, start, duration: length });
    }
  }
  return plays.sort((a, b) => a.start - b.start);
}

const alertItem = (play: AlertPlay): PlannedItem => ({
  key: `alert:${play.alert_id}:${play.start}`,
  kind: 'file',
  path: play.path,
  media_id: play.media_id,
  title: play.title,
  artist: '',
  start: play.start,
  duration: play.duration,
  cue_in: 0,
  gain_db: 0,
  crossfade: 0,
  hard: true,
  context: 'emerg',
  show_id: 0,
  show_name: 'Alert',
});

/** The part of `item` outside [start, end): none, one or two pieces; a piece after the gap resumes hard at its offset. */
function around(item: PlannedItem, start: number, end: number): PlannedItem[] {
  const itemEnd = item.start + item.duration;
  if (itemEnd <= start || item.start >= end) return [item];
  const pieces: PlannedItem[] = [];
  if (item.start < start) pieces.push({ ...item, duration: start - item.start, crossfade: 0 });
  if (itemEnd > end) {
    const skipped = end - item.start;
    pieces.push({ ...item, key: `${item.key}@${end}`, start: end, duration: itemEnd - end, cue_in: item.cue_in + skipped / 1000, hard: true });
  }
  return pieces;
}

/** The items with each alert play cut into them (overlapping plays: the earlier one first). */
export function spliceAlerts(items: PlannedItem[], plays: AlertPlay[]): PlannedItem[] {
  let result = items;
  let lastEnd = -Infinity;
  for (const play of plays) {
    if (play.start < lastEnd) continue;
    const end = play.start + play.duration;
    result = result.flatMap((item) => around(item, play.start, end));
    result.push(alertItem(play));
    lastEnd = end;
  }
  return result.sort((a, b) => a.start - b.start);
}
