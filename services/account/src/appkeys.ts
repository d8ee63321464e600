// App keys: long random secrets for programs, stored only as SHA-256 hashes (a 256-bit random
// secret needs no slow hash), limited to a list of endpoints and never above their owner.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { accountMore, notFound } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { AccountContext } from './context';

const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest();

const toInfo = (row: { id: number; name: string; permissions: [string, string][]; created: Date; last_access: Date | null }) => ({
  id: row.id,
  name: row.name,
  permissions: row.permissions as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string][],
  created: row.created.toISOString(),
  last_access: row.last_access?.toISOString() ?? null,
});

export function bindAppKeys({ db, bus, logger, refreshProfile }: AccountContext) {
  return Promise.all([
    bindOperation(bus, accountMore.keyList, async (_input, { principal }) => {
      const rows = await db
        .selectFrom('app_keys')
        .select(['id', 'name', 'permissions', 'created', 'last_access'])
        .where('user_id', '=', principal.userId)
        .orderBy('id')
        .execute();
      return rows.map(toInfo);
    }),
    bindOperation(bus, accountMore.keyCreate, async ({ name, permissions }, { principal, trace }) => {
      const secret = randomBytes(32).toString('base64url');
      const row = await db
        .insertInto('app_keys')
        .values({ user_id: principal.userId, name, key_hash: hashKey(secret).toString('hex'), permissions: JSON.stringify(permissions) })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      logger.info({ ...trace, userId: principal.userId, appKeyId: row.id }, 'App key created');
      return { id: row.id, name: row.name, key: secret, permissions };
    }),
    bindOperation(bus, accountMore.keyUpdate, async ({ id, permissions, name }, { principal }) => {
      const row = await db
        .updateTable('app_keys')
        .set({ permissions: JSON.stringify(permissions), ...(name ? { name } : {}) })
        .where('id', '=', id)
        .where('user_id', '=', principal.userId)
        .returning(['id', 'name', 'permissions', 'created', 'last_access'])
        .executeTakeFirst();
      if (!row) throw notFound('No such app key.');
      return toInfo(row);
    }),
    bindOperation(bus, accountMore.keyDelete, async ({ id }, { principal, trace }) => {
      const result = await db.deleteFrom('app_keys').where('id', '=', id).where('user_id', '=', principal.userId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('No such app key.');
      logger.info({ ...trace, userId: principal.userId, appKeyId: id }, 'App key deleted');
      return null;
    }),
    bindOperation(bus, accountMore.keyAuthenticate, async ({ id, key }) => {
      const row = await db.selectFrom('app_keys').select(['id', 'user_id', 'key_hash', 'permissions']).where('id', '=', id).executeTakeFirst();
      const presented = hashKey(key);
      // Compare in constant time; an unknown id costs the same comparison against a dummy.
      const stored = row ? Buffer.from(row.key_hash, 'hex') : Buffer.alloc(32);
      const valid = timingSafeEqual(presented, stored) && row !== undefined;
      if (!valid || !row) return null;
      const profile = await refreshProfile(row.user_id);
      if (!profile) return null;
      await db.updateTable('app_keys').set({ last_access: new Date() }).where('id', '=', row.id).execute();
      return { profile, endpoints: row.permissions as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string][] };
    }),
  ]);
}
