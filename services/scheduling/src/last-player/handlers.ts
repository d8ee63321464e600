// Last player: kept per user and page (timeslots, shows, alerts); a login is all it needs.
import { badRequest, scheduling, type Principal } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { playerExists } from '../players/queries';
import { forgetUser, lastPlayerOf, rememberPlayer, type Page } from './queries';

export function bindLastPlayer({ db, bus }: SchedulingContext) {
  const lastPlayer = (page: Page) => ({
    get: async (_input: unknown, { principal }: { principal: Principal }) => lastPlayerOf(db, principal.userId, page),
    set: async ({ player }: { player: number }, { principal }: { principal: Principal }) => {
      if (!(await playerExists(db, player))) throw badRequest(`Invalid input: player: no player ${player}`);
      await rememberPlayer(db, principal.userId, page, player);
      return null;
    },
  });
  const timeslots = lastPlayer('timeslots');
  const shows = lastPlayer('shows');
  const alerts = lastPlayer('alerts');
  return Promise.all([
    bindOperation(bus, scheduling.timeslotsLastGet, timeslots.get),
    bindOperation(bus, scheduling.timeslotsLastSet, timeslots.set),
    bindOperation(bus, scheduling.showsLastGet, shows.get),
    bindOperation(bus, scheduling.showsLastSet, shows.set),
    bindOperation(bus, scheduling.alertsLastGet, alerts.get),
    bindOperation(bus, scheduling.alertsLastSet, alerts.set),
  ]);
}

// A deleted user's per-user settings go with them (their entries stay, owned by the id).
export function followDeletedUsers({ db, bus }: SchedulingContext) {
  return bus.subscribe(
    'account.user.deleted',
    async ({ data }) => {
      const id = (data as { payload?: { id?: number } }).payload?.id;
      if (Number.isInteger(id)) await forgetUser(db, id!);
    },
    { durable: 'scheduling-account-users', deliverFrom: 'all' },
  );
}
