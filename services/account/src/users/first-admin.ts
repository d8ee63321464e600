// The first start: an empty database gets the user `admin` in the Admin group.
import type { Logger } from '@airwave/logging';
import { sql } from 'kysely';
import { ADMIN_GROUP_ID, type AccountDB } from '../schema';
import { hashPassword } from '../shared/passwords';

/** On first start with no users, creates `admin` in the Admin group. */
export async function ensureAdmin(db: AccountDB, env: Record<string, string | undefined>, embedded: boolean, logger: Pick<Logger, 'warn' | 'info'>): Promise<void> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  let password = env.AIRWAVE_ADMIN_PASSWORD;
  if (!password) {
    if (!embedded) {
      throw new Error('AIRWAVE_ADMIN_PASSWORD must be set to create the first admin user on an empty database.');
    }
    password = 'admin';
    logger.warn({}, 'Created user "admin" with password "admin": change it now (or set AIRWAVE_ADMIN_PASSWORD before the first start).');
  }
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    // Another replica may be doing the same: the unique index on the username makes one win.
    const inserted = await trx
      .insertInto('users')
      .values({ username: 'admin', email: '', name: 'Administrator', display_name: 'Administrator', password_hash: passwordHash })
      .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      await trx.insertInto('user_groups').values({ user_id: inserted.id, group_id: ADMIN_GROUP_ID }).execute();
      logger.info({ userId: inserted.id }, 'Created the first admin user.');
    }
  });
}
