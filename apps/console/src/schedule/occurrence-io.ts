// One occurrence of a series, as the calendar shows it, and what can be done to it alone: skip it,
// move it (a new start and/or length), for a show air another item, or restore it (delete its
// exception); and "this and following", a split of the series at that occurrence.
import { displayLocale } from '../lib/locale';
import '../lib/date-locale';
import { DateTime } from 'luxon';
import { api } from '../lib/api';
import { entryInput } from './entry-io';
import type { EntryDraft, ItemType, Player } from './schedule-types';

/** A clicked occurrence: the series, where it is now, and where the series had it. */
export interface Occurrence {
  kind: 'show' | 'timeslot';
  entryId: number;
  /** The series' owner (a show is changed by its owner or with manage_timeslots). */
  userId: number;
  title: string;
  /** This occurrence's start and length (where it airs, after any exception). */
  start: string;
  duration: number;
  /** The series' start for it (the exception's name); equal to start when unchanged. */
  originalStart: string;
  exceptionId: number | null;
  recurring: boolean;
}

/** What "this occurrence only" edits: a local date and time in the player's zone, and for a show what airs. */
export interface OccurrenceChange {
  date: string;
  time: string;
  durationMinutes: number;
  itemType: ItemType;
  itemId: number | null;
  /** Whether what airs was changed (only then is it sent). */
  itemChanged: boolean;
}

/** "Sunday 5 Apr 2026, 08:00" in the player's zone. */
export function localLabel(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { setZone: true }).setZone(zone).setLocale(displayLocale()).toFormat('cccc d LLL yyyy, HH:mm');
}

export function changeOf(occurrence: Occurrence, zone: string): OccurrenceChange {
  const start = DateTime.fromISO(occurrence.start, { setZone: true }).setZone(zone);
  return { date: start.toISODate()!, time: start.toFormat('HH:mm'), durationMinutes: occurrence.duration / 60, itemType: 'media', itemId: null, itemChanged: false };
}

function exceptionPath(occurrence: Occurrence) {
  return { id: occurrence.entryId, original_start: occurrence.originalStart };
}

async function createOrSave(occurrence: Occurrence, fields: Record<string, unknown>): Promise<void> {
  const input = { ...exceptionPath(occurrence), ...fields };
  if (occurrence.kind === 'show') {
    if (occurrence.exceptionId) await api.scheduling.showExceptionSave({ ...input, exception_id: occurrence.exceptionId });
    else await api.scheduling.showExceptionCreate(input);
  } else if (occurrence.exceptionId) await api.scheduling.timeslotExceptionSave({ ...input, exception_id: occurrence.exceptionId });
  else await api.scheduling.timeslotExceptionCreate(input);
}

export function skipOccurrence(occurrence: Occurrence): Promise<void> {
  return createOrSave(occurrence, { skip: true });
}

export function changeOccurrence(occurrence: Occurrence, change: OccurrenceChange): Promise<void> {
  const fields: Record<string, unknown> = { start: `${change.date} ${change.time}:00`, duration: Math.round(change.durationMinutes * 60) };
  if (occurrence.kind === 'show' && change.itemChanged) Object.assign(fields, { item_type: change.itemType, item_id: change.itemType === 'live' ? 1 : (change.itemId ?? 0) });
  return createOrSave(occurrence, fields);
}

/** Deletes an exception: the occurrence airs as the series has it. */
export async function restoreOccurrence(kind: Occurrence['kind'], entryId: number, exceptionId: number): Promise<void> {
  const ids = { id: entryId, exception_id: exceptionId };
  await (kind === 'show' ? api.scheduling.showExceptionDelete(ids) : api.scheduling.timeslotExceptionDelete(ids));
}

/** "This and following": the series stops before `at`; a new one with the draft's fields carries on. */
export async function splitEntry(draft: EntryDraft, player: Player, at: string): Promise<void> {
  // A split takes no source password: the show's own is changed in its dialog, not from an occurrence.
  const { player_id: _player, source_password: _password, ...fields } = entryInput(draft, player) as ReturnType<typeof entryInput> & { source_password?: unknown };
  const input = { ...fields, id: draft.id!, at };
  if (draft.kind === 'show') await api.scheduling.showSplit(input as Parameters<typeof api.scheduling.showSplit>[0]);
  else await api.scheduling.timeslotSplit(input as Parameters<typeof api.scheduling.timeslotSplit>[0]);
}
