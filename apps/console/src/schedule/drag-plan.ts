// What a drag or a resize in the calendar means, without I/O: the new start and length of the
// occurrence, the series' new first start when all occurrences move, and the plan that undoes the
// change (what to put back, delete or recreate) from the entry as it was before.
import { displayLocale } from '../lib/locale';
import { i18n } from '../i18n';
import { DateTime } from 'luxon';
import type { EntryException, Player } from './schedule-types';

export type Kind = 'show' | 'timeslot';
export type Scope = 'once' | 'only' | 'following' | 'all';

/** An entry as GET /shows/{id} or /timeslots/{id} answers it (the fields a save needs). */
export interface StoredEntry {
  id: number;
  player_id: number;
  mode: string;
  x_data: number | null;
  start: string;
  duration: number;
  stop: string | null;
  local_start: string | null;
  exceptions: EntryException[];
  item_type?: 'media' | 'playlist' | 'live';
  item_id?: number;
  user_id: number;
  description?: string;
}

/** Where the occurrence goes: its new start (ISO with the player's offset) and length in seconds. */
export interface NewTimes {
  start: string;
  duration: number;
}

/**
 * The occurrence's new times after a drop (`resized` false: it keeps its length, also when the
 * drop crosses a clock change) or a resize (the real time between the new start and end).
 */
export function newTimes(start: Date, end: Date | null, duration: number, resized: boolean, zone: string): NewTimes {
  const at = DateTime.fromJSDate(start).setZone(zone);
  const seconds = resized && end ? Math.round((end.getTime() - start.getTime()) / 1000) : duration;
  return { start: at.toISO({ suppressMilliseconds: true })!, duration: seconds };
}

/**
 * A time as its wall clock reads in `zone`, as if in UTC (for arithmetic on the local time); a
 * local reading ("2026-03-29 01:30:00", a series' `local_start`) is already one.
 */
function wall(time: string, zone: string): DateTime {
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(time)) return DateTime.fromSQL(time, { zone: 'UTC' });
  return DateTime.fromISO(time, { setZone: true }).setZone(zone).setZone('UTC', { keepLocalTime: true });
}

/**
 * "All occurrences" moved by dragging one: the series' first start moves by as much local time as
 * the occurrence did (a day later and an hour earlier stays so across a clock change), answered
 * as a local time ("2026-05-04 11:00:00") for the server to read in the player's zone.
 */
export function seriesStartAfterMove(seriesStart: string, occurrenceStart: string, movedTo: string, zone: string): string {
  const shift = wall(movedTo, zone).diff(wall(occurrenceStart, zone));
  return wall(seriesStart, zone).plus(shift).toFormat('yyyy-MM-dd HH:mm:ss');
}

/** The input of a save that puts the entry back exactly as it is stored. */
export function entryInputOf(kind: Kind, entry: StoredEntry) {
  const common = { id: entry.id, player_id: entry.player_id, mode: entry.mode, x_data: entry.x_data, start: entry.local_start ?? entry.start, duration: entry.duration, stop: entry.stop };
  return kind === 'show' ? { ...common, item_type: entry.item_type, item_id: entry.item_id } : { ...common, user_id: entry.user_id, description: entry.description ?? '' };
}

/** An exception's fields as a create or save sends them (what it does, nothing it leaves as the series has it). */
export function exceptionInputOf(exception: EntryException) {
  const fields: Record<string, unknown> = { original_start: exception.original_start };
  if (exception.skip) fields.skip = true;
  if (exception.start !== null) fields.start = exception.start;
  if (exception.duration !== null) fields.duration = exception.duration;
  if ('item_type' in exception && exception.item_type !== null) Object.assign(fields, { item_type: exception.item_type, item_id: exception.item_id ?? 0 });
  return fields;
}

/** One request of an undo, in order. */
export type UndoStep =
  | { step: 'save-entry'; kind: Kind; input: ReturnType<typeof entryInputOf> }
  | { step: 'delete-entry'; kind: Kind; id: number }
  | { step: 'create-exception'; kind: Kind; id: number; fields: Record<string, unknown> }
  | { step: 'save-exception'; kind: Kind; id: number; exceptionId: number; fields: Record<string, unknown> }
  | { step: 'delete-exception'; kind: Kind; id: number; exceptionId: number };

/** What the change made that the undo needs: the exception created, or the new series of a split. */
export interface ChangeResult {
  createdException?: number;
  newSeries?: number;
}

/**
 * The undo of a change made to `before` (the entry as it was stored). A split is undone by
 * deleting the new series, putting the old one's stop back, and recreating the exceptions the
 * split had moved to the new series (from `at` on), which went with it.
 */
export function undoPlan(kind: Kind, scope: Scope, before: StoredEntry, result: ChangeResult, originalStart: string, exceptionId: number | null): UndoStep[] {
  if (scope === 'once' || scope === 'all') return [{ step: 'save-entry', kind, input: entryInputOf(kind, before) }];
  if (scope === 'only') {
    const previous = before.exceptions.find((e) => e.id === exceptionId);
    if (previous) return [{ step: 'save-exception', kind, id: before.id, exceptionId: previous.id, fields: exceptionInputOf(previous) }];
    return [{ step: 'delete-exception', kind, id: before.id, exceptionId: result.createdException! }];
  }
  const at = Date.parse(originalStart);
  const moved = before.exceptions.filter((e) => Date.parse(e.original_start) >= at);
  return [
    { step: 'delete-entry', kind, id: result.newSeries! },
    { step: 'save-entry', kind, input: entryInputOf(kind, before) },
    ...moved.map((e): UndoStep => ({ step: 'create-exception', kind, id: before.id, fields: exceptionInputOf(e) })),
  ];
}

/** "Monday 18 May 2026, 11:00 for 60 minutes" in the player's zone. */
export function timesLabel(times: NewTimes, player: Pick<Player, 'timezone'>): string {
  const start = DateTime.fromISO(times.start, { setZone: true }).setZone(player.timezone).setLocale(displayLocale());
  return i18n.t('{{when}} for {{count}} minutes', { when: start.toFormat('cccc d LLL yyyy, HH:mm'), count: Math.round(times.duration / 60) });
}
