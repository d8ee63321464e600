// PUT /media/analysis/:id: an editor's cue points for an item (issue 44), kept over every later
// analysis of its file. Each field: a number sets it, null gives it back to the analysis, absent
// keeps it. Checked against the item's cue points as they would air (cues.ts), stored (or the row
// removed when nothing is edited any more) and announced, in one transaction.
import { badRequest, type CueEdit, type MediaAnalysis, type Principal } from '@airwave/contracts';
import type { ServiceEvents } from '@airwave/service-kit';
import type { ItemRow, MediaDB } from '../schema';
import { cueProblem, effectiveCues, NO_EDITS, type EditedCues } from './cues';
import { editsOf, fileAnalysis, withEdits, type ItemCue } from './queries';

/** The cue points the edits apply to: the analysis's, or for a file not analysed, its whole length. */
function baseCues(analysis: Awaited<ReturnType<typeof fileAnalysis>>, length: number | null): ItemCue {
  const { cue_in, cue_out, next_start } = analysis;
  if (cue_in !== null && cue_out !== null && next_start !== null) return { cue_in, cue_out, next_start };
  if (length === null) throw badRequest("Invalid input: the item's length is not known yet, so its cue points cannot be set");
  return { cue_in: 0, cue_out: length, next_start: length };
}

const merged = (before: EditedCues, input: CueEdit): EditedCues => ({
  cue_in: input.cue_in === undefined ? before.cue_in : input.cue_in,
  cue_out: input.cue_out === undefined ? before.cue_out : input.cue_out,
  next_start: input.next_start === undefined ? before.next_start : input.next_start,
});

export async function setCues(db: MediaDB, events: ServiceEvents, item: ItemRow, input: CueEdit, principal: Principal): Promise<MediaAnalysis> {
  return db.transaction().execute(async (trx) => {
    const [analysis, edits] = await Promise.all([fileAnalysis(trx, item.file_id), editsOf(trx, [item.id])]);
    const edited = merged(edits.get(item.id) ?? NO_EDITS, input);
    const length = analysis.seconds ?? (item.duration === null ? null : Number(item.duration));
    const problem = cueProblem(effectiveCues(baseCues(analysis, length), edited), length);
    if (problem) throw badRequest(`Invalid input: ${problem.field}: ${problem.message}`, { issues: [{ path: problem.field, message: problem.message }] });
    if (edited.cue_in === null && edited.cue_out === null && edited.next_start === null) {
      await trx.deleteFrom('cue_edits').where('media_id', '=', item.id).execute();
    } else {
      const row = { ...edited, edited_by: principal.userId, edited_at: new Date() };
      await trx.insertInto('cue_edits').values({ media_id: item.id, ...row }).onConflict((oc) => oc.column('media_id').doUpdateSet(row)).execute();
    }
    const answered = withEdits(analysis, item.id, edited);
    const { waveform: _waveform, ...announced } = answered;
    await events.record(trx, 'media.item.analysed', { id: item.id, analysis: announced }, principal);
    return answered;
  });
}
