// An item's cue points on air (issue 44): its file's analysed ones, each replaced by an editor's
// where one was set (kept over every later analysis), and whether an edit can stand. Pure.
import type { ItemCue } from './queries';

/** The cue points an editor set; null: the analysis's. */
export interface EditedCues {
  cue_in: number | null;
  cue_out: number | null;
  next_start: number | null;
}

/** Seconds to the millisecond (a stored `real` read back, a placement's difference). */
export const milli = (value: number | string) => Math.round(Number(value) * 1000) / 1000;

export const NO_EDITS: EditedCues = { cue_in: null, cue_out: null, next_start: null };

/** Edited over analysed; a next start not edited stays between the cue points, however they were moved. */
export function effectiveCues(analysed: ItemCue, edited: EditedCues | undefined): ItemCue {
  const cue_in = edited?.cue_in ?? analysed.cue_in;
  const cue_out = edited?.cue_out ?? analysed.cue_out;
  const next_start = edited?.next_start ?? Math.min(cue_out, Math.max(cue_in, analysed.next_start));
  return { cue_in, cue_out, next_start };
}

/** Why cue points cannot air (the field to name and what is wrong), or null; `length`: the file's seconds, where known. */
export function cueProblem(cues: ItemCue, length: number | null): { field: keyof ItemCue; message: string } | null {
  for (const field of ['cue_in', 'cue_out', 'next_start'] as const) {
    if (length !== null && cues[field] > length + 0.05) return { field, message: `must be within the file's ${length} s` };
  }
  if (cues.cue_out <= cues.cue_in) return { field: 'cue_out', message: 'must be after the cue-in' };
  if (cues.next_start < cues.cue_in || cues.next_start > cues.cue_out) return { field: 'next_start', message: 'must be between the cue-in and the cue-out' };
  return null;
}
