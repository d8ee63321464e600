// App keys: an owner lists, creates, changes and deletes their own keys; the gateway asks who a
// presented key acts for, on every request (so a deleted key ends at once).
import { accountMore, notFound } from '@airwave/contracts';
import { bindOperation, type OperationHandler } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { deleteOwnKey, insertKey, keyById, ownKeys, touchKey, updateOwnKey } from './queries';
import { hashKey, keyMatches, newSecret, toInfo, type Endpoint } from './rules';

export function bindAppKeys(ctx: AccountContext) {
  const { db, bus, logger } = ctx;
  return Promise.all([
    bindOperation(bus, accountMore.keyList, async (_input, { principal }) => (await ownKeys(db, principal.userId)).map(toInfo)),
    bindOperation(bus, accountMore.keyCreate, async ({ name, permissions }, { principal, trace }) => {
      const secret = newSecret();
      const row = await insertKey(db, principal.userId, { name, keyHash: hashKey(secret).toString('hex'), permissions });
      logger.info({ ...trace, userId: principal.userId, appKeyId: row.id }, 'App key created');
      return { id: row.id, name: row.name, key: secret, permissions };
    }),
    bindOperation(bus, accountMore.keyUpdate, async ({ id, permissions, name }, { principal }) => {
      const row = await updateOwnKey(db, principal.userId, id, { permissions, name });
      if (!row) throw notFound('No such app key.');
      return toInfo(row);
    }),
    bindOperation(bus, accountMore.keyDelete, async ({ id }, { principal, trace }) => {
      if (!(await deleteOwnKey(db, principal.userId, id))) throw notFound('No such app key.');
      logger.info({ ...trace, userId: principal.userId, appKeyId: id }, 'App key deleted');
      return null;
    }),
    bindOperation(bus, accountMore.keyAuthenticate, authenticateKey(ctx)),
  ]);
}

/** The owner's current profile and the key's endpoints, or null for an unknown or wrong key. */
function authenticateKey({ db, refreshProfile }: AccountContext): OperationHandler<typeof accountMore.keyAuthenticate> {
  return async ({ id, key }) => {
    const row = await keyById(db, id);
    if (!keyMatches(key, row?.key_hash) || !row) return null;
    const profile = await refreshProfile(row.user_id);
    if (!profile) return null;
    await touchKey(db, row.id);
    return { profile, endpoints: row.permissions as Endpoint[] };
  };
}
