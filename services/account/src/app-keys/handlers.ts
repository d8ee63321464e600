// App keys: an owner lists, creates, changes and deletes their own keys (each change an audited
// event, never with the secret); the gateway asks who a presented key acts for, on every request
// (so a deleted key ends at once).
import { accountMore, notFound } from '@airwave/contracts';
import { actorOf, bindOperation, type OperationHandler } from '@airwave/service-kit';
import type { AccountContext } from '../shared/context';
import { deleteOwnKey, insertKey, keyById, ownKeys, touchKey, updateOwnKey } from './queries';
import { hashKey, keyMatches, newSecret, toInfo, type Endpoint } from './rules';

export function bindAppKeys(ctx: AccountContext) {
  const { db, bus } = ctx;
  return Promise.all([
    bindOperation(bus, accountMore.keyList, async (_input, { principal }) => (await ownKeys(db, principal.userId)).map(toInfo)),
    bindOperation(bus, accountMore.keyCreate, createKey(ctx)),
    bindOperation(bus, accountMore.keyUpdate, changeKey(ctx)),
    bindOperation(bus, accountMore.keyDelete, removeKey(ctx)),
    bindOperation(bus, accountMore.keyAuthenticate, authenticateKey(ctx)),
  ]);
}

function createKey({ db, logger, events }: AccountContext): OperationHandler<typeof accountMore.keyCreate> {
  return async ({ name, permissions }, call) => {
    const { principal, trace } = call;
    const secret = newSecret();
    const row = await db.transaction().execute(async (trx) => {
      const created = await insertKey(trx, principal.userId, { name, keyHash: hashKey(secret).toString('hex'), permissions });
      await events.record(trx, 'account.app_key.created', { id: created.id, user_id: principal.userId, name: created.name, permissions }, actorOf(call));
      return created;
    });
    events.kick();
    logger.info({ ...trace, userId: principal.userId, appKeyId: row.id }, 'App key created');
    return { id: row.id, name: row.name, key: secret, permissions };
  };
}

function changeKey({ db, events }: AccountContext): OperationHandler<typeof accountMore.keyUpdate> {
  return async ({ id, permissions, name }, call) => {
    const { principal } = call;
    const row = await db.transaction().execute(async (trx) => {
      const changed = await updateOwnKey(trx, principal.userId, id, { permissions, name });
      if (!changed) throw notFound('No such app key.');
      await events.record(trx, 'account.app_key.updated', { id, user_id: principal.userId, name: changed.name, permissions: changed.permissions }, actorOf(call));
      return changed;
    });
    events.kick();
    return toInfo(row);
  };
}

function removeKey({ db, logger, events }: AccountContext): OperationHandler<typeof accountMore.keyDelete> {
  return async ({ id }, call) => {
    const { principal, trace } = call;
    await db.transaction().execute(async (trx) => {
      if (!(await deleteOwnKey(trx, principal.userId, id))) throw notFound('No such app key.');
      await events.record(trx, 'account.app_key.deleted', { id, user_id: principal.userId }, actorOf(call));
    });
    events.kick();
    logger.info({ ...trace, userId: principal.userId, appKeyId: id }, 'App key deleted');
    return null;
  };
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
