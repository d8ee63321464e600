// The account service: users, groups, permissions and sessions of the logged-in user.
import { account, conflict, unauthenticated, badRequest, users, type PrincipalProfile } from '@airwave/contracts';
import { bindHealth, bindOperation, type ServiceDefinition } from '@airwave/service-kit';
import { sql } from 'kysely';
import { accountMigrations } from './migrations';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { ADMIN_GROUP_ID, type AccountDB } from './schema';

export { accountMigrations } from './migrations';
export { hashPassword, verifyPassword } from './passwords';

const BAD_LOGIN = 'Invalid username or password.';

export const accountService: ServiceDefinition = {
  name: 'account',
  schema: 'account',
  migrations: accountMigrations,
  async start({ db: anyDb, database, bus, sessions, logger, env, embedded }) {
    const db = anyDb as AccountDB;

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
          : await db
              .selectFrom('group_permissions')
              .select('permission as name')
              .distinct()
              .where('group_id', 'in', groupIds)
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

    await ensureAdmin(db, env, embedded, logger);

    const subscriptions = await Promise.all([
      bindHealth(bus, 'account', database),
      bindOperation(bus, account.login, async ({ username, password }) => {
        const user = await db
          .selectFrom('users')
          .select(['id', 'password_hash', 'enabled'])
          .where(sql<string>`lower(username)`, '=', username.toLowerCase())
          .executeTakeFirst();
        // Same work and the same answer for an unknown user, a disabled one and a wrong password.
        const valid = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
        if (!user || !user.enabled || !user.password_hash || !valid) throw unauthenticated(BAD_LOGIN);
        await refreshProfile(user.id);
        const session = await sessions.create(user.id);
        await db.updateTable('users').set({ last_access: new Date() }).where('id', '=', user.id).execute();
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
      bindOperation(bus, account.settingsGet, async (_input, { principal }) => {
        const user = await db
          .selectFrom('users')
          .select([
            'id',
            'username',
            'name',
            'email',
            'display_name',
            'language',
            'theme',
            'dyslexia_friendly_font',
            'sidebar_display_left',
            'created',
            'last_access',
          ])
          .where('id', '=', principal.userId)
          .executeTakeFirstOrThrow();
        return { ...user, created: user.created.toISOString(), last_access: user.last_access?.toISOString() ?? null };
      }),
      bindOperation(bus, account.principal, ({ userId }) => refreshProfile(userId)),
      bindOperation(bus, users.create, async (input) => {
        const groups = await db.selectFrom('groups').select('id').where('id', 'in', input.group_ids.length ? input.group_ids : [0]).execute();
        if (groups.length !== new Set(input.group_ids).size) throw badRequest('Invalid input: group_ids: unknown group.');
        const passwordHash = await hashPassword(input.password);
        try {
          return await db.transaction().execute(async (trx) => {
            const user = await trx
              .insertInto('users')
              .values({
                username: input.username,
                email: input.email,
                name: input.name,
                display_name: input.display_name ?? input.name,
                password_hash: passwordHash,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (input.group_ids.length) {
              await trx
                .insertInto('user_groups')
                .values([...new Set(input.group_ids)].map((group_id) => ({ user_id: user.id, group_id })))
                .execute();
            }
            return { id: user.id };
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict('That username or email is already taken.');
          throw error;
        }
      }),
      bindOperation(bus, users.groupCreate, async (input) => {
        const permissions = [...new Set(input.permissions)];
        await assertKnownPermissions(db, permissions);
        try {
          return await db.transaction().execute(async (trx) => {
            const group = await trx
              .insertInto('groups')
              .values({ name: input.name, description: input.description })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (permissions.length) {
              await trx
                .insertInto('group_permissions')
                .values(permissions.map((permission) => ({ group_id: group.id, permission })))
                .execute();
            }
            return { id: group.id };
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict('A group with that name already exists.');
          throw error;
        }
      }),
    ]);

    return {
      async stop() {
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
      },
    };
  },
};

/** Every permission's base name (before `:<id>`) must be in the catalogue. */
async function assertKnownPermissions(db: AccountDB, permissions: string[]): Promise<void> {
  if (permissions.length === 0) return;
  const bases = [...new Set(permissions.map((p) => p.split(':')[0]!))];
  const known = new Set((await db.selectFrom('permissions').select('name').where('name', 'in', bases).execute()).map((r) => r.name));
  const unknown = bases.filter((b) => !known.has(b));
  if (unknown.length) throw badRequest(`Invalid input: permissions: unknown permission ${unknown.join(', ')}.`, { unknown });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

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
