// The account service: users, groups, permissions, sessions, app keys, registration and recovery.
import { account, permissionsInternal, unauthenticated, type PrincipalProfile } from '@airwave/contracts';
import { optionalUrl, z } from '@airwave/config';
import { bindHealth, bindOperation, type ServiceDefinition } from '@airwave/service-kit';
import { sql } from 'kysely';
import { join } from 'node:path';
import { bindAppKeys } from './appkeys';
import { clientAddress, limit, type AccountContext } from './context';
import { createMailer } from './mailer';
import { accountMigrations } from './migrations';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { bindRecovery } from './recovery';
import { ADMIN_GROUP_ID, type AccountDB } from './schema';
import { bindSelf, readSettings } from './self';
import { bindUsersAdmin } from './users-admin';

export { accountMigrations } from './migrations';
export { hashPassword, verifyPassword } from './passwords';

const BAD_LOGIN = 'Invalid username or password.';

export const accountConfig = {
  SMTP_URL: optionalUrl(['smtp', 'smtps']).describe('SMTP server for outgoing mail, e.g. smtp://user:pass@mail:587 (unset: mail goes to DATA_DIR/outbox as .eml files).'),
  MAIL_FROM: z.string().min(3).default('Airwave <airwave@localhost>').describe('Sender of outgoing mail.'),
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:8080').describe('Public address of this server, used in links sent by mail.'),
  DATA_DIR: z.string().min(1).default('./data'),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(7 * 86400).default(3600).describe('Lifetime of a password reset link.'),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10_000).default(10).describe('Login attempts per username per 15 minutes before a lockout.'),
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100).describe('Login attempts per client address per 15 minutes.'),
};

export const accountService: ServiceDefinition = {
  name: 'account',
  schema: 'account',
  migrations: accountMigrations,
  async start({ db: anyDb, database, bus, sessions, logger, env, embedded, events }) {
    const db = anyDb as AccountDB;
    const config = z.object(accountConfig).parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));

    async function loadProfile(userId: number): Promise<PrincipalProfile | null> {
      const user = await db.selectFrom('users').select(['id', 'username', 'enabled']).where('id', '=', userId).executeTakeFirst();
      if (!user || !user.enabled) return null;
      const groupIds = (await db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute()).map(
        (row) => row.group_id,
      );
      const permissions = groupIds.includes(ADMIN_GROUP_ID)
        ? await db.selectFrom('permissions').select('name').orderBy('name').execute()
        : groupIds.length === 0
          ? []
          : // Only permissions still in the catalogue count (an uninstalled module's are gone).
            await db
              .selectFrom('group_permissions')
              .select('permission as name')
              .distinct()
              .where('group_id', 'in', groupIds)
              .where(sql<string>`split_part(permission, ':', 1)`, 'in', db.selectFrom('permissions').select('name'))
              .orderBy('permission')
              .execute();
      return { userId: user.id, username: user.username, groupIds, permissions: permissions.map((p) => p.name) };
    }

    /** Rebuilds the principal the gateway reads from the session store. */
    async function refreshProfile(userId: number): Promise<PrincipalProfile | null> {
      const profile = await loadProfile(userId);
      if (profile) await sessions.setProfile(profile);
      else await sessions.deleteProfile(userId);
      return profile;
    }

    /** After the catalogue changes, every cached principal is rebuilt (admins hold everything). */
    async function refreshAllProfiles(): Promise<void> {
      const ids = await db.selectFrom('users').select('id').execute();
      for (const { id } of ids) await refreshProfile(id);
    }

    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(config.DATA_DIR, 'outbox'), logger });
    const ctx: AccountContext = { db, bus, sessions, logger, mailer, config: { publicUrl: config.PUBLIC_URL, resetTtlMs: config.RESET_TOKEN_TTL_SECONDS * 1000 }, refreshProfile, events };

    await ensureAdmin(db, env, embedded, logger);

    const subscriptions = (
      await Promise.all([
        Promise.all([
          bindHealth(bus, 'account', database),
          bindOperation(bus, account.login, async ({ username, password }, { headers, trace }) => {
            const address = clientAddress(headers);
            const userBucket = `login-user:${username.toLowerCase()}`;
            await limit(sessions, `login-address:${address}`, config.LOGIN_MAX_ATTEMPTS_PER_ADDRESS, 900, 'Too many login attempts from this address; try again later.');
            await limit(sessions, userBucket, config.LOGIN_MAX_ATTEMPTS, 900, 'Too many login attempts for this account; try again later.');
            const user = await db
              .selectFrom('users')
              .select(['id', 'password_hash', 'enabled'])
              .where(sql<string>`lower(username)`, '=', username.toLowerCase())
              .executeTakeFirst();
            // Same work and the same answer for an unknown user, a disabled one and a wrong password.
            const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
            if (!user || !user.enabled || !user.password_hash || !valid) {
              logger.info({ ...trace, username, address }, 'Login failed');
              throw unauthenticated(BAD_LOGIN);
            }
            await sessions.clearHits(userBucket);
            await refreshProfile(user.id);
            const session = await sessions.create(user.id);
            await db.updateTable('users').set({ last_access: new Date() }).where('id', '=', user.id).execute();
            logger.info({ ...trace, userId: user.id, address }, 'Login succeeded');
            return { id: user.id, key: session.key, key_expiry: session.expiresAt };
          }),
          bindOperation(bus, account.logout, async (_input, { principal }) => {
            if (principal.sessionId) await sessions.destroyById(principal.sessionId);
            return null;
          }),
          bindOperation(bus, account.uid, (_input, { principal }) => ({ id: principal.userId, username: principal.username })),
          bindOperation(bus, account.permissions, (_input, { principal }) => principal.permissions),
          bindOperation(bus, account.groups, async (_input, { principal }) => {
            if (principal.groupIds.length === 0) return [];
            const rows = await db.selectFrom('groups').select('name').where('id', 'in', principal.groupIds).orderBy('id').execute();
            return rows.map((row) => row.name);
          }),
          bindOperation(bus, account.settingsGet, (_input, { principal }) => readSettings(ctx, principal.userId)),
          bindOperation(bus, account.principal, ({ userId }) => refreshProfile(userId)),
          bindOperation(bus, permissionsInternal.register, async ({ module, permissions }) => {
            if (permissions.length) {
              await db
                .insertInto('permissions')
                .values(permissions.map((p) => ({ name: p.name, category: `module:${module}`, description: p.description })))
                .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ description: eb.ref('excluded.description'), category: eb.ref('excluded.category') })))
                .execute();
            }
            await refreshAllProfiles();
            return null;
          }),
          bindOperation(bus, permissionsInternal.unregister, async ({ module }) => {
            await db.deleteFrom('permissions').where('category', '=', `module:${module}`).execute();
            await refreshAllProfiles();
            return null;
          }),
        ]),
        bindSelf(ctx),
        bindAppKeys(ctx),
        bindRecovery(ctx),
        bindUsersAdmin(ctx),
      ])
    ).flat();

    return {
      async stop() {
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
        mailer.close();
      },
    };
  },
};

/** On first start with no users, creates `admin` in the Admin group. */
async function ensureAdmin(
  db: AccountDB,
  env: Record<string, string | undefined>,
  embedded: boolean,
  logger: { warn(o: object, m: string): void; info(o: object, m: string): void },
): Promise<void> {
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
