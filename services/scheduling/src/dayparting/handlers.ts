// Dayparting: restrictions on when media matching filters may air, and the check of an item at a moment.
import { badRequest, mediaInternal, notFound, scheduling } from '@airwave/contracts';
import { bindOperation, callOperation } from '@airwave/service-kit';
import { DateTime } from 'luxon';
import type { SchedulingContext } from '../context';
import { playerZone } from '../players/zones';
import { resolveTime } from '../schedule/times';
import { deleteRestriction, findRestriction, listRestrictions, lockRestriction, saveRestriction } from './queries';
import { impossibleDate, restrictionActive, restrictionOut } from './rules';

export function bindDayparting({ db, bus, events }: SchedulingContext) {
  return Promise.all([
    bindOperation(bus, scheduling.daypartingSearch, async () => (await listRestrictions(db)).map(restrictionOut)),
    bindOperation(bus, scheduling.daypartingGet, async ({ id }) => {
      const row = await findRestriction(db, id);
      if (!row) throw notFound('No such restriction.');
      return restrictionOut(row);
    }),
    bindOperation(bus, scheduling.daypartingSave, async ({ id, filters, ...fields }, { principal }) => {
      const problem = impossibleDate(fields);
      if (problem) throw badRequest(problem);
      const values = { ...fields, filters: JSON.stringify(filters) };
      const saved = await db.transaction().execute(async (trx) => {
        const row = await saveRestriction(trx, id, values);
        if (!row) throw notFound('No such restriction.');
        // The row as saved, as GET /dayparting/{id} answers it.
        await events.record(trx, 'scheduling.dayparting.saved', restrictionOut(row), principal);
        return row;
      });
      events.kick();
      return { id: saved.id };
    }),
    bindOperation(bus, scheduling.daypartingDelete, async ({ id }, { principal }) => {
      await db.transaction().execute(async (trx) => {
        const last = await lockRestriction(trx, id);
        if (!last) throw notFound('No such restriction.');
        await deleteRestriction(trx, id);
        await events.record(trx, 'scheduling.dayparting.deleted', restrictionOut(last), principal);
      });
      events.kick();
      return null;
    }),
    bindOperation(bus, scheduling.daypartingCheck, async ({ media_id, at, player }, call) => {
      const { principal } = call;
      const zone = player ? await playerZone(db, player) : 'UTC';
      // Without a player a local `at` is read in UTC, as the restrictions are.
      const moment = DateTime.fromMillis(resolveTime(at, zone), { zone });
      const active = (await listRestrictions(db)).filter((r) => restrictionActive(r, moment));
      const excluding: number[] = [];
      for (const restriction of active) {
        const result = await callOperation(bus, mediaInternal.matches, { id: media_id, filters: restriction.filters }, { principal, within: call });
        if (!result.exists) throw notFound(`No media item ${media_id}.`);
        if (result.matches) excluding.push(restriction.id);
      }
      return { excluded: excluding.length > 0, restriction_ids: excluding };
    }),
  ]);
}
