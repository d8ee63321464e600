// A drag or resize sent to the API: read the entry as it is (for the undo), make the change the
// chosen scope means (the same requests the dialogs make), and answer how to undo it; and run an
// undo's requests in order.
import { api } from '../lib/api';
import { entryInputOf, exceptionInputOf, seriesStartAfterMove, undoPlan, type ChangeResult, type Kind, type NewTimes, type Scope, type StoredEntry, type UndoStep } from './drag-plan';
import type { Occurrence } from './occurrence-io';
import type { Player } from './schedule-types';

type ShowInput = Parameters<typeof api.scheduling.showSave>[0];
type TimeslotInput = Parameters<typeof api.scheduling.timeslotSave>[0];

async function stored(kind: Kind, id: number): Promise<StoredEntry> {
  return (kind === 'show' ? await api.scheduling.showGet({ id }) : await api.scheduling.timeslotGet({ id })) as StoredEntry;
}

async function saveEntry(kind: Kind, input: ReturnType<typeof entryInputOf>): Promise<void> {
  if (kind === 'show') await api.scheduling.showSave(input as ShowInput);
  else await api.scheduling.timeslotSave(input as TimeslotInput);
}

async function createException(kind: Kind, id: number, fields: Record<string, unknown>): Promise<number> {
  const input = { id, ...fields } as Parameters<typeof api.scheduling.showExceptionCreate>[0];
  return (kind === 'show' ? await api.scheduling.showExceptionCreate(input) : await api.scheduling.timeslotExceptionCreate(input)).id;
}

async function saveException(kind: Kind, id: number, exceptionId: number, fields: Record<string, unknown>): Promise<void> {
  const input = { id, exception_id: exceptionId, ...fields } as Parameters<typeof api.scheduling.showExceptionSave>[0];
  await (kind === 'show' ? api.scheduling.showExceptionSave(input) : api.scheduling.timeslotExceptionSave(input));
}

/** Makes the change; answers the steps that undo it. */
export async function applyDrag(occurrence: Occurrence, chosen: Scope, times: NewTimes, player: Player): Promise<UndoStep[]> {
  const { kind, entryId: id } = occurrence;
  const before = await stored(kind, id);
  // "This and following" from the first occurrence is the whole series (the server splits only after it).
  const scope = chosen === 'following' && Date.parse(occurrence.originalStart) === Date.parse(before.start) ? 'all' : chosen;
  const result: ChangeResult = {};
  // A series keeps its own length when only moved (an occurrence across a clock change can differ from it).
  const length = times.duration === occurrence.duration ? before.duration : times.duration;
  if (scope === 'once') {
    await saveEntry(kind, { ...entryInputOf(kind, before), start: times.start, duration: times.duration });
  } else if (scope === 'all') {
    const start = seriesStartAfterMove(before.local_start ?? before.start, occurrence.start, times.start, player.timezone);
    await saveEntry(kind, { ...entryInputOf(kind, before), start, duration: length });
  } else if (scope === 'only') {
    const previous = before.exceptions.find((e) => e.id === occurrence.exceptionId);
    // A changed occurrence keeps what else its exception changes (a show's other item).
    const fields = { ...(previous ? exceptionInputOf(previous) : { original_start: occurrence.originalStart }), start: times.start, duration: times.duration };
    if (previous) await saveException(kind, id, previous.id, fields);
    else result.createdException = await createException(kind, id, fields);
  } else {
    const input = { id, at: occurrence.originalStart, start: times.start, duration: length };
    const split = kind === 'show' ? await api.scheduling.showSplit(input) : await api.scheduling.timeslotSplit(input);
    result.newSeries = split.after.id;
  }
  return undoPlan(kind, scope, before, result, occurrence.originalStart, occurrence.exceptionId);
}

/** Runs an undo's requests in order (a split's new series is deleted before the old one is put back). */
export async function runUndo(steps: UndoStep[]): Promise<void> {
  for (const s of steps) {
    if (s.step === 'save-entry') await saveEntry(s.kind, s.input);
    else if (s.step === 'delete-entry') await (s.kind === 'show' ? api.scheduling.showDelete({ id: s.id }) : api.scheduling.timeslotDelete({ id: s.id }));
    else if (s.step === 'create-exception') await createException(s.kind, s.id, s.fields);
    else if (s.step === 'save-exception') await saveException(s.kind, s.id, s.exceptionId, s.fields);
    else await (s.kind === 'show' ? api.scheduling.showExceptionDelete({ id: s.id, exception_id: s.exceptionId }) : api.scheduling.timeslotExceptionDelete({ id: s.id, exception_id: s.exceptionId }));
  }
}
