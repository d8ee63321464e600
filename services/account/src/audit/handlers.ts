// Reading the audit trail: one's own account's entries, and (view_audit) everyone's, paged and
// filtered by type and time.
import { audit } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { searchEntries } from './queries';
import { filterTime } from './rules';

const times = (filters: { since?: number | string | undefined; until?: number | string | undefined }) => ({
  since: filters.since === undefined ? undefined : filterTime(filters.since),
  until: filters.until === undefined ? undefined : filterTime(filters.until),
});

export function bindAudit({ db, bus }: AccountContext) {
  return Promise.all([
    bindOperation(bus, audit.own, ({ type, limit, offset, ...filters }, { principal }) =>
      searchEntries(db, { userId: principal.userId, type, limit, offset, ...times(filters) }),
    ),
    bindOperation(bus, audit.all, ({ type, limit, offset, user_id, ...filters }) => searchEntries(db, { userId: user_id, type, limit, offset, ...times(filters) })),
  ]);
}
