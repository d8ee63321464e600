// Saving a timeslot (create or edit): valid on its own, allowed, and colliding with no other
// timeslot of its player (docs/decisions/scheduling.md, "Entries", "Collisions").
import { forbidden, notFound, type Principal } from '@airwave/contracts';
import type { SchedulingContext } from '../context';
import { playerZone } from '../players/zones';
import { assertNoCollision } from '../schedule/collisions';
import { ruleOf, validateEntry, type EntryInput } from '../schedule/entries';
import { scheduleColumns } from '../schedule/entry-rows';
import { plannedOccurrences } from '../schedule/planned';
import { lockPlayer } from '../schedule/queries';
import { entryInstants, localStartOf, type Sent } from '../schedule/times';
import { insertTimeslot, timeslotPlayer, updateTimeslot } from './queries';
import { canManageTimeslots, timeslotOut, type TimeslotRow } from './rules';

export type TimeslotInput = EntryInput & { id?: number | undefined; user_id: number; player_id: number; description: string };

const refuse = (playerId: number) => forbidden('Permission denied.', { permission: `manage_timeslots:${playerId}` });

export async function saveTimeslot({ db, events }: SchedulingContext, sent: Sent<TimeslotInput>, principal: Principal) {
  const input = await entryInstants(sent, (id) => playerZone(db, id));
  const normalized = validateEntry(input);
  if (!canManageTimeslots(principal, input.player_id)) throw refuse(input.player_id);
  const saved = await db.transaction().execute(async (trx) => {
    const zone = await playerZone(trx, input.player_id);
    const existing = input.id ? await timeslotPlayer(trx, input.id) : undefined;
    if (input.id && !existing) throw notFound('No such timeslot.');
    if (existing && !canManageTimeslots(principal, existing.player_id)) throw refuse(existing.player_id);
    await lockPlayer(trx, 'timeslots', input.player_id);
    const local_start = localStartOf(sent.start, input.start, zone, existing);
    const rule = ruleOf({ mode: input.mode, ...normalized, start: input.start, duration: input.duration, local_start }, zone);
    const planned = await plannedOccurrences(trx, 'timeslots', input.id, rule);
    await assertNoCollision(trx, 'timeslots', input.player_id, zone, planned.occurrences, { exclude: input.id });
    const values = { ...scheduleColumns({ ...input, local_start }, normalized), user_id: input.user_id, description: input.description };
    const row = input.id ? await updateTimeslot(trx, input.id, values) : await insertTimeslot(trx, values);
    const saved = timeslotOut(row as TimeslotRow, zone, planned.exceptions);
    await events.record(trx, 'scheduling.timeslot.saved', saved, principal);
    return saved;
  });
  events.kick();
  return saved;
}
