// Values a client stores on the logged-in user's account.
import { accountMore } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { putStoredValue, storedValue, storedValues } from './queries';
import { assertEntryCount, assertValueSize } from './rules';

export function bindStore({ db, bus }: AccountContext) {
  return Promise.all([
    bindOperation(bus, accountMore.storeGet, ({ name }, { principal }) => storedValue(db, principal.userId, name)),
    bindOperation(bus, accountMore.storeAll, (_input, { principal }) => storedValues(db, principal.userId)),
    bindOperation(bus, accountMore.storePut, async ({ name, value }, { principal }) => {
      assertValueSize(value);
      // Past the limit the transaction rolls back, so the earlier value stays.
      await db.transaction().execute(async (trx) => assertEntryCount(await putStoredValue(trx, principal.userId, name, value)));
      return null;
    }),
  ]);
}
