// Between the entry dialog's draft and the API: the input of a create or save, and a draft from a
// stored show or timeslot (its first start read in the player's zone).
import { DateTime } from 'luxon';
import { api } from '../lib/api';
import { isUntilChanged, untilChangedStop } from './recurrence';
import type { EntryDraft, EntryException, Mode, Player } from './schedule-types';

export function entryInput(draft: EntryDraft, player: Player) {
  const common = {
    player_id: player.id,
    mode: draft.mode,
    x_data: draft.mode.startsWith('x') ? draft.every : null,
    // A local time: the server reads it in the player's zone.
    start: `${draft.date} ${draft.time}:00`,
    duration: Math.round(draft.durationMinutes * 60),
    stop: draft.mode === 'once' ? null : !draft.stop ? untilChangedStop(draft.date) : draft.stopExact && draft.stopExact.startsWith(draft.stop) ? draft.stopExact : draft.stop,
  };
  return draft.kind === 'show'
    ? { ...common, item_type: draft.itemType, item_id: draft.itemType === 'live' ? (draft.itemId ?? 1) : (draft.itemId ?? 0), ...identityInput(draft), ...sourcePasswordInput(draft) }
    : { ...common, user_id: draft.userId, description: draft.description };
}

/** A show's name, description and colour as the dialog has them: an emptied one is cleared. */
function identityInput(draft: EntryDraft) {
  return { name: draft.name.trim() || null, description: draft.description.trim() || null, colour: draft.colour || null };
}

/** A live show's `source_password`: null removes it, a typed one replaces it, absent keeps it. */
function sourcePasswordInput(draft: EntryDraft): { source_password?: string | null } {
  if (draft.itemType !== 'live') return {};
  if (draft.removeSourcePassword) return { source_password: null };
  return draft.sourcePassword ? { source_password: draft.sourcePassword } : {};
}

/** Creates or saves the entry; answers its exceptions as the server now has them. */
export async function saveEntry(draft: EntryDraft, player: Player): Promise<EntryException[]> {
  const input = entryInput(draft, player);
  if (draft.kind === 'show') {
    const show = input as Parameters<typeof api.scheduling.showCreate>[0];
    return (await (draft.id ? api.scheduling.showSave({ ...show, id: draft.id }) : api.scheduling.showCreate(show))).exceptions;
  }
  const slot = input as Parameters<typeof api.scheduling.timeslotCreate>[0];
  return (await (draft.id ? api.scheduling.timeslotSave({ ...slot, id: draft.id }) : api.scheduling.timeslotCreate(slot))).exceptions;
}

export function deleteEntry(draft: EntryDraft): Promise<unknown> {
  return draft.kind === 'show' ? api.scheduling.showDelete({ id: draft.id! }) : api.scheduling.timeslotDelete({ id: draft.id! });
}

export async function loadEntry(kind: EntryDraft['kind'], id: number, player: Player, base: EntryDraft): Promise<EntryDraft> {
  const entry = kind === 'show' ? await api.scheduling.showGet({ id }) : await api.scheduling.timeslotGet({ id });
  const start = DateTime.fromISO(entry.start, { zone: player.timezone });
  const stored = entry.stop ? DateTime.fromISO(entry.stop, { zone: player.timezone }).toISODate()! : '';
  const stop = isUntilChanged(start.toISODate()!, stored) ? '' : stored;
  const draft: EntryDraft = { ...base, kind, id, date: start.toISODate()!, time: start.toFormat('HH:mm'), durationMinutes: entry.duration / 60, mode: entry.mode as Mode, every: entry.x_data ?? 2, stop, stopExact: stop ? (entry.stop ?? undefined) : undefined, exceptions: entry.exceptions };
  if ('item_type' in entry) {
    const identity = { name: entry.name ?? '', description: entry.description ?? '', colour: entry.colour ?? '' };
    return { ...draft, ...identity, itemType: entry.item_type, itemId: entry.item_id, sourcePassword: '', removeSourcePassword: false, hasSourcePassword: entry.has_source_password };
  }
  return { ...draft, userId: entry.user_id, description: entry.description };
}
