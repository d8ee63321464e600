// Saving an alert (create or edit): for a player the caller may manage alerts of (both players when
// it moves), airing a media item that may air, with a duration when the item has none, between a
// start and a later stop read in the player's zone.
import { forbidden, mediaInternal, notFound, type Alert, type AlertInput, type MediaSummary, type Principal, type TimeValue } from '@airwave/contracts';
import { callOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { z } from 'zod';
import type { SchedulingContext } from '../context';
import { lockedPlayerZone, playerZone } from '../players/zones';
import { fieldError, resolveTime } from '../schedule/times';
import { mediaItemProblem } from '../shows/rules';
import { insertAlert, lockAlert, updateAlert, type AlertValues } from './queries';
import { alertOut, canManageAlerts, storedDuration } from './rules';

type Sent = z.output<typeof AlertInput>;

export const refuseAlerts = (playerId: number) => forbidden('Permission denied.', { permission: `manage_alerts:${playerId}` });

/** The media item an alert airs, which must exist, be approved and not archived. */
export async function alertItem({ bus }: SchedulingContext, itemId: number, call: AuthenticatedContext): Promise<MediaSummary> {
  const [item] = await callOperation(bus, mediaInternal.summaries, { ids: [itemId] }, { principal: call.principal, within: call });
  const problem = mediaItemProblem(item, itemId);
  if (problem) throw fieldError('item_id', problem.replace(/^Invalid input: item_id: /, ''));
  return item!;
}

/** The columns to write, the times read in the player's zone (an unknown player is a 400). */
async function alertValues(context: SchedulingContext, sent: Sent, item: MediaSummary, principal: Principal): Promise<AlertValues> {
  const zone = await playerZone(context.db, sent.player_id);
  const start = resolveTime(sent.start, zone);
  const stop = resolveTime(sent.stop as TimeValue, zone);
  if (stop <= start) throw fieldError('stop', 'must be after start');
  const duration = storedDuration(item, sent.duration);
  if (typeof duration === 'string') throw fieldError('duration', duration);
  return { player_id: sent.player_id, user_id: principal.userId, name: sent.name, item_id: sent.item_id, frequency: sent.frequency, duration, start: new Date(start), stop: new Date(stop), mode: sent.mode };
}

/** Creates (`id` undefined) or edits an alert; the event and the reply are the alert as GET answers it. */
export async function saveAlert(context: SchedulingContext, id: number | undefined, sent: Sent, call: AuthenticatedContext): Promise<Alert> {
  const { db, events } = context;
  const { principal } = call;
  if (!canManageAlerts(principal, sent.player_id)) throw refuseAlerts(sent.player_id);
  const item = await alertItem(context, sent.item_id, call);
  const values = await alertValues(context, sent, item, principal);
  const saved = await db.transaction().execute(async (trx) => {
    if (id !== undefined) {
      const before = await lockAlert(trx, id);
      if (!before) throw notFound('No such alert.');
      if (!canManageAlerts(principal, before.player_id)) throw refuseAlerts(before.player_id);
    }
    const zone = await lockedPlayerZone(trx, values.player_id);
    const row = id === undefined ? await insertAlert(trx, values) : await updateAlert(trx, id, values);
    const alert = alertOut(row, zone, item);
    await events.record(trx, 'scheduling.alert.saved', alert, principal);
    return alert;
  });
  events.kick();
  return saved;
}
