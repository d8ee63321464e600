// The logged-in user's own settings and stored client values.
import { accountMore, AirwaveError, badRequest, conflict, forbidden, STORE_MAX_ENTRIES, STORE_VALUE_MAX_BYTES } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import { checkPasswordAgainstUsername, isUniqueViolation, type AccountContext } from './context';
import { hashPassword } from './passwords';

export async function readSettings(ctx: AccountContext, userId: number) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'email', 'display_name', 'language', 'theme', 'dyslexia_friendly_font', 'sidebar_display_left', 'created', 'last_access'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ...user, created: user.created.toISOString(), last_access: user.last_access?.toISOString() ?? null };
}

export function bindSelf(ctx: AccountContext) {
  const { db, bus, sessions, logger, mailer } = ctx;
  return Promise.all([
    bindOperation(bus, accountMore.settingsUpdate, async (input, { principal, trace }) => {
      const { password, password_again: _again, ...fields } = input;
      if (password !== undefined) {
        if (principal.via === 'appkey') throw forbidden('App keys may not change the password.');
        const weak = checkPasswordAgainstUsername(password, principal.username);
        if (weak) throw badRequest(`Invalid input: password: ${weak}`);
      }
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const passwordHash = password !== undefined ? await hashPassword(password) : undefined;
      if (Object.keys(changes).length > 0 || passwordHash) {
        try {
          await db
            .updateTable('users')
            .set({ ...changes, ...(passwordHash ? { password_hash: passwordHash } : {}) })
            .where('id', '=', principal.userId)
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict('That email address is already in use.');
          throw error;
        }
      }
      const settings = await readSettings(ctx, principal.userId);
      if (passwordHash) {
        // Every other session of the user ends; the one that changed the password stays.
        await sessions.destroyAllForUser(principal.userId, principal.sessionId);
        logger.info({ ...trace, userId: principal.userId }, 'Password changed; other sessions ended');
        if (settings.email) {
          mailer
            .send({
              to: settings.email,
              subject: 'Your Airwave password was changed',
              text: `The password of the Airwave account "${settings.username}" was just changed. If it was not you, ask an administrator to lock the account.\n`,
            }, trace)
            .catch((error: unknown) => logger.error({ ...trace, err: error }, 'Password change notice failed'));
        }
        return settings;
      }
      return settings;
    }),
    bindOperation(bus, accountMore.storeGet, async ({ name }, { principal }) => {
      const row = await db.selectFrom('store').select('value').where('user_id', '=', principal.userId).where('name', '=', name).executeTakeFirst();
      return row?.value ?? null;
    }),
    bindOperation(bus, accountMore.storeAll, async (_input, { principal }) => {
      const rows = await db.selectFrom('store').select(['name', 'value']).where('user_id', '=', principal.userId).orderBy('name').execute();
      return Object.fromEntries(rows.map((row) => [row.name, row.value]));
    }),
    bindOperation(bus, accountMore.storePut, async ({ name, value }, { principal }) => {
      if (Buffer.byteLength(value, 'utf8') > STORE_VALUE_MAX_BYTES) {
        throw new AirwaveError('payload_too_large', `A stored value may be at most ${STORE_VALUE_MAX_BYTES} bytes.`, { limit: STORE_VALUE_MAX_BYTES });
      }
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('store')
          .values({ user_id: principal.userId, name, value })
          .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ value }))
          .execute();
        const { n } = await trx
          .selectFrom('store')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', principal.userId)
          .executeTakeFirstOrThrow();
        if (Number(n) > STORE_MAX_ENTRIES) {
          throw new AirwaveError('payload_too_large', `An account may store at most ${STORE_MAX_ENTRIES} values.`, { limit: STORE_MAX_ENTRIES });
        }
      });
      return null;
    }),
  ]);
}
