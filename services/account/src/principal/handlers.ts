// What the gateway asks about a user: the principal behind a session (rebuilt from the tables, so
// a change of groups or permissions applies on the user's next request).
import { account } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';

export function bindPrincipal({ bus, refreshProfile }: AccountContext) {
  return Promise.all([bindOperation(bus, account.principal, ({ userId }) => refreshProfile(userId))]);
}
