// An exception request checked against its series: the occurrence it names must exist, it must
// change something, and a move stays within a year of the original (docs/decisions/scheduling.md,
// "Exceptions").
import type { TimeValue } from '@airwave/contracts';
import { isOccurrence } from './exceptions';
import { isoInZone as iso, type Occurrence, type Recurrence } from './recurrence';
import { fieldError, resolveTime } from './times';

export const MAX_MOVE_MS = 366 * 86_400_000;

export interface ExceptionChange {
  originalStart: number;
  /** The occurrence where it will happen, when moved. */
  moved: Occurrence | null;
  values: { original_start: Date; skip: boolean; start: Date | null; duration: number | null };
}

interface Sent {
  original_start: TimeValue;
  skip?: boolean | undefined;
  start?: TimeValue | undefined;
  duration?: number | undefined;
  item_type?: string | undefined;
  item_id?: number | undefined;
}

function checkShape(sent: Sent) {
  const moves = sent.start !== undefined || sent.duration !== undefined;
  const replaces = sent.item_type !== undefined || sent.item_id !== undefined;
  if (sent.skip && (moves || replaces)) throw fieldError('skip', 'a skipped occurrence cannot also move or air another item');
  if (!sent.skip && !moves && !replaces) throw fieldError('skip', 'an exception skips the occurrence (skip), moves it (start, duration) or, for a show, airs another item (item_type, item_id)');
  if ((sent.item_type === undefined) !== (sent.item_id === undefined)) throw fieldError(sent.item_type === undefined ? 'item_type' : 'item_id', 'is required with the other (item_type and item_id go together)');
}

/** 400 for an exception that leaves the occurrence as the series has it (docs: "an exception that changes nothing"). */
function refuseNoChange(sent: Sent) {
  const field = sent.start !== undefined ? 'start' : sent.duration !== undefined ? 'duration' : 'item_id';
  throw fieldError(field, "the exception changes nothing: the occurrence's own start, the series' duration and what it airs are what it has already (to restore an occurrence, delete its exception)");
}

/**
 * The exception a request asks for, checked against its series. `replaces` says whether the item it
 * names differs from the series' own (a show's); a move to the original start and the series'
 * duration is no move, stored as none.
 */
export function exceptionChange(sent: Sent, rule: Recurrence, noun: string, replaces = false): ExceptionChange {
  checkShape(sent);
  const originalStart = resolveTime(sent.original_start, rule.zone);
  if (!isOccurrence(rule, originalStart)) {
    throw fieldError('original_start', `${iso(originalStart, rule.zone)} is not the start of an occurrence of this ${noun} (GET its occurrences for their starts)`);
  }
  const asked = sent.start !== undefined || sent.duration !== undefined;
  const to = asked ? { start: sent.start === undefined ? originalStart : resolveTime(sent.start, rule.zone), duration: sent.duration ?? rule.duration } : null;
  const move = to && (to.start !== originalStart || to.duration !== rule.duration) ? to : null;
  if (!sent.skip && !move && !replaces) refuseNoChange(sent);
  if (move && Math.abs(move.start - originalStart) > MAX_MOVE_MS) throw fieldError('start', 'must be within 366 days of the original start');
  return {
    originalStart,
    moved: move ? { start: move.start, end: move.start + move.duration * 1000 } : null,
    values: { original_start: new Date(originalStart), skip: sent.skip ?? false, start: move ? new Date(move.start) : null, duration: move?.duration ?? null },
  };
}
