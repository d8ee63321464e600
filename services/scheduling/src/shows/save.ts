// Saving a show (create or edit): valid on its own, airing an item that may air, allowed (inside
// your own timeslots without manage_timeslots), and colliding with no other show of its player.
import { badRequest, forbidden, mediaInternal, notFound, type Principal } from '@airwave/contracts';
import { callOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { playerZone } from '../players/zones';
import { checkPlaylist } from '../playlists/handlers';
import { findClock } from '../clocks/store';
import type { SchedulingDB } from '../schema';
import { assertNoCollision } from '../schedule/collisions';
import { ruleOf, validateEntry, type EntryInput } from '../schedule/entries';
import { scheduleColumns } from '../schedule/entry-rows';
import { plannedOccurrences } from '../schedule/planned';
import { lockPlayer } from '../schedule/queries';
import { entryInstants, localStartOf, type Sent } from '../schedule/times';
import { canManageTimeslots } from '../timeslots/rules';
import { identityColumns, type ShowIdentity } from './identity';
import { insertShow, showOwner, updateShow } from './queries';
import { assertInsideOwnTimeslots } from './placement';
import { mediaItemProblem, showOut, type ItemType, type ShowRow } from './rules';
import { assertCanSeal, setShowSourcePassword } from './source-password';

export type ShowInput = EntryInput & ShowIdentity & { id?: number | undefined; player_id: number; item_type: ItemType; item_id?: number | undefined; source_password?: string | null | undefined };

/**
 * A media item must exist, be approved and not archived; a playlist must exist and be usable by the
 * caller (both asked of the media service); a clock must exist; live input names nothing.
 */
export async function checkItem(context: SchedulingContext, itemType: string, itemId: number, call: AuthenticatedContext) {
  if (itemType === 'playlist') return checkPlaylist(context, 'item_id', itemId, call.principal, call);
  if (itemType === 'clock') {
    if (!(await findClock(context.db, itemId))) throw badRequest(`No clock ${itemId}.`);
    return;
  }
  if (itemType !== 'media') return;
  const { bus } = context;
  const [item] = await callOperation(bus, mediaInternal.summaries, { ids: [itemId] }, { principal: call.principal, within: call });
  const problem = mediaItemProblem(item, itemId);
  if (problem) throw badRequest(problem);
}

/** The show's owner (its creator, or whoever owned it before an edit, which only they or a manager may make), and the show as stored. */
async function ownerOf(trx: SchedulingDB, id: number | undefined, principal: Principal) {
  if (!id) return { owner: principal.userId, existing: undefined };
  const existing = await showOwner(trx, id);
  if (!existing) throw notFound('No such show.');
  if (existing.user_id !== principal.userId && !canManageTimeslots(principal, existing.player_id)) throw forbidden('Only the owner or manage_timeslots may edit this show.');
  return { owner: existing.user_id, existing };
}

export async function saveShow(context: SchedulingContext, sent: Sent<ShowInput>, call: AuthenticatedContext) {
  const { db, events } = context;
  const { principal } = call;
  const input = await entryInstants(sent, (id) => playerZone(db, id));
  const normalized = validateEntry(input);
  const itemId = input.item_type === 'live' ? 0 : (input.item_id ?? 0); // a live show names nothing
  await checkItem(context, input.item_type, itemId, call);
  assertCanSeal(context.secrets, input.source_password);
  const saved = await db.transaction().execute(async (trx) => {
    const zone = await playerZone(trx, input.player_id);
    const { owner, existing } = await ownerOf(trx, input.id, principal);
    await lockPlayer(trx, 'shows', input.player_id);
    const local_start = localStartOf(sent.start, input.start, zone, existing);
    const rule = ruleOf({ mode: input.mode, ...normalized, start: input.start, duration: input.duration, local_start }, zone);
    const planned = await plannedOccurrences(trx, 'shows', input.id, rule);
    if (!canManageTimeslots(principal, input.player_id)) await assertInsideOwnTimeslots(trx, principal, input.player_id, zone, planned.occurrences);
    await assertNoCollision(trx, 'shows', input.player_id, zone, planned.occurrences, { exclude: input.id });
    const values = { ...scheduleColumns({ ...input, local_start }, normalized), user_id: owner, item_type: input.item_type, item_id: itemId, flagged: null, ...identityColumns(input) };
    const row = input.id ? await updateShow(trx, input.id, values) : await insertShow(trx, values);
    row.source_password_sealed = await setShowSourcePassword(trx, context.secrets, row, input.source_password);
    const saved = showOut(row as ShowRow, zone, planned.exceptions);
    await events.record(trx, 'scheduling.show.saved', saved, principal);
    return saved;
  });
  events.kick();
  return saved;
}
