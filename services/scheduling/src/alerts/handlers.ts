// Alerts (OpenBroadcaster's priority broadcasts): a player's list, one alert, create, edit, delete,
// and the internal "alerts in force for a player" the player sync asks (parent's when inherited).
import { mediaInternal, notFound, playerSync, scheduling, type Principal } from '@airwave/contracts';
import { bindOperation, callOperation, type CallContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { playerZone } from '../players/zones';
import type { SchedulingDB } from '../schema';
import { alertsOf, alertsOverlapping, deleteAlert, findAlert, lockAlert, type AlertValues } from './queries';
import { alertOut, canManageAlerts, type AlertRow } from './rules';
import { refuseAlerts, saveAlert } from './save';

/** Alerts as the API answers them: one question to the media service for all their items. */
async function alertsOut({ bus }: SchedulingContext, rows: AlertRow[], zone: string, call: CallContext) {
  const ids = [...new Set(rows.map((row) => row.item_id))];
  const items = ids.length ? await callOperation(bus, mediaInternal.summaries, { ids }, { principal: call.principal, within: call }) : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  return rows.map((row) => alertOut(row, zone, byId.get(row.item_id)));
}

/** A player that exists, or 404. */
async function zoneOfPlayer(db: SchedulingDB, playerId: number) {
  const player = await db.selectFrom('players').select('timezone').where('id', '=', playerId).executeTakeFirst();
  if (!player) throw notFound('No such player.');
  return player.timezone;
}

/** The alert, if the caller may manage its player's alerts (404, then 403). */
async function managedAlert(db: SchedulingDB, id: number, principal: Principal) {
  const row = await findAlert(db, id);
  if (!row) throw notFound('No such alert.');
  if (!canManageAlerts(principal, row.player_id)) throw refuseAlerts(row.player_id);
  return row;
}

export function bindAlerts(context: SchedulingContext) {
  const { db, bus } = context;
  return Promise.all([
    bindOperation(bus, scheduling.alertSearch, async ({ player_id }, call) => {
      if (!canManageAlerts(call.principal, player_id)) throw refuseAlerts(player_id);
      return alertsOut(context, await alertsOf(db, player_id), await zoneOfPlayer(db, player_id), call);
    }),
    bindOperation(bus, scheduling.alertGet, async ({ id }, call) => {
      const row = await managedAlert(db, id, call.principal);
      return (await alertsOut(context, [row], await playerZone(db, row.player_id), call))[0]!;
    }),
    bindOperation(bus, scheduling.alertCreate, ({ id: _id, ...input }, call) => saveAlert(context, undefined, input, call)),
    bindOperation(bus, scheduling.alertSave, ({ id, ...input }, call) => saveAlert(context, id, input, call)),
    bindOperation(bus, scheduling.alertDelete, ({ id }, call) => removeAlert(context, id, call)),
    bindOperation(bus, playerSync.alertsInForce, ({ player_id, from, to }, call) => alertsInForce(context, player_id, from, to, call)),
  ]);
}

/** Deletes an alert; the event carries its last state, read under the lock. */
async function removeAlert(context: SchedulingContext, id: number, call: CallContext & { principal: Principal }) {
  const { db, events } = context;
  const seen = await managedAlert(db, id, call.principal);
  // Its item's name for the event, asked before the transaction (the media service is another process).
  const [named] = await alertsOut(context, [seen], await playerZone(db, seen.player_id), call);
  await db.transaction().execute(async (trx) => {
    const row = await lockAlert(trx, id);
    if (!row) throw notFound('No such alert.');
    if (!canManageAlerts(call.principal, row.player_id)) throw refuseAlerts(row.player_id);
    // Edited between the two reads: its state now, named anew.
    const last = sameAlert(row, seen) ? named! : (await alertsOut(context, [row], await playerZone(trx, row.player_id), call))[0]!;
    await deleteAlert(trx, id);
    await events.record(trx, 'scheduling.alert.deleted', last, call.principal);
  });
  events.kick();
  return null;
}

const sameAlert = (a: AlertRow, b: AlertRow) => (Object.keys(a) as (keyof AlertValues)[]).every((key) => String(a[key]) === String(b[key]));

/**
 * The alerts in force for a player in [from, to] (Unix seconds): its own, or its parent's when it
 * is a child with use_parent_alert (OB's EmergAction: the parent's instead of its own), without
 * their items' names (what the player sync needs: it asks the media service for the files anyway).
 */
export async function alertRowsInForce({ db }: SchedulingContext, playerId: number, from: number, to: number) {
  const player = await db.selectFrom('players').select(['timezone', 'parent_player_id', 'use_parent_alert']).where('id', '=', playerId).executeTakeFirst();
  if (!player) throw notFound('No such player.');
  const source = player.parent_player_id !== null && player.use_parent_alert ? player.parent_player_id : playerId;
  const zone = source === playerId ? player.timezone : await playerZone(db, source);
  return { source, zone, rows: await alertsOverlapping(db, source, new Date(from * 1000), new Date(to * 1000)) };
}

/** The alerts in force for a player in [from, to], with their items as the media service names them. */
export async function alertsInForce(context: SchedulingContext, playerId: number, from: number, to: number, call: CallContext) {
  const { source, zone, rows } = await alertRowsInForce(context, playerId, from, to);
  return { player_id: playerId, source_player_id: source, alerts: await alertsOut(context, rows, zone, call) };
}
